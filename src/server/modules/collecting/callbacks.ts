import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import { diffRecords, recordAudit, type AuditActor } from '../../audit/record.js';
import type { Db, Row } from '../../db/database.js';
import { isUniqueViolation } from '../../resources/db-errors.js';
import { owningUsers, publishChange } from '../../resources/events.js';
import { commitQueue } from '../../resources/handlers.js';
import { readRow } from '../../resources/records.js';
import { type Allocation, announceLedger, announceReceipt, type LedgerChange, lockHousehold, lockMember, OWING, recordPayment, type RecordedPayment, refreshBalances } from '../dues/public.js';
import { lisbonDay } from '../../../core/days.js';
import { paymentRequests } from './payment-requests.js';
import type { VerifiedCallback } from './provider.js';

export type CallbackOutcome =
  | { kind: 'recorded'; request: number; payment: number }
  | { kind: 'duplicate'; request: number }
  | { kind: 'forged'; reason: string };

/** `payments.external_id` of a request's payment: one payment per request, whatever is redelivered. */
const externalIdOf = (request: number) => `payment_request:${request}`;

export interface RequestPaid {
  amount: number;
  /** The payment's date, YYYY-MM-DD. */
  date: string;
  actor: AuditActor;
  address?: string | null;
}

/**
 * Inside the caller's transaction, with the request's row read (locked on PostgreSQL) and still
 * pending: records its payment through the ledger (external id `payment_request:{id}`, allocated
 * to exactly the request's debts still owing; the rest is the member's credit), marks the request
 * paid, refreshes the balance, writes the audit entry and queues the change events after commit.
 * Used by the providers' callbacks and by the reconciliation import. A household's request
 * (issue 34) records ONE payment with the household set, over debts of several members: each
 * member's balance is refreshed and each member's dashboard told. Its receipt is not numbered
 * here: the caller calls `issueReceipt` after its own writes, and announces it (announceReceipt).
 */
export async function payRequest(
  hook: { ctx: ServerContext; db: Db; afterCommit: (fn: () => Promise<void> | void) => void },
  request: Row,
  paid: RequestPaid,
): Promise<{ payment: number; member: number; allocations: Allocation[]; issueReceipt: RecordedPayment['issueReceipt'] }> {
  const { ctx, db: trx, afterCommit } = hook;
  const id = Number(request._id);
  const now = ctx.now();
  const stamp = new Date(now).toISOString();
  const member = Number(request.member);
  const household = request.household === null || request.household === undefined ? null : Number(request.household);
  if (household === null) await lockMember(trx, ctx.database.engine, member);
  else await lockHousehold(trx, ctx.database.engine, household);
  const before = (await readRow(trx, paymentRequests, id))!;
  const debts = (before.debts as number[]) ?? [];
  // Debts settled another way meanwhile are left out: the money stays with the member as credit.
  const owing = (await trx.selectFrom('unsettled_payments').select('_id').where('_id', 'in', debts.length > 0 ? debts : [0]).where('status', 'in', OWING).execute()).map((r) => Number(r._id));
  const result = await recordPayment(
    trx,
    {
      // A household's payment: the ledger names its member (the payer or the holder) and takes debts of any of the household's members.
      ...(household === null ? { member } : { household }),
      date: paid.date,
      amount: paid.amount,
      method: String(request.method),
      reference: String(request.reference ?? request.provider_id ?? request.provider_order),
      notes: null,
      debts: owing,
      recordedBy: paid.actor.kind === 'user' ? paid.actor.id : null,
      externalId: externalIdOf(id),
    },
    ctx,
  );
  await trx
    .updateTable('payment_requests')
    .set({ state: 'paid', payment: result.payment, paid_at: stamp, updated_at: stamp, _version: sql`_version + 1` })
    .where('_id', '=', id)
    .execute();
  // A household's payment moves several members' ledgers (the ledger names them).
  const members = result.members;
  await refreshBalances(trx, now, members);
  const after = (await readRow(trx, paymentRequests, id))!;
  await recordAudit(trx, { at: now, actor: paid.actor, address: paid.address ?? null, resource: paymentRequests.name, recordId: id, action: 'paid', changes: diffRecords(paymentRequests, before, after) });
  const moved: LedgerChange[] = [...new Set(result.allocations.map((a) => a.debt))].map((debt) => ({ resource: 'unsettled_payments', id: debt }));
  announceLedger({ ctx, afterCommit }, members, [
    { resource: 'payments', id: result.payment, action: 'created' },
    ...moved,
    ...members.flatMap((id) => [
      { resource: 'payment_allocations' as const, id },
      { resource: 'member_balances' as const, id },
    ]),
  ]);
  afterCommit(async () => publishChange(ctx.bus, paymentRequests, { action: 'updated', id }, await owningUsers(ctx.database.db, paymentRequests, [after], ctx.now())));
  return { payment: result.payment, member, allocations: result.allocations, issueReceipt: result.issueReceipt };
}

