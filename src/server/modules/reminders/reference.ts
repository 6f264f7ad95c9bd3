import { createHash } from 'node:crypto';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { lisbonDay } from '../../../core/days.js';
import { currentProvider, type IssuedReference, MAX_REFERENCE_CENTS, type PaymentProvider, ProviderError, requestExpiry, storePaymentRequest } from '../collecting/public.js';
import type { MultibancoDetails } from './templates.js';

/** A reminder's debts and the key the outbox knows it by. */
export interface ReminderDebts {
  member: number;
  debts: readonly number[];
  /** Cents still owed on them. */
  amount: number;
  /** The reminder's deduplication key (outbox). */
  key: string;
}

/**
 * The provider order id of the request a reminder opens, derived from the reminder's key:
 * provider_order is unique, so a retried send finds the request it opened instead of opening a
 * second one (and a provider receiving the same order id twice sees one order).
 */
export const reminderOrderId = (key: string): string => createHash('sha256').update(`reminder-reference:${key}`).digest('hex').slice(0, 12);

interface RequestRow {
  _id: number;
  entity: string | null;
  reference: string | null;
  amount: number | bigint | string;
  expires_at: string;
}

const detailsOf = (row: RequestRow): MultibancoDetails | null =>
  row.entity && row.reference ? { entity: row.entity, reference: row.reference, amount: Number(row.amount), payUntil: lisbonDay(Date.parse(row.expires_at)) } : null;

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

/** The member's open Multibanco request for exactly these debts at this amount, if any. */
async function openRequestFor(trx: Db, input: ReminderDebts, stamp: string): Promise<RequestRow | undefined> {
  const candidates = (await trx
    .selectFrom('payment_requests')
    .select(['_id', 'entity', 'reference', 'amount', 'expires_at'])
    .where('member', '=', input.member)
    .where('method', '=', 'multibanco')
    .where('state', '=', 'pending')
    .where('expires_at', '>', stamp)
    .where('amount', '=', input.amount)
    .orderBy('_id', 'desc')
    .execute()) as RequestRow[];
  for (const candidate of candidates) {
    const debts = await trx.selectFrom('payment_request_debts').select('debt').where('request', '=', candidate._id).execute();
    if (sameSet(debts.map((row) => Number(row.debt)), input.debts)) return candidate;
  }
  return undefined;
}

/** A reference a remote provider issued for a reminder before its sending transaction, and the expiry it was asked with. */
export interface IssuedAhead {
  issued: IssuedReference;
  expiry: { days: number; at: string };
  /** What it was issued for: a reminder whose debts changed since cannot use it. */
  debts: readonly number[];
  amount: number;
}

/** The reference the reminder already has (a retry) or can reuse (the member's open request), if any. */
async function existing(db: Db, input: ReminderDebts, now: number): Promise<{ row: RequestRow | undefined } | null> {
  const own = (await db.selectFrom('payment_requests').select(['_id', 'entity', 'reference', 'amount', 'expires_at']).where('provider_order', '=', reminderOrderId(input.key)).executeTakeFirst()) as RequestRow | undefined;
  if (own) return { row: own };
  if (input.debts.length === 0 || input.amount <= 0 || input.amount > MAX_REFERENCE_CENTS) return { row: undefined };
  const open = await openRequestFor(db, input, new Date(now).toISOString());
  return open ? { row: open } : null;
}

/** The payment provider when it is a remote one (ifthenpay), whose references are asked for before a transaction. */
export async function remoteProvider(ctx: Pick<ServerContext, 'config'>, db: Db): Promise<PaymentProvider | null> {
  const provider = await currentProvider(ctx, db);
  return provider && !provider.local ? provider : null;
}

/**
 * With a remote provider, the reference for a reminder about to be sent, asked for outside any
 * transaction (no network call holds one open) under the reminder's order id. Null when the
 * reminder has or can reuse one already, or the provider refused (the reminder then points to
 * the payment link). A reference issued for a reminder that is then not sent just expires.
 */
export async function issueAhead(ctx: Pick<ServerContext, 'config' | 'now'>, db: Db, provider: PaymentProvider, input: ReminderDebts): Promise<IssuedAhead | null> {
  const now = ctx.now();
  if (await existing(db, input, now)) return null;
  const expiry = await requestExpiry(db, now, 'multibanco', true);
  try {
    const issued = await provider.createReference(input.debts, input.amount, expiry, { orderId: reminderOrderId(input.key), db });
    return { issued, expiry, debts: [...input.debts], amount: input.amount };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.warn(`[reminders] ${provider.name}: no reference for ${input.key}: ${error.message}`);
    return null;
  }
}

/**
 * What {referencia_multibanco} shows in one reminder, inside the sending transaction: the
 * reference this reminder opened before (a retry), else the member's open request for exactly
 * these debts, else a new request: with the association's own references, or with what a remote
 * provider issued ahead (issueAhead). Null when none can be had: no reference configured,
 * nothing issued ahead, nothing owed or too much for one reference, the debts changed meanwhile.
 */
export async function reminderReference(ctx: Pick<ServerContext, 'config' | 'now'>, trx: Db, input: ReminderDebts, ahead: IssuedAhead | null = null): Promise<MultibancoDetails | null> {
  const now = ctx.now();
  const found = await existing(trx, input, now);
  if (found) return found.row ? detailsOf(found.row) : null;
  const provider = await currentProvider(ctx, trx);
  if (!provider) return null;
  // A remote reference takes the amount it was issued for: usable only for the same debts, unchanged.
  if (!provider.local && !(ahead && ahead.amount === input.amount && sameSet(ahead.debts, input.debts))) return null;
  const row = await storePaymentRequest(trx, {
    member: input.member,
    debts: input.debts,
    method: 'multibanco',
    phone: null,
    amount: input.amount,
    provider,
    actor: { kind: 'system', name: 'Avisos de dívida' },
    createdBy: null,
    address: null,
    now,
    expiry: provider.local ? await requestExpiry(trx, now, 'multibanco', true) : ahead!.expiry,
    orderId: reminderOrderId(input.key),
    issued: provider.local ? null : ahead!.issued,
  });
  return detailsOf(row as unknown as RequestRow);
}
