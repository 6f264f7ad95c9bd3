import { sql } from 'kysely';
import type { Db, Engine } from '../db/database.js';

/** Setting: days a session may go unused (no token refresh) before it ends. */
export const SESSION_IDLE_SETTING = 'sessionIdleDays';
export const DEFAULT_SESSION_IDLE_DAYS = 14;
/** No session outlives this many days from its login, however often it is used. */
export const SESSION_MAX_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = SESSION_MAX_DAYS * DAY_MS;

/**
 * The idle limit in milliseconds: the setting when it is a whole number of days from 1 to the
 * maximum, the default otherwise (a typo in a setting must not end or lengthen every session).
 */
export async function sessionIdleMs(db: Db): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', SESSION_IDLE_SETTING).executeTakeFirst();
  const text = String(row?.value ?? '').trim();
  const days = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  return (days >= 1 && days <= SESSION_MAX_DAYS ? days : DEFAULT_SESSION_IDLE_DAYS) * DAY_MS;
}

/**
 * Holds an account's row until the transaction ends (PostgreSQL; SQLite runs one transaction
 * at a time), so issuing, rotating and revoking its tokens cannot interleave with a password
 * change or a logout. Returns the account's session-relevant columns, or undefined.
 */
export async function lockAccount(trx: Db, engine: Engine, userId: number) {
  let query = trx.selectFrom('users').select(['_id', 'name', 'role', 'active', 'token_version']).where('_id', '=', userId);
  if (engine === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Takes a lock named `name` until the transaction ends (PostgreSQL; SQLite runs one transaction at a time). */
export async function advisoryLock(trx: Db, engine: Engine, name: string): Promise<void> {
  if (engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}
