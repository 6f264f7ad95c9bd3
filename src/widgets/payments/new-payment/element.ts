// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../../kit/define-element.js';
import { NewPayment } from './new-payment.js';

/**
 * `<associa-new-payment payment-path="/pagamentos/:id">`: for staff, a new payment: find the
 * member by name or number, then their debts in `<associa-payment-debts>` to tick and record.
 * Once recorded, it asks the page to open `payment-path` with the payment's id (an
 * `associa-navigate` event whose history state marks the payment as just recorded, which
 * `<associa-payment-recorded>` reads). The debts element's `associa-payment-recorded` event
 * bubbles out as well.
 */
export const NewPaymentElement = defineElement('associa-new-payment', NewPayment, { attributes: { paymentPath: 'string' } });
