import { sql } from 'kysely';
import type { Db, Engine } from '../db/database.js';
import { SESSION_MAX_DAYS } from '../modules/settings/public.js';
import { readSetting } from '../settings/read.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = SESSION_MAX_DAYS * DAY_MS;

/** The idle limit in milliseconds: setting sessionIdleDays, within 1 to SESSION_MAX_DAYS by its declaration. */
export async function sessionIdleMs(db: Db): Promise<number> {
  return (await readSetting(db, 'sessionIdleDays')) * DAY_MS;
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
