import { defineElement } from '../../kit/define-element.js';
import { MemberPayments } from './member-payments.js';

/**
 * `<associa-member-payments member-id="42" payment-path="/pagamentos/:id" receipt-path="/tesouraria/:id">`:
 * for staff, a member's latest payments, newest first: date (a link to the payment's page),
 * method, amount in euros, and its receipt (a link to the document's page and its PDF as
 * issued), annulled ones marked. Read again whenever a payment or a receipt changes.
 */
export const MemberPaymentsElement = defineElement('associa-member-payments', MemberPayments, {
  attributes: { memberId: 'string', paymentPath: 'string', receiptPath: 'string' },
});
