import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/*
 * The `messages` rows as a delivery queue. Status: pending -> sending -> sent, or back to
 * pending with a later next_attempt_at after a failure, or failed after the last attempt.
 * While a row is 'sending', next_attempt_at holds the end of the sender's lease: a sender
 * that died mid-delivery leaves the row to be claimed again once the lease ends. Delivery is
 * therefore at least once: a crash between the SMTP server accepting a message and the row
 * being marked 'sent' sends it again.
 */

const iso = (ms: number) => new Date(ms).toISOString();
const LAST_ERROR_MAX_LENGTH = 1000;

export interface QueuedMessage {
  id: number;
  recipient: string;
  subject: string;
  /** What staff read (secret links hidden). */
  body: string;
  /** The deliverable body, encrypted (message-secrets.ts), when the message carries secret links. */
  sealedBody: string | null;
  /** The HTML part as staff read it, if any, and its deliverable version encrypted like sealedBody. */
  html: string | null;
  sealedHtml: string | null;
  /** Attempts including the current one. */
  attempts: number;
  /** Proves the claim is still ours when the outcome is recorded. */
  lease: string;
}

/** Ids of the rows due now, oldest due first. */
export async function dueMessageIds(db: Db, now: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('messages')
    .select('_id')
    .where('status', 'in', ['pending', 'sending'])
    .where('next_attempt_at', '<=', iso(now))
    .orderBy('next_attempt_at')
    .orderBy('_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row._id);
}

/**
 * Takes one row for delivery. The conditional UPDATE is atomic on both engines, so when two
 * instances race for a row exactly one of them gets it; the other gets undefined.
 */
export async function claimMessage(db: Db, id: number, now: number, leaseMs: number): Promise<QueuedMessage | undefined> {
  const stamp = iso(now);
  const lease = iso(now + leaseMs);
  const result = await db
    .updateTable('messages')
    .set({ status: 'sending', next_attempt_at: lease, attempts: sql`attempts + 1`, updated_at: stamp })
    .where('_id', '=', id)
    .where('status', 'in', ['pending', 'sending'])
    .where('next_attempt_at', '<=', stamp)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  const row = await db
    .selectFrom('messages')
    .select(['recipient', 'subject', 'body', 'sealed_body', 'html', 'sealed_html', 'attempts'])
    .where('_id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    id,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    sealedBody: row.sealed_body,
    html: row.html ?? null,
    sealedHtml: row.sealed_html ?? null,
    attempts: row.attempts,
    lease,
  };
}

const ours = (message: QueuedMessage) => (db: Db) =>
  db.updateTable('messages').where('_id', '=', message.id).where('status', '=', 'sending').where('next_attempt_at', '=', message.lease);

// Secret links are kept only while the message may still be delivered.
export async function markSent(db: Db, message: QueuedMessage, now: number): Promise<void> {
  await ours(message)(db)
    .set({ status: 'sent', sent_at: iso(now), next_attempt_at: null, last_error: null, sealed_body: null, sealed_html: null, updated_at: iso(now) })
    .execute();
}

/** Schedules another attempt at `retryAt`, or gives up when it is undefined. */
export async function markFailed(db: Db, message: QueuedMessage, now: number, error: string, retryAt: number | undefined): Promise<void> {
  await ours(message)(db)
    .set({
      status: retryAt === undefined ? 'failed' : 'pending',
      next_attempt_at: retryAt === undefined ? null : iso(retryAt),
      last_error: error.slice(0, LAST_ERROR_MAX_LENGTH),
      ...(retryAt === undefined ? { sealed_body: null, sealed_html: null } : {}),
      updated_at: iso(now),
    })
    .execute();
}
