import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import type { Db, Row } from '../../db/database.js';
import type { JobDefinition } from '../../jobs/types.js';
import { owningUsers, publishChange } from '../../resources/events.js';
import { paymentRequests } from './payment-requests.js';

const EXPIRE_JOB = 'collecting.expire';

/**
 * Marks every pending request whose time is up (expires_at at or before `now`, as the payment
 * page reads it) expired, in one statement, and answers the rows changed. Expired, a local
 * reference's sequence is free again (the unique index covers pending requests only). Idempotent:
 * a request already expired, paid or failed is not touched, so a rerun or a second instance
 * changes nothing more. The job announces what it changed after the update; opening a request
 * (storePaymentRequest) expires overdue ones too, in its transaction, to free their references.
 */
export async function expireOverdue(db: Db, now: number): Promise<Row[]> {
  const stamp = new Date(now).toISOString();
  return db
    .updateTable('payment_requests')
    .set({ state: 'expired', updated_at: stamp, _version: sql`_version + 1` })
    .where('state', '=', 'pending')
    .where('expires_at', '<=', stamp)
    .returning(['_id', 'member'])
    .execute();
}

/** Tells staff and each request's member that these requests changed. */
async function announceExpired(ctx: Pick<ServerContext, 'bus' | 'database' | 'now'>, rows: readonly Row[]): Promise<void> {
  for (const row of rows) {
    await publishChange(ctx.bus, paymentRequests, { action: 'updated', id: Number(row._id) }, await owningUsers(ctx.database.db, paymentRequests, [row], ctx.now()));
  }
}

/**
 * Every hour: requests past their time read as expired and free their reference. A payment that
 * arrives afterwards is still recorded (callbacks.ts, reconciliation-match.ts): expiring stops
 * asking for money, it never refuses money paid.
 */
export const expireJob: JobDefinition = {
  name: EXPIRE_JOB,
  label: 'Expiração dos pedidos de pagamento',
  schedule: '7 * * * *',
  async run({ db, ctx }) {
    const rows = await expireOverdue(db, ctx.now());
    await announceExpired(ctx, rows);
    return { expired: rows.length };
  },
};
