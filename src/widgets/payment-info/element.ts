import { defineElement } from '../kit/index.js';
import { PaymentInfo } from './payment-info.js';

/**
 * `<associa-payment-info token="…" api="…">`: the public payment-information page of a
 * payment link, without login. Shows the association, the member's first name and open debts,
 * lets them tick what to pay and get a Multibanco reference (copyable) or an MB WAY request,
 * and follows the request's state until it is paid.
 */
export const PaymentInfoElement = defineElement('associa-payment-info', PaymentInfo, { attributes: { token: 'string' } });
