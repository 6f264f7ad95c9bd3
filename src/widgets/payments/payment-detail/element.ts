// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../../kit/define-element.js';
import { PaymentDetail } from './payment-detail.js';

/**
 * `<associa-payment-detail payment-id="12" statement-path="/quotas/dividas/:memberId"
 * receipt-path="/tesoouraria/:id" member-path="/socios/:id">`: for staff, a payment read as text:
 * the member (linked through `member-path`), day, amount, method, reference, what went to debts,
 * the credit left, who recorded it and whether it stands (annulled: when and why); the debts it
 * paid (description, period, due day) and how much went to each; its receipt (link and PDF) or
 * that it has none; a link to the member's statement; and *Anular pagamento* with a required
 * reason (and, ticked, its receipt too: POST payments/{id}/annul).
 */
export const PaymentDetailElement = defineElement('associa-payment-detail', PaymentDetail, {
  attributes: { paymentId: 'string', statementPath: 'string', receiptPath: 'string', memberPath: 'string' },
});
