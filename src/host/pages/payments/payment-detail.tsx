import { useState } from 'react';
import styled from 'styled-components';
import { LIST_ALL, RESOURCE, type Payment, type PaymentAllocation, type PaymentReceipt, type UnsettledPayment } from '../../../core/index.js';
import { EmptyState, ErrorState, Loading, space, useQuery, useRecord } from '../../../widgets/kit/index.js';
import { DataTable, TableBox } from '../../../widgets/feature-kit/data-table.js';
import { Notice } from '../../../widgets/feature-kit/layout.js';
import { formatDay, periodText } from '../../../widgets/payment-debts/ledger.js';
import { debtsQuery, LEDGER_RESOURCES } from '../../../widgets/payment-debts/use-member-debts.js';
import { formatMoney } from '../../../widgets/shared/money.js';
import { useHost } from '../../context.js';
import { pathOf, type RouteDef } from '../../routes.js';
import { Panel, SecondaryRouteLink } from '../../shell/styles.js';
import { AlsoAnnul, ReasonAction } from '../reason-action.js';
import { PaymentReceiptPart, usePaymentReceipt } from './payment-receipt.js';
import { PAYMENTS_TEXTS as T } from './texts.js';

const DOCS = RESOURCE.treasuryDocs;

const Section = styled.section`
  margin-top: ${space(3)};
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
  const { core } = useHost();
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
  const { core } = useHost();
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

/** Below the payment's form: what it paid, its receipt, a link to the member's statement, and its annulment (with its receipt). */
export function PaymentDetail({ paymentId, routes }: { paymentId: string; routes: readonly RouteDef[] }) {
  const { core } = useHost();
  const view = useRecord<Payment>(core.queries, 'payments', paymentId);
  const payment = view.record;
  const receipt = usePaymentReceipt(payment?.member ?? null, Number(paymentId));
  if (!payment) return null;
  return (
    <Section aria-labelledby="allocations-title" data-payment={payment._id}>
      <Panel>
        <h2 id="allocations-title">{T.allocations}</h2>
        <Allocations paymentId={paymentId} memberId={payment.member} />
        <PaymentReceiptPart receipt={receipt} />
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
          {payment.member !== null && <SecondaryRouteLink href={pathOf(routes, 'unpaidByMember', { memberId: payment.member })}>{T.statementLink}</SecondaryRouteLink>}
          {!payment.annulled_at && receipt !== undefined && <AnnulPayment paymentId={paymentId} receipt={receipt} />}
        </Actions>
      </Panel>
    </Section>
  );
}
