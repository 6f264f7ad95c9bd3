// What a member's list of debts to pay (payment-debts) and a household's (households/debts)
// share: the line above the table, and the debts ticked, a set of ids replaced rather than
// changed (React state).
import styled from 'styled-components';
import type { UnsettledPayment } from '../../core/index.js';
import { space } from '../kit/index.js';

/** The line above the debts: what they are (or who pays them) at the start, the list's action at the end. */
export const DebtsHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space(1)};
  margin-bottom: ${space(1.5)};
`;

/** The ids still selected among the debts now open (a refresh may have settled some): `selected` itself when none went. */
export function keepOpen(selected: ReadonlySet<number>, debts: readonly UnsettledPayment[]): ReadonlySet<number> {
  const kept = new Set(debts.filter((debt) => selected.has(debt._id)).map((debt) => debt._id));
  return kept.size === selected.size ? selected : kept;
}

/** `selected` with `id` ticked (`on`) or not. */
export function toggled(selected: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(selected);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}
