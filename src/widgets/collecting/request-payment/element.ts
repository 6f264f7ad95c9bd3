import { defineElement } from '../../kit/index.js';
import { RequestPayment } from './request-payment.js';

/**
 * `<associa-request-payment member-id="42">`: for staff, "Pedir pagamento" on a member's
 * statement: tick open debts and get a Multibanco reference for them, or send an MB WAY request
 * to the member's mobile, by the methods the association takes; an MB WAY request's state
 * follows live ("Pago" once accepted). Shows nothing where the server offers no payment requests.
 */
export const RequestPaymentElement = defineElement('associa-request-payment', RequestPayment, { attributes: { memberId: 'string' } });
