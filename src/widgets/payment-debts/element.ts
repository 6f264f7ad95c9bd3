import { defineElement } from '../kit/index.js';
import { PaymentDebts } from './payment-debts.js';

/**
 * `<associa-payment-debts member-id="42" api="…">`: a member's open debts (description,
 * period, due date, open amount), a selection and its total. Staff (admin, editor) record a
 * payment for the selected debts (none selected: the oldest first); a member sees only their
 * own debts, and without `member-id` the element shows the logged-in member's, with *Pagar* on
 * the selected ones (Multibanco, MB WAY or bank transfer, as the association takes them).
 *
 * Events out: `associa-payment-recorded` with the payment as the server saved it.
 */
export const PaymentDebtsElement = defineElement('associa-payment-debts', PaymentDebts, { attributes: { memberId: 'string' } });
