// The keys that make a history import idempotent. A debt is one per member, kind, year and period
// (the ledger's own unique key, dedupe_key); a payment's key is its external_id, derived from what
// the line says (member, debt, date, amount, method), so the same file imported again, in any
// batch, finds every payment already there.
import { createHash } from 'node:crypto';
import { dedupeKey, HISTORICAL_PAYMENT } from '../../dues/public.js';
import type { HistoryKind } from './values.js';

export { HISTORICAL_PAYMENT };

type DebtKind = Exclude<HistoryKind, 'paid_up_to'>;

/** The debt's unique key; 'other' debts, which the ledger leaves without one, get one of their own here. */
export const historyDebtKey = (kind: DebtKind, year: number, period: number): string => dedupeKey(kind, year, period) ?? `outro:${year}:${period}`;

/** A historical payment's external_id. `what` tells a line's payment from a paid-up-to one. */
export function historyPaymentKey(member: number, debtKey: string, what: 'line' | 'paid_up_to', date: string, amount: number, method: string): string {
  const digest = createHash('sha256').update([member, debtKey, what, date, amount, method].join('|')).digest('hex').slice(0, 40);
  return `${HISTORICAL_PAYMENT}${digest}`;
}
