import type { Payment } from '../../../core/index.js';
import { useRecord } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatMoney } from '../../shared/money.js';
import { justRecorded, usePaymentReceipt } from '../payment-receipt.js';
import { ReceiptLinks } from '../receipt-links.js';
import { PAYMENTS_TEXTS as T } from '../texts.js';

export interface PaymentRecordedProps {
  paymentId?: string;
  /** A receipt's page, its ':id' left in (`/tesoouraria/:id`). */
  receiptPath?: string;
}

/** Above the payment's page right after the new payment element recorded it: what was recorded and its receipt. */
export function PaymentRecorded({ paymentId, receiptPath }: PaymentRecordedProps) {
  const core = useCore();
  const id = Number(paymentId);
  const payment = useRecord<Payment>(core.queries, 'payments', paymentId || null).record;
  const receipt = usePaymentReceipt(payment?.member ?? null, id);
  if (!paymentId || !payment || receipt === undefined || !justRecorded(id)) return null;
  return (
    <Notice tone="success">
      <p data-recorded-notice>
        {T.recorded(formatMoney(payment.amount ?? 0))} {receipt && T.recordedReceipt(receipt.number)}
      </p>
      {receipt && <ReceiptLinks receipt={receipt} receiptPath={receiptPath} />}
    </Notice>
  );
}
