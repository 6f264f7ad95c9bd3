// A member's open debts, newest first: what each is, when it fell (or falls) due, what is still
// open, and the totals owed today and falling due later (a vencer, never counted as owed).
import { lisbonDay } from '../../../core/days.js';
import type { UnsettledPayment } from '../../../core/records.js';
import { useQuery, useSignalValue } from '../../kit/index.js';
import { TableBox } from '../../feature-kit/data-table.js';
import { useCore } from '../../feature-kit/use-core.js';
import { debtsQuery } from '../../../core/modules/payments.js';
import { periodText } from '../../shared/format.js';
import { formatMoney } from '../../shared/money.js';
import { HUB_TEXTS as T } from '../hub-texts.js';
import { day, HubTable, Loaded, Muted } from '../hub-kit.js';

const OWING = new Set(['open', 'partial']);
const openOf = (debt: UnsettledPayment): number => debt.open_amount ?? (debt.amount ?? 0) - (debt.paid ?? 0);

/** The debts still owing something, the latest due first. */
function openDebts(debts: readonly UnsettledPayment[]): UnsettledPayment[] {
  return debts.filter((debt) => OWING.has(debt.status ?? '') && openOf(debt) > 0).sort((a, b) => (b.due_date ?? '').localeCompare(a.due_date ?? '') || b._id - a._id);
}

export interface MemberDebtsProps {
  memberId?: string;
}

export function MemberDebts({ memberId }: MemberDebtsProps) {
  const core = useCore();
  const dues = Boolean(useSignalValue(core.explainer.resources)['unsettled_payments']);
  const view = useQuery<UnsettledPayment[]>(core.queries, dues && memberId ? debtsQuery(memberId) : null);
  if (!memberId || !dues) return null;
  const today = lisbonDay(core.clock.now());
  return (
    <div data-member-debts={memberId}>
      <Loaded view={view} failed={T.debtsFailed} empty={T.debtsNone} isEmpty={(data) => openDebts(data).length === 0}>
        {(data) => {
          const debts = openDebts(data);
          const upcoming = (debt: UnsettledPayment) => (debt.due_date ?? '') > today;
          const owed = debts.filter((debt) => !upcoming(debt)).reduce((sum, debt) => sum + openOf(debt), 0);
          const later = debts.filter(upcoming).reduce((sum, debt) => sum + openOf(debt), 0);
          return (
            <TableBox>
              <HubTable>
                <thead>
                  <tr>
                    <th scope="col">{T.debt}</th>
                    <th scope="col">{T.dueDate}</th>
                    <th scope="col" data-amount>
                      {T.open}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {debts.map((debt) => (
                    <tr key={debt._id} data-debt={debt._id}>
                      <td data-label={T.debt}>{debt.description?.trim() || periodText(debt)}</td>
                      <td data-label={T.dueDate}>
                        {day(debt.due_date)}
                        {upcoming(debt) && <Muted> ({T.upcoming})</Muted>}
                      </td>
                      <td data-label={T.open} data-amount>
                        {formatMoney(openOf(debt))}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr data-total="owed">
                    <th scope="row" colSpan={2}>
                      {T.owedTotal}
                    </th>
                    <td data-amount>{formatMoney(owed)}</td>
                  </tr>
                  {later > 0 && (
                    <tr data-total="upcoming">
                      <th scope="row" colSpan={2}>
                        {T.upcomingTotal}
                      </th>
                      <td data-amount>{formatMoney(later)}</td>
                    </tr>
                  )}
                </tfoot>
              </HubTable>
            </TableBox>
          );
        }}
      </Loaded>
    </div>
  );
}
