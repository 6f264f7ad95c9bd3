import styled from 'styled-components';
import { LIST_ALL, type Core, type Payment } from '../../core/index.js';
import { EmptyState, ErrorState, Loading, useQuery } from '../kit/index.js';
import { DataTable, TableBox } from '../feature-kit/data-table.js';
import { formatDay, LEDGER_RESOURCES, PaymentDebts } from '../payment-debts/index.js';
import { methodLabel } from '../shared/payment-methods.js';
import { formatMoney } from '../shared/money.js';
import { useCore } from '../feature-kit/use-core.js';
import { HomeBlock, HomeSection } from './section.js';
import { MEMBER_HOME_TEXTS } from './texts.js';

const T = MEMBER_HOME_TEXTS.dues;

const Table = styled(DataTable)`
  & [data-amount] {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

function usePayments(core: Core, memberId: number) {
  return useQuery<Payment[]>(core.queries, {
    path: `members/${encodeURIComponent(String(memberId))}/payments`,
    params: { _page: 1, _limit: LIST_ALL, _sort: '-date' },
    resources: LEDGER_RESOURCES,
  });
}

/** The member's payments, newest first; annulled ones say so. */
function OwnPayments({ memberId }: { memberId: number }) {
  const core = useCore();
  const view = usePayments(core, memberId);
  if (view.status === 'failed' || view.status === 'notFound') return <ErrorState message={T.paymentsFailed} onRetry={view.refresh} />;
  if (!view.data) return <Loading />;
  if (view.data.length === 0) return <EmptyState message={T.noPayments} />;
  return (
    <TableBox>
      <Table>
        <caption hidden>{T.payments}</caption>
        <thead>
          <tr>
            <th scope="col">{T.date}</th>
            <th scope="col">{T.method}</th>
            <th scope="col">{T.reference}</th>
            <th scope="col" data-amount>
              {T.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {view.data.map((payment) => (
            <tr key={payment._id} data-id={payment._id}>
              <td>{formatDay(payment.date)}</td>
              <td>
                {methodLabel(payment.method)}
                {payment.annulled_at && ` (${T.annulled})`}
              </td>
              <td>{payment.reference ?? ''}</td>
              <td data-amount>{formatMoney(payment.amount ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableBox>
  );
}

/** On the member's home: what they owe (the payment-debts element's component, member mode) and what they paid. */
export function OwnDues({ memberId }: { memberId: number }) {
  return (
    <>
      <HomeBlock data-own="debts">
        <PaymentDebts memberId={String(memberId)} />
      </HomeBlock>
      <HomeSection id="payments" title={T.payments}>
        <OwnPayments memberId={memberId} />
      </HomeSection>
    </>
  );
}