async function findRequest(db: Db, provider: string, callback: VerifiedCallback, lock: boolean): Promise<Row | undefined> {
  let query = db.selectFrom('payment_requests').selectAll().where('provider', '=', provider);
  if (callback.providerId) query = query.where('provider_id', '=', callback.providerId);
  else query = query.where('entity', '=', callback.entity!).where('reference', '=', callback.reference!);
  query = query.orderBy('_id', 'desc').limit(1);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * A callback whose key checked out: finds its request, checks what was paid, and in ONE
 * transaction keeps the callback, records the payment through the ledger (allocated to exactly
 * the request's debts still owing; the rest is the member's credit) and marks the request paid.
 * A redelivery finds the request paid and changes nothing; a crash before the commit leaves
 * nothing, so the next delivery does it all.
 *
 * A request already expired or failed is still paid: the provider saying money was taken is
 * the fact, our state only stopped asking for it (an ATM payment can be made seconds before
 * expires_at and notified after, an MB WAY reported failed can be accepted late). The callback
 * must still name the request's reference and amount; its debts settled another way meanwhile
 * leave the money with the member as credit (payRequest), never lost, never paid twice.
 */
export async function settleCallback(ctx: ServerContext, provider: string, callback: VerifiedCallback): Promise<CallbackOutcome> {
  const { db, engine } = ctx.database;
  for (let attempt = 1; ; attempt += 1) {
    const deferred = commitQueue();
    try {
      const outcome = await db.transaction().execute(async (trx): Promise<CallbackOutcome> => {
        const request = await findRequest(trx, provider, callback, engine === 'postgres');
        if (!request) return { kind: 'forged', reason: 'unknown request' };
        const id = Number(request._id);
        if (callback.reference && (callback.entity !== request.entity || callback.reference !== request.reference)) return { kind: 'forged', reason: `request ${id} has another entity or reference` };
        if (callback.amount !== Number(request.amount)) return { kind: 'forged', reason: `request ${id} is for ${String(request.amount)} cents, the callback says ${callback.amount}` };
        const now = ctx.now();
        const stamp = new Date(now).toISOString();
        const keep = (outcome: string) =>
          trx
            .insertInto('payment_callbacks')
            .values({ provider, dedupe_key: callback.dedupeKey, request: id, outcome, raw: JSON.stringify(callback.raw), created_at: stamp, updated_at: stamp })
            .onConflict((oc) => oc.column('dedupe_key').doNothing())
            .execute();
        if (request.state === 'paid') {
          await keep('duplicate');
          return { kind: 'duplicate', request: id };
        }
        const paid = await payRequest({ ctx, db: trx, afterCommit: deferred.add }, request, { amount: callback.amount, date: lisbonDay(now), actor: { kind: 'system', name: provider } });
        await keep('recorded');
        // The receipt is numbered last: the series row stays locked from its number to the commit.
        announceReceipt({ ctx, afterCommit: deferred.add }, await paid.issueReceipt());
        return { kind: 'recorded', request: id, payment: paid.payment };
      });
      await deferred.run();
      return outcome;
    } catch (error) {
      // Two deliveries at once: the loser hit the unique external id; the next look finds the request paid.
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}
