import { sql } from 'kysely';
import { ROLE } from '../../core/contract.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { createFileStore } from '../files/create-store.js';
import type { FileStore } from '../files/store.js';
import type { Module } from '../modules/define-module.js';
import { verifyPassword } from '../auth/passwords.js';
import { insertAccount, type Account } from './accounts.js';
import { adminPasswordFile, readSavedPassword, removeSavedPassword, savePassword } from './admin-password-file.js';
import { randomPassword } from './passwords.js';

export interface FirstStartReport {
  admin: Account;
  /** Extra demo accounts (test mode only). */
  demoAccounts: Account[];
  /** Whether fictitious data was created. */
  demo: boolean;
  /** Where the admin's random password is kept until its first login; null with ASSOCIA_ADMIN_PASSWORD. */
  passwordFile: string | null;
}

export interface FirstStartOptions {
  /** Runs as soon as the accounts are committed: shows the operator the passwords. */
  afterCommit?: (report: FirstStartReport) => void | Promise<void>;
  /** The modules whose `seed` hooks write the demo, in order: the app's (appModules) unless a test adds its own. */
  modules?: readonly Module[];
  /** Where the demo's photos and receipts are stored: the server's store (createFileStore's for this database) unless given. */
  files?: FileStore;
}

// Two PostgreSQL instances starting on one empty database: the second waits, then finds the admin.
const FIRST_START_LOCK_KEY = 742_002;

/**
 * On a database without any user: creates the admin account and, in test mode, the demo
 * organisation, all in one transaction (a crash half-way leaves the database empty, and the
 * next start tries again). Returns null when the database already had users.
 *
 * A random admin password is saved to a file under the data directory before the commit
 * that makes it valid, so a crash before the banner is printed cannot lose it. A crash
 * before the commit leaves a file whose password matches no account; the next start
 * replaces it (no user yet) or `checkSavedPassword` deletes it (someone else created one).
 */
export async function prepareFirstStart(
  database: Database,
  config: Config,
  now: number,
  options: FirstStartOptions = {},
): Promise<FirstStartReport | null> {
  const { db, engine } = database;
  const admin: Account = {
    username: 'admin',
    name: 'Administrador',
    role: ROLE.admin,
    email: null,
    member: null,
    password: config.adminPassword ?? randomPassword(),
  };
  const report = await db.transaction().execute(async (trx) => {
    if (engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(${FIRST_START_LOCK_KEY})`.execute(trx);
    const anyUser = await trx.selectFrom('users').select('_id').limit(1).executeTakeFirst();
    if (anyUser) return null;
    // The operator chose ASSOCIA_ADMIN_PASSWORD: nothing to keep, and a file left by an
    // earlier attempt would name a password that is about to be wrong.
    if (config.adminPassword === undefined) await savePassword(config, admin);
    else await removeSavedPassword(config);
    const stamp = new Date(now).toISOString();
    await insertAccount(trx, admin, stamp);
    const demo = config.mode === 'test';
    // The demo's generator (faker and its Portuguese data, about 37 MB) is loaded only to seed it.
    const demoAccounts = demo ? await (await import('./demo.js')).seedDemo(trx, now, config, options.files ?? createFileStore(config, database), options.modules) : [];
    const passwordFile = config.adminPassword === undefined ? adminPasswordFile(config) : null;
    return { admin, demoAccounts, demo, passwordFile };
  });
  if (report) await options.afterCommit?.(report);
  return report;
}

/** A saved first-start password that still opens its account: the operator may not have seen it. */
export interface UnusedPassword {
  username: string;
  file: string;
}

/**
 * At every start: whether the first-start password file is still there and its password
 * still valid (its account has not logged in with it yet). A file whose password no longer
 * opens its account (changed, reset, account gone, or never committed) is stale and deleted.
 */
export async function checkSavedPassword(database: Database, config: Config): Promise<UnusedPassword | null> {
  const saved = await readSavedPassword(config);
  if (!saved) return null;
  const user = await database.db
    .selectFrom('users')
    .select('password_hash')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', saved.username.toLowerCase()))
    .executeTakeFirst();
  const valid = user?.password_hash ? await verifyPassword(saved.password, String(user.password_hash)) : false;
  if (!valid) {
    await removeSavedPassword(config);
    return null;
  }
  return { username: saved.username, file: adminPasswordFile(config) };
}
