// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../../kit/define-element.js';
import { NewTreasuryDoc } from './new-doc.js';

/**
 * `<associa-new-treasury-doc doc-path="/tesoouraria/:id" new-payment-path="/quotas/pagamentos/novo"
 * multiple-path="/tesouraria/multiplos">`: for staff, a new treasury document: a donation (the
 * donations' form; once saved, its receipt's page opens) or a receipt: the ways to record a
 * payment or issue the missing receipts, and a manual receipt (POST treasury_docs/manual) to a
 * member or a named payer, with one or more lines, whose number and link show once issued.
 */
export const NewTreasuryDocElement = defineElement('associa-new-treasury-doc', NewTreasuryDoc, {
  attributes: { docPath: 'string', newPaymentPath: 'string', multiplePath: 'string' },
});
