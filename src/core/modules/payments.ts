// Payments, as the browser asks for them.
import { coreError } from '../api-error.js';
import { LIST_ALL, RESOURCE } from '../contract.js';
import type { Core } from '../core.js';
import type { QuerySpec } from '../queries.js';
import { MESSAGES } from '../texts.js';

export interface PaymentAdviceQuery {
  memberId?: string | number | null;
  type?: string | null;
  year?: string | number | null;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** SPEC 5: memberId and type are required, and year too when type is 'quota'. */
export function hasEnoughData(q: PaymentAdviceQuery): boolean {
  if (!present(q.memberId) || !present(q.type)) return false;
  return q.type !== 'quota' || present(q.year);
}

/** GET payment_advice?memberID&type&year; refuses with 'Not Enough Data' before any request. */
export async function readPaymentAdvice<T = unknown>(core: Pick<Core, 'http'>, q: PaymentAdviceQuery): Promise<T> {
  if (!hasEnoughData(q)) throw coreError(MESSAGES.notEnoughData);
  const res = await core.http.get<T>(RESOURCE.paymentAdvice, { params: { memberID: q.memberId, type: q.type, year: q.year } });
  return res.data;
}

/** The ledger's resources: a change to any of them changes a member's debts, payments and standing. */
export const LEDGER_RESOURCES = ['unsettled_payments', 'payments', 'payment_allocations', 'member_balances'] as const;

/** A member's debts, all of them: the nested read answers only what the caller's scope allows. */
export function debtsQuery(memberId: string): QuerySpec {
  return {
    path: `members/${encodeURIComponent(memberId)}/unsettled_payments`,
    params: { _page: 1, _limit: LIST_ALL, _sort: 'due_date' },
    resources: LEDGER_RESOURCES,
  };
}
