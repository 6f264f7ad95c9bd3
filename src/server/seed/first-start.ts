import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { insertAccount, type Account } from './accounts.js';
import { seedDemo } from './demo.js';
import { randomPassword } from './passwords.js';

export interface FirstStartReport {
  admin: Account;
  /** Extra demo accounts (test mode only). */
  demoAccounts: Account[];
  /** Whether fictitious data was created. */
  demo: boolean;
}

// Two PostgreSQL instances starting on one empty database: the second waits, then finds the admin.
const FIRST_START_LOCK_KEY = 742_002;

/**
 * On a database without any user: creates the admin account and, in test mode, the demo
 * organisation, all in one transaction (a crash half-way leaves the database empty, and the
 * next start tries again). Returns null when the database already had users.
 */
export async function prepareFirstStart(database: Database, config: Config, now: number): Promise<FirstStartReport | null> {
  const { db, engine } = database;
  const admin: Account = {
    username: 'admin',
    name: 'Administrador',
    role: 'admin',
    email: null,
    member: null,
    password: config.adminPassword ?? randomPassword(),
  };
  return db.transaction().execute(async (trx) => {
    if (engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(${FIRST_START_LOCK_KEY})`.execute(trx);
    const anyUser = await trx.selectFrom('users').select('_id').limit(1).executeTakeFirst();
    if (anyUser) return null;
    const stamp = new Date(now).toISOString();
    await insertAccount(trx, admin, stamp);
    const demo = config.mode === 'test';
    const demoAccounts = demo ? await seedDemo(trx, now) : [];
    return { admin, demoAccounts, demo };
  });
}
