import { useState } from 'react';
import styled from 'styled-components';
import { LIST_ALL, RESOURCE, type Payment, type PaymentAllocation, type PaymentReceipt, type UnsettledPayment } from '../../../core/index.js';
import { EmptyState, ErrorState, Loading, space, useQuery, useRecord } from '../../kit/index.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { AlsoAnnul, ReasonAction } from '../../feature-kit/reason-action.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { debtsQuery, formatDay, LEDGER_RESOURCES, periodText } from '../../payment-debts/index.js';
import { formatMoney } from '../../shared/money.js';
import { PaymentReceiptPart, usePaymentReceipt } from '../payment-receipt.js';
import { PAYMENTS_TEXTS as T } from '../texts.js';

const DOCS = RESOURCE.treasuryDocs;

const Section = styled.section`
  h2 {
    margin: 0 0 ${space(1.5)};
    font-size: 1.15rem;
  }
`;

const Amount = styled.td`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1.5)};
  align-items: center;
  margin-top: ${space(2)};
`;

/** The debts a payment settled, each with the amount it put there. */
function Allocations({ paymentId, memberId }: { paymentId: string; memberId: number | null }) {
  const core = useCore();
  const allocations = useQuery<PaymentAllocation[]>(core.queries, {
    path: `payments/${encodeURIComponent(paymentId)}/payment_allocations`,
    params: { _page: 1, _limit: LIST_ALL },
    resources: LEDGER_RESOURCES,
  });
  const debts = useQuery<UnsettledPayment[]>(core.queries, memberId === null ? null : debtsQuery(String(memberId)));
  const byId = new Map((debts.data ?? []).map((debt) => [debt._id, debt]));
  if (allocations.status === 'failed' || allocations.status === 'notFound') return <ErrorState message={T.allocationsFailed} onRetry={allocations.refresh} />;
  if (!allocations.data) return <Loading />;
  if (allocations.data.length === 0) return <EmptyState message={T.noAllocations} />;
  return (
    <TableBox>
      <DataTable>
        <caption hidden>{T.allocations}</caption>
        <thead>
          <tr>
            <th scope="col">{T.debt}</th>
            <th scope="col">{T.dueDate}</th>
            <th scope="col">{T.amount}</th>
          </tr>
        </thead>
        <tbody>
          {allocations.data.map((allocation) => {
            const debt = allocation.debt === null ? undefined : byId.get(allocation.debt);
            return (
              <tr key={allocation._id} data-debt={allocation.debt}>
                <td>{debt ? (debt.description ?? periodText(debt)) : `#${allocation.debt}`}</td>
                <td>{debt ? formatDay(debt.due_date) : ''}</td>
                <Amount>{formatMoney(allocation.amount ?? 0)}</Amount>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
    </TableBox>
  );
}

const ANNUL_TEXTS = { action: T.annul, title: T.annulTitle, body: T.annulBody, reason: T.reason, reasonRequired: T.reasonRequired };

/**
 * "Anular pagamento" with its required reason, asked in a dialog; a payment whose receipt stands
 * offers to annul the receipt too (checked: a valid receipt for money not received misleads).
 */
function AnnulPayment({ paymentId, receipt }: { paymentId: string; receipt: PaymentReceipt | null }) {
  const core = useCore();
  const [withReceipt, setWithReceipt] = useState(true);
  const offered = receipt !== null && receipt.annulledBy === null;
  const extra = offered ? (
    <AlsoAnnul name="annul_receipt" checked={withReceipt} onChange={setWithReceipt}>
      {T.annulWithReceipt(receipt.number)}
    </AlsoAnnul>
  ) : null;
  const run = (reason: string) =>
    core.queries.action(`payments/${encodeURIComponent(paymentId)}/annul`, { reason, ...(offered && withReceipt ? { annul_receipt: true } : {}) }, { invalidates: [...LEDGER_RESOURCES, DOCS] });
  return <ReasonAction texts={ANNUL_TEXTS} run={run} extra={extra} />;
}

export interface PaymentDetailProps {
  paymentId?: string;
  /** The member's statement, its member parameter left in (`/quotas/dividas/:memberId`). */
  statementPath?: string;
  /** A receipt's page, its ':id' left in (`/tesoouraria/:id`). */
  receiptPath?: string;
}

/** Below the payment's form: what it paid, its receipt, a link to the member's statement, and its annulment (with its receipt). */
export function PaymentDetail({ paymentId, statementPath, receiptPath }: PaymentDetailProps) {
  const core = useCore();
  const view = useRecord<Payment>(core.queries, 'payments', paymentId || null);
  const payment = view.record;
  const receipt = usePaymentReceipt(payment?.member ?? null, Number(paymentId));
  if (!paymentId || !payment) return null;
  return (
    <Section aria-labelledby="allocations-title" data-payment={payment._id}>
      <h2 id="allocations-title">{T.allocations}</h2>
      <Allocations paymentId={paymentId} memberId={payment.member} />
      <PaymentReceiptPart receipt={receipt} receiptPath={receiptPath} />
      {!payment.annulled_at && (payment.credit ?? 0) > 0 && (
        <Notice tone="info">
          <p>{T.creditLeft(formatMoney(payment.credit ?? 0))}</p>
        </Notice>
      )}
      {payment.annulled_at && (
        <Notice tone="warning">
          <p>{T.annulled(formatDay(payment.annulled_at.slice(0, 10)), payment.annul_reason ?? '')}</p>
        </Notice>
      )}
      <Actions>
        {payment.member !== null && statementPath && (
          <NavLink path={pathWith(statementPath, { memberId: payment.member, id: payment.member })}>{T.statementLink}</NavLink>
        )}
        {!payment.annulled_at && receipt !== undefined && <AnnulPayment paymentId={paymentId} receipt={receipt} />}
      </Actions>
    </Section>
  );
}
