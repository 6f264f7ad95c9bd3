// Pure helpers over a member's debts: which are open, what a selection adds up to, how a
// period and a day read in pt-PT. Sums stay in integer cents.
import { PAYMENT_DEBTS_TEXTS as T } from './texts.js';
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

// The part of the year the server names at the end of a schedule debt's description:
// 'Quota 2026 (2.º semestre)', 'Quota 2026 (3.º trimestre)', 'Quota 2026 (março)'.
const PART_OF_YEAR = /\((\d{1,2}\.º (?:semestre|trimestre)|janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)\)\s*$/;

/** The period a debt covers: its year, and the part of it when the debt is for less than a year. */
export function periodText(debt: Pick<UnsettledPayment, 'year' | 'period' | 'description'>): string {
  if (debt.year === null) return '';
  const part = PART_OF_YEAR.exec(debt.description ?? '')?.[1];
  if (part) return T.periodOfYear(part, debt.year);
  // Period 1 is also the whole year of an annual quota: only a later one says something more.
  return debt.period !== null && debt.period > 1 ? T.numberedPeriod(debt.year, debt.period) : String(debt.year);
}

/** 'YYYY-MM-DD' as 'DD/MM/YYYY', read as text so no time zone moves the day. */
export { formatDay } from '../shared/format.js';

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
