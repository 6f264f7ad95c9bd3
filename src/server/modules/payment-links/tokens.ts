import { createHash, randomBytes } from 'node:crypto';
import type { Db, Row } from '../../db/database.js';
import { readSetting } from '../../settings/read.js';

/** Where a link leads, before its token: the host's unpaidSingle route. */
const PAYMENT_INFO_PATH = '/informacaoDePagamento/';

const DAY_MS = 86_400_000;
/** 32 random bytes (256 bits) in base64url: 43 characters of [A-Za-z0-9_-]. */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** What is stored of a token: its SHA-256, in hex. A token has 256 bits, so no salt or slow hash is needed. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface IssueLink {
  member: number;
  /** Why the link exists, unique per member (a reminder's deduplication key, e.g. `reminder:12:34:5`). */
  purpose: string;
  /** ms since the epoch. */
  now: number;
}

/**
 * Issues the link to the payment-information page for a member and a purpose, inside the
 * caller's transaction; answers its path, `/informacaoDePagamento/{token}`.
 *
 * Only the token's hash is stored, so a live token can never be answered twice: a member and
 * purpose get exactly one link (a unique key, `INSERT … ON CONFLICT DO NOTHING`), and issuing
 * again for them answers null: the first link, sent with the message that asked for it, is
 * the only one. A purpose that needs a fresh link takes a new purpose name.
 */
export async function issuePaymentLink(db: Db, { member, purpose, now }: IssueLink): Promise<string | null> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const days = await readSetting(db, 'paymentLinkDays');
  const stamp = new Date(now).toISOString();
  const row = await db
    .insertInto('payment_links')
    .values({
      member,
      purpose,
      token_hash: hashToken(token),
      expires_at: new Date(now + days * DAY_MS).toISOString(),
      created_at: stamp,
      updated_at: stamp,
      _version: 1,
    })
    .onConflict((conflict) => conflict.columns(['member', 'purpose']).doNothing())
    .returning('_id')
    .executeTakeFirst();
  return row ? `${PAYMENT_INFO_PATH}${token}` : null;
}

/** The live link a token opens (not expired, not revoked), or undefined: unknown, expired and revoked alike. */
export async function liveLink(db: Db, token: string, now: number): Promise<Row | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  return db
    .selectFrom('payment_links')
    .select(['_id', 'member'])
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(now).toISOString())
    .executeTakeFirst();
}
