import { useState } from 'react';
import styled from 'styled-components';
import { LIST_ALL, RESOURCE, type Payment, type PaymentAllocation, type PaymentReceipt, type UnsettledPayment } from '../../../core/index.js';
import { EmptyState, ErrorState, Loading, space, useQuery, useRecord, useSignalValue } from '../../kit/index.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { AlsoAnnul, ReasonAction } from '../../feature-kit/reason-action.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { debtsQuery, LEDGER_RESOURCES } from '../../../core/modules/payments.js';
import { formatDay, periodText } from '../../shared/format.js';
import { formatMoney } from '../../shared/money.js';
import { PaymentReceiptPart, usePaymentReceipt } from '../payment-receipt.js';
import { PAYMENTS_TEXTS as T } from '../texts.js';
import { DETAIL_TEXTS } from './detail-texts.js';
import { PaymentFacts } from './payment-facts.js';

const DOCS = RESOURCE.treasuryDocs;

const Section = styled.section`
  h3 {
    margin: ${space(3)} 0 ${space(1.5)};
    font-size: 1.05rem;
  }
`;

const Amount = styled.td`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  text-align: right;
`;

const AmountHead = styled.th`
  text-align: right;
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
            <th scope="col">{DETAIL_TEXTS.period}</th>
            <th scope="col">{T.dueDate}</th>
            <AmountHead scope="col">{T.amount}</AmountHead>
          </tr>
        </thead>
        <tbody>
          {allocations.data.map((allocation) => {
            const debt = allocation.debt === null ? undefined : byId.get(allocation.debt);
            return (
              <tr key={allocation._id} data-debt={allocation.debt}>
                <td>{debt?.description ?? T.debt}</td>
                <td>{debt ? periodText(debt) : ''}</td>
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
  /** A member's page, its ':id' left in (`/socios/:id`): the payer's. */
  memberPath?: string;
}

/** The payment read as text, what it paid, its receipt, a link to the member's statement, and its annulment (with its receipt). */
export function PaymentDetail({ paymentId, statementPath, receiptPath, memberPath }: PaymentDetailProps) {
  const core = useCore();
  const view = useRecord<Payment>(core.queries, 'payments', paymentId || null);
  const payment = view.record;
  const receipt = usePaymentReceipt(payment?.member ?? null, Number(paymentId));
  const treasury = useSignalValue(core.settings.hasTreasury);
  if (!paymentId || !payment) return null;
  return (
    <Section aria-labelledby="payment-title" data-payment={payment._id} data-annulled={payment.annulled_at ? 'true' : 'false'}>
      <PaymentFacts payment={payment} memberPath={memberPath} />
      {!payment.annulled_at && (payment.credit ?? 0) > 0 && (
        <Notice tone="info">
          <p>{T.creditLeft(formatMoney(payment.credit ?? 0))}</p>
        </Notice>
      )}
      <h3 id="allocations-title">{T.allocations}</h3>
      <Allocations paymentId={paymentId} memberId={payment.member} />
      {receipt !== undefined && (receipt !== null || treasury) && <h3>{DETAIL_TEXTS.receipt}</h3>}
      <PaymentReceiptPart receipt={receipt} receiptPath={receiptPath} />
      <Actions>
        {payment.member !== null && statementPath && (
          <NavLink path={pathWith(statementPath, { memberId: payment.member, id: payment.member })}>{T.statementLink}</NavLink>
        )}
        {!payment.annulled_at && receipt !== undefined && <AnnulPayment paymentId={paymentId} receipt={receipt} />}
      </Actions>
    </Section>
  );
}
