import { sql, type RawBuilder } from 'kysely';
import { OWING, type DebtStatus } from './debts.js';
import { lisbonDay } from '../../../core/days.js';

/**
 * The ledger's one rule for what is owed. A debt that still owes something (open or paid in
 * part) is *owed* (em dívida) from its due date, a day in Lisbon, that day included; before it,
 * it is *a vencer*: it may be paid, but it makes no member em atraso, counts in no arrears
 * figure and is asked for by no reminder. Every surface that says what a member owes (standing,
 * the unpaid list, the landing figures, reports, reminders, payment links, cards) decides it
 * here, in TypeScript or in SQL.
 */
export function isOwed(debt: { status?: unknown; due_date?: unknown }, today: string): boolean {
  return (OWING as readonly unknown[]).includes(debt.status) && hasFallenDue(debt.due_date, today);
}

/** An open debt not yet due: payable, not owed. */
export function isUpcoming(debt: { status?: unknown; due_date?: unknown }, today: string): boolean {
  return (OWING as readonly unknown[]).includes(debt.status) && !hasFallenDue(debt.due_date, today);
}

/** A due date ('YYYY-MM-DD') reached on `today`, that day included; none: not. */
export const hasFallenDue = (dueDate: unknown, today: string): boolean => dueDate !== null && dueDate !== undefined && dueDate !== '' && String(dueDate) <= today;

/** `hasFallenDue` in SQL over a date column (false when it is empty). */
export const fallenDueSql = (column: string, today: string): RawBuilder<boolean> => sql<boolean>`(${sql.ref(column)} <= ${today})`;

/** `today` for the rule: the Lisbon day at `now`. */
export const owedDay = (now: number): string => lisbonDay(now);

const statuses = sql.join(OWING.map((status: DebtStatus) => sql.lit(status)));
const column = (alias: string | undefined, name: string) => sql.ref(alias ? `${alias}.${name}` : name);

/** The rule in SQL over `unsettled_payments` (aliased `alias`): the debt is owed on `today`. */
export const owedSql = (today: string, alias?: string): RawBuilder<boolean> =>
  sql<boolean>`(${column(alias, 'status')} IN (${statuses}) AND ${fallenDueSql(alias ? `${alias}.due_date` : 'due_date', today)})`;

/** The debt still owes something but is not due yet on `today` (a vencer). */
export const upcomingSql = (today: string, alias?: string): RawBuilder<boolean> =>
  sql<boolean>`(${column(alias, 'status')} IN (${statuses}) AND NOT ${fallenDueSql(alias ? `${alias}.due_date` : 'due_date', today)})`;
