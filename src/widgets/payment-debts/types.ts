// The answer of the record-payment action and the event the element sends with it. The
// records themselves are the API's (src/core/records.ts, inferred from the definitions).
import type { Payment } from '../../core/index.js';

/** POST payments/record: what was recorded and how it was spread over the debts. */
export interface RecordedPayment {
  payment: Payment;
  allocations: { debt: number; amount: number }[];
  credit: number;
}

declare module '../kit/events.js' {
  interface AssociaEventMap {
    /** A payment was recorded for the element's member; detail is the payment as the server saved it. */
    'associa-payment-recorded': Payment;
  }
}
