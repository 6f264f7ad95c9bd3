// A payment's receipt on the payment's page: read from its member's statement (the line of this
// payment carries it), shown below the payment, and in the message after recording it.
import type { PaymentReceipt } from '../../core/index.js';
import { useSignalValue } from '../kit/index.js';
import { useCore } from '../feature-kit/use-core.js';
import { useStatement } from './queries.js';
import { ReceiptLinks } from './receipt-links.js';
import { PAYMENTS_TEXTS as T } from './texts.js';

/**
 * The history state the new payment element leaves on the payment page it opens: this payment
 * was just recorded (so the page says so; a later visit to it does not).
 */
const RECORDED_STATE = 'associaRecordedPayment';

export const recordedState = (paymentId: number): Record<string, number> => ({ [RECORDED_STATE]: paymentId });

export function justRecorded(paymentId: number): boolean {
  const state: unknown = window.history.state;
  return state !== null && typeof state === 'object' && (state as Record<string, unknown>)[RECORDED_STATE] === paymentId;
}

/** The payment's receipt once the statement is read: undefined while loading, null when it has none. */
export function usePaymentReceipt(memberId: number | null, paymentId: number): PaymentReceipt | null | undefined {
  const core = useCore();
  const statement = useStatement(core, memberId);
  // Unreadable: the payment's page goes on without it.
  if (statement.status === 'failed' || statement.status === 'notFound') return null;
  if (!statement.data) return undefined;
  const line = statement.data.lines.find((l) => l.kind === 'payment' && l.id === paymentId);
  return line?.receipt ?? null;
}

/** Below the payment: its receipt's number, page and PDF, or that it has none (while the treasury is on). */
export function PaymentReceiptPart({ receipt, receiptPath }: { receipt: PaymentReceipt | null | undefined; receiptPath?: string }) {
  const treasury = useSignalValue(useCore().settings.hasTreasury);
  if (receipt === undefined || (receipt === null && !treasury)) return null;
  return <p data-payment-receipt>{receipt ? <ReceiptLinks receipt={receipt} receiptPath={receiptPath} /> : T.noReceipt}</p>;
}
