// A payment's receipt on the payment's page: read from its member's statement (the line of this
// payment carries it), shown below the payment, and in the message after recording it.
import type { Payment, PaymentReceipt } from '../../../core/index.js';
import { useRecord } from '../../../widgets/kit/index.js';
import { Notice } from '../../../widgets/feature-kit/layout.js';
import { formatMoney } from '../../../widgets/shared/money.js';
import { useHost, useValue } from '../../context.js';
import { useStatement } from './queries.js';
import { ReceiptLinks } from './receipt-links.js';
import { PAYMENTS_TEXTS as T } from './texts.js';

/** The history state the new payment page leaves on the payment it opens: this payment was just recorded. */
const RECORDED_STATE = 'associaRecordedPayment';

export const recordedState = (paymentId: number): Record<string, number> => ({ [RECORDED_STATE]: paymentId });

function justRecorded(paymentId: number): boolean {
  const state: unknown = window.history.state;
  return state !== null && typeof state === 'object' && (state as Record<string, unknown>)[RECORDED_STATE] === paymentId;
}

/** The payment's receipt once the statement is read: undefined while loading, null when it has none. */
export function usePaymentReceipt(memberId: number | null, paymentId: number): PaymentReceipt | null | undefined {
  const { core } = useHost();
  const statement = useStatement(core, memberId);
  // Unreadable: the payment's page goes on without it.
  if (statement.status === 'failed' || statement.status === 'notFound') return null;
  if (!statement.data) return undefined;
  const line = statement.data.lines.find((l) => l.kind === 'payment' && l.id === paymentId);
  return line?.receipt ?? null;
}

/** Below the payment: its receipt's number, page and PDF, or that it has none (while the treasury is on). */
export function PaymentReceiptPart({ receipt }: { receipt: PaymentReceipt | null | undefined }) {
  const treasury = useValue(useHost().core.settings.hasTreasury);
  if (receipt === undefined || (receipt === null && !treasury)) return null;
  return <p data-payment-receipt>{receipt ? <ReceiptLinks receipt={receipt} /> : T.noReceipt}</p>;
}

/** Above the payment's page right after the new payment page recorded it: what was recorded and its receipt. */
export function RecordedNotice({ paymentId }: { paymentId: string }) {
  const { core } = useHost();
  const id = Number(paymentId);
  const payment = useRecord<Payment>(core.queries, 'payments', paymentId).record;
  const receipt = usePaymentReceipt(payment?.member ?? null, id);
  if (!payment || receipt === undefined || !justRecorded(id)) return null;
  return (
    <Notice tone="success">
      <p data-recorded-notice>
        {T.recorded(formatMoney(payment.amount ?? 0))} {receipt && T.recordedReceipt(receipt.number)}
      </p>
      {receipt && <ReceiptLinks receipt={receipt} />}
    </Notice>
  );
}
