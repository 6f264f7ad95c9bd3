import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { UnsettledPayment } from '../../core/index.js';
import { useCore } from '../feature-kit/use-core.js';
import { space, token } from '../kit/index.js';
import { DataTable, TableBox } from '../feature-kit/data-table.js';
import { formatMoney } from '../shared/money.js';
import { formatDay, isDueBy, lisbonDayOf, openAmount, periodText, totalOpen } from './ledger.js';
import { PAYMENT_DEBTS_TEXTS as T } from './texts.js';

// Amounts line up on the right, digits of equal width, whatever the generic table says.
const Table = styled(DataTable)`
  & [data-amount] {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

const Amount = (props: { children: string }) => <td data-amount>{props.children}</td>;

const Check = styled.td`
  width: 1%;
`;

const Partial = styled.span`
  display: block;
  font-size: 0.85em;
  color: ${token('color-text-muted')};
`;

const Foot = styled.tfoot`
  & th,
  & td {
    font-weight: 600;
    background: ${token('color-surface')};
    border-top: 1px solid ${token('color-border')};
    border-bottom: none;
    padding-top: ${space(1)};
    padding-bottom: ${space(1)};
  }
`;

const describe = (debt: UnsettledPayment) => debt.description?.trim() || periodText(debt);

interface DebtsTableProps {
  debts: readonly UnsettledPayment[];
  selected: ReadonlySet<number>;
  onToggle(id: number, on: boolean): void;
  onToggleAll(on: boolean): void;
}

/**
 * The open debts with a box each, the selection's total, the total owed today and what falls due
 * later (a vencer: it may be chosen and paid, and is never counted as owed).
 */
export function DebtsTable({ debts, selected, onToggle, onToggleAll }: DebtsTableProps) {
  const today = lisbonDayOf(useCore().clock.now());
  const upcoming = new Set(debts.filter((debt) => !isDueBy(debt.due_date, today)).map((debt) => debt._id));
  const owed = new Set(debts.filter((debt) => !upcoming.has(debt._id)).map((debt) => debt._id));
  const all = useRef<HTMLInputElement>(null);
  const count = debts.filter((debt) => selected.has(debt._id)).length;
  useEffect(() => {
    // Some but not all: the header box shows it half-set.
    if (all.current) all.current.indeterminate = count > 0 && count < debts.length;
  }, [count, debts.length]);
  return (
    <TableBox>
      <Table>
        <caption hidden>{T.title}</caption>
        <thead>
          <tr>
            <th scope="col">
              <input ref={all} type="checkbox" aria-label={T.selectAll} checked={count > 0 && count === debts.length} onChange={(e) => onToggleAll(e.target.checked)} />
            </th>
            <th scope="col">{T.columns.description}</th>
            <th scope="col">{T.columns.period}</th>
            <th scope="col">{T.columns.dueDate}</th>
            <th scope="col" data-amount>
              {T.columns.open}
            </th>
          </tr>
        </thead>
        <tbody>
          {debts.map((debt) => (
            <tr key={debt._id} data-id={debt._id} data-status={debt.status}>
              <Check>
                <input type="checkbox" aria-label={T.selectOne(describe(debt))} checked={selected.has(debt._id)} onChange={(e) => onToggle(debt._id, e.target.checked)} />
              </Check>
              <td>
                {describe(debt)}
                {debt.status === 'partial' && <Partial>{T.partial}</Partial>}
                {upcoming.has(debt._id) && <Partial data-upcoming>{T.upcoming(formatDay(debt.due_date))}</Partial>}
              </td>
              <td>{periodText(debt)}</td>
              <td>{formatDay(debt.due_date)}</td>
              <Amount>{formatMoney(openAmount(debt))}</Amount>
            </tr>
          ))}
        </tbody>
        <Foot>
          <tr data-total="selected">
            <td />
            <th scope="row" colSpan={3}>
              {T.selectedTotal(count)}
            </th>
            <Amount>{formatMoney(totalOpen(debts, selected))}</Amount>
          </tr>
          <tr data-total="open">
            <td />
            <th scope="row" colSpan={3}>
              {T.openTotal}
            </th>
            <Amount>{formatMoney(totalOpen(debts, owed))}</Amount>
          </tr>
          {upcoming.size > 0 && (
            <tr data-total="upcoming">
              <td />
              <th scope="row" colSpan={3}>
                {T.upcomingTotal}
              </th>
              <Amount>{formatMoney(totalOpen(debts, upcoming))}</Amount>
            </tr>
          )}
        </Foot>
      </Table>
    </TableBox>
  );
}
