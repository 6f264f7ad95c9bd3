// The answer of the record-payment action and the event the element sends with it. The
// records themselves are the API's (src/core/records.ts, inferred from the definitions).
import type { Payment, PaymentRecorded } from '../../core/index.js';

/** POST payments/record: what was recorded, how it was spread over the debts, and its receipt (null: none issued). */
export type RecordedPayment = Omit<PaymentRecorded<Payment>, 'receipt'> & { receipt?: PaymentRecorded['receipt'] };

declare module '../kit/events.js' {
  interface AssociaEventMap {
    /** A payment was recorded for the element's member; detail is the payment as the server saved it. */
    'associa-payment-recorded': Payment;
  }
}
