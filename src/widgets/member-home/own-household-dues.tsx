import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button, EmptyState, ErrorState, space, token, useQuery } from '../kit/index.js';
import { Notice } from '../feature-kit/layout.js';
import { DataTable, TableBox } from '../feature-kit/data-table.js';
import { useCore } from '../feature-kit/use-core.js';
import { formatDay, LEDGER_RESOURCES } from '../payment-debts/index.js';
import { formatMoney } from '../shared/money.js';
import { HouseholdPayment } from './household-payment.js';
import { HOUSEHOLD_DUES_TEXTS as T } from './household-texts.js';
import { HomeSection, SectionLead } from './section.js';

/** A household's owing debt as its payer reads it (GET /api/own/household_debts). */
interface HouseholdDebt {
  id: number;
  member: { id: number; name: string; number: number | null };
  description: string;
  due_date: string;
  open_amount: number;
  owed: boolean;
}

interface PayerHousehold {
  id: number;
  name: string;
  debts: HouseholdDebt[];
  total: number;
}

// A payment of the household moves other members' debts too: the payer's own request changing says so.
const RESOURCES = [...LEDGER_RESOURCES, 'payment_requests'];

const Table = styled(DataTable)`
  & [data-amount] {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

const Upcoming = styled.span`
  display: block;
  font-size: 0.85em;
  color: ${token('color-text-muted')};
`;

const Actions = styled.div`
  margin-top: ${space(1.5)};
`;

const sum = (debts: readonly HouseholdDebt[], chosen: ReadonlySet<number>) => debts.filter((d) => chosen.has(d.id)).reduce((total, d) => total + d.open_amount, 0);

/** One household's owing debts, each with its member; the payer ticks some and asks one reference for them. */
function HouseholdDues({ household }: { household: PayerHousehold }) {
  const { debts } = household;
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [paying, setPaying] = useState<{ debts: number[]; amount: number } | null>(null);
  const [hint, setHint] = useState(false);
  // Debts settled meanwhile leave the selection.
  useEffect(() => {
    setSelected((current) => {
      const kept = new Set(debts.filter((d) => current.has(d.id)).map((d) => d.id));
      return kept.size === current.size ? current : kept;
    });
  }, [debts]);

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const count = debts.filter((d) => selected.has(d.id)).length;

  return (
    <HomeSection id={`household-${household.id}`} title={T.title(household.name)}>
      <SectionLead>{T.lead}</SectionLead>
      {debts.length === 0 ? (
        <EmptyState message={T.empty} />
      ) : (
        <TableBox>
          <Table>
            <caption hidden>{T.title(household.name)}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label={T.selectAll(household.name)}
                    checked={count > 0 && count === debts.length}
                    onChange={(e) => setSelected(e.target.checked ? new Set(debts.map((d) => d.id)) : new Set())}
                  />
                </th>
                <th scope="col">{T.columns.member}</th>
                <th scope="col">{T.columns.description}</th>
                <th scope="col">{T.columns.dueDate}</th>
                <th scope="col" data-amount>
                  {T.columns.open}
                </th>
              </tr>
            </thead>
            <tbody>
              {debts.map((debt) => {
                const member = T.memberOf(debt.member.name, debt.member.number);
                return (
                  <tr key={debt.id} data-id={debt.id} data-member={debt.member.id}>
                    <td>
                      <input type="checkbox" aria-label={T.selectOne(debt.description, debt.member.name)} checked={selected.has(debt.id)} onChange={(e) => toggle(debt.id, e.target.checked)} />
                    </td>
                    <td>{member}</td>
                    <td>
                      {debt.description}
                      {!debt.owed && <Upcoming>{T.upcoming(formatDay(debt.due_date))}</Upcoming>}
                    </td>
                    <td>{formatDay(debt.due_date)}</td>
                    <td data-amount>{formatMoney(debt.open_amount)}</td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr data-total="selected">
                <td />
                <th scope="row" colSpan={3}>
                  {T.selectedTotal(count)}
                </th>
                <td data-amount>{formatMoney(sum(debts, selected))}</td>
              </tr>
            </tfoot>
          </Table>
        </TableBox>
      )}
      {!paying && debts.length > 0 && (
        <Actions>
          <Button
            onClick={() => {
              if (count === 0) {
                setHint(true);
                return;
              }
              setHint(false);
              setPaying({ debts: debts.filter((d) => selected.has(d.id)).map((d) => d.id), amount: sum(debts, selected) });
            }}
          >
            {T.pay}
          </Button>
        </Actions>
      )}
      {hint && count === 0 && !paying && <Notice tone="info">{T.chooseToPay}</Notice>}
      {paying && <HouseholdPayment household={household.id} debts={paying.debts} amount={paying.amount} onClose={() => setPaying(null)} />}
    </HomeSection>
  );
}

/**
 * On the member's home, for a household's payer (issue 34): each household they pay for, with
 * its members' owing debts and one reference for the chosen ones. Nothing for anyone else.
 */
export function OwnHouseholdDues() {
  const core = useCore();
  const view = useQuery<PayerHousehold[]>(core.queries, { path: 'own/household_debts', resources: RESOURCES });
  const households = useMemo(() => view.data ?? [], [view.data]);
  if (view.status === 'failed') return <ErrorState message={T.loadFailed} onRetry={view.refresh} />;
  return (
    <>
      {households.map((household) => (
        <HouseholdDues key={household.id} household={household} />
      ))}
    </>
  );
}
