// Pure helpers over a member's debts: which are open, what a selection adds up to, how a
// period and a day read in pt-PT. Sums stay in integer cents.
import type { UnsettledPayment } from '../../core/index.js';

const OPEN_STATES: ReadonlySet<string> = new Set(['open', 'partial']);

/** What still has something to pay, oldest due date first (the order allocation follows). */
export function openDebts(rows: readonly UnsettledPayment[]): UnsettledPayment[] {
  return rows
    .filter((debt) => OPEN_STATES.has(debt.status ?? ''))
    .sort((a, b) => (a.due_date ?? '').localeCompare(b.due_date ?? '') || a._id - b._id);
}

/** The open amount of a debt: the server's figure, else amount less what was paid. */
export function openAmount(debt: UnsettledPayment): number {
  return debt.open_amount ?? (debt.amount ?? 0) - (debt.paid ?? 0);
}

/** The total open amount of `debts`, or of those whose id is in `only`. */
export function totalOpen(debts: readonly UnsettledPayment[], only?: ReadonlySet<number>): number {
  let total = 0;
  for (const debt of debts) if (!only || only.has(debt._id)) total += openAmount(debt);
  return total;
}

/** 'YYYY-MM-DD' as 'DD/MM/YYYY', read as text so no time zone moves the day. */
export { formatDay, periodText } from '../shared/format.js';

/** The local calendar day of a clock reading, as the date field wants it. */
export function dayOf(epochMs: number): string {
  const d = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// The ledger's one rule for what is owed, as the browser applies it to debts it already holds
// (the server decides it in src/server/modules/dues/owed.ts, and its figures come from there):
// an open debt is owed from its due date, a day in Lisbon; before that it is "a vencer".
/** The calendar day in Portugal at `epochMs` ('YYYY-MM-DD'): the server's own rule (src/core/days.ts). */
export { lisbonDay as lisbonDayOf } from '../../core/days.js';

/** Whether a debt due on `dueDate` ('YYYY-MM-DD') is owed on `today`; a debt without a date is. */
export const isDueBy = (dueDate: string | null | undefined, today: string): boolean => !dueDate || dueDate.slice(0, 10) <= today;
