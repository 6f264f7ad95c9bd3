// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../../kit/define-element.js';
import { PaymentRecorded } from './recorded-notice.js';

/**
 * `<associa-payment-recorded payment-id="12" receipt-path="/tesoouraria/:id">`: on a payment's
 * page opened by `<associa-new-payment>` right after recording it (the history entry says so),
 * "Pagamento de 51,00 € registado. Foi emitido o recibo R 2026/42." with the receipt's link and
 * PDF. Nothing on any other visit.
 */
export const PaymentRecordedElement = defineElement('associa-payment-recorded', PaymentRecorded, { attributes: { paymentId: 'string', receiptPath: 'string' } });
