import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS } from '../../core/two-factor.js';
import type { Db, Engine } from '../db/database.js';
import { seal, serverKey, unseal } from '../db/sealing.js';

const TOTP_PERIOD_SECONDS = 30;
/** One step either side of now: clocks of phones drift a little. */
const TOTP_WINDOW = 1;
/** Wrong codes or passwords per account in FAILURE_WINDOW_MS before codes are refused. */
export const MAX_TWO_FACTOR_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;

const KEY_NAME = 'totp';
const iso = (ms: number) => new Date(ms).toISOString();

/** Parameters every authenticator app understands (RFC 6238 defaults). */
function totpFor(secret: Secret, issuer = 'Associa', label = 'Associa'): TOTP {
  return new TOTP({ issuer, label, secret, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
}

/** The AES-256 key of TOTP secrets; created on first use. */
export const totpKey = (db: Db): Promise<Buffer> => serverKey(db, KEY_NAME);

// The user id is authenticated data: a secret copied to another user's row does not decrypt.
const aadOf = (userId: number) => `user:${userId}`;

export const encryptSecret = (key: Buffer, userId: number, base32: string): string => seal(key, base32, aadOf(userId));

export function decryptSecret(key: Buffer, userId: number, stored: string): string {
  const base32 = unseal(key, stored, aadOf(userId));
  if (base32 === null) throw new Error(`TOTP secret of user ${userId} does not open`);
  return base32;
}

/** A new random secret (160 bits, as RFC 4226 recommends) and its otpauth:// URI. */
export function newTotpSecret(issuer: string, label: string): { base32: string; uri: string } {
  const secret = new Secret({ size: 20 });
  return { base32: secret.base32, uri: totpFor(secret, issuer, label).toString() };
}

/** The 30-second step a code of `base32` matches at `now`, or null. */
function matchingStep(base32: string, code: string, now: number): number | null {
  const delta = totpFor(Secret.fromBase32(base32)).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now }) + delta;
}

export interface TotpRow {
  user_id: number;
  secret: string;
  enabled_at: string | null;
  last_step: number | null;
  failures: number;
  failures_since: string | null;
}

/**
 * Serialises every two-factor change of one account until the transaction ends: PostgreSQL
 * holds the user's row; SQLite runs one write transaction at a time anyway.
 */
export async function lockAccount(trx: Db, engine: Engine, userId: number): Promise<void> {
  if (engine === 'postgres') await sql`SELECT _id FROM users WHERE _id = ${userId} FOR UPDATE`.execute(trx);
}

export async function readTotp(db: Db, userId: number): Promise<TotpRow | undefined> {
  return db
    .selectFrom('user_totp')
    .select(['user_id', 'secret', 'enabled_at', 'last_step', 'failures', 'failures_since'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Failures counted in the current window (an older window counts as none). */
function currentFailures(row: TotpRow, now: number): number {
  return row.failures_since && Date.parse(row.failures_since) > now - FAILURE_WINDOW_MS ? row.failures : 0;
}

export const tooManyFailures = (row: TotpRow, now: number): boolean => currentFailures(row, now) >= MAX_TWO_FACTOR_FAILURES;

/** Counts one wrong code or password against the account. Inside the account's lock. */
export async function recordFailure(trx: Db, row: TotpRow, now: number): Promise<void> {
  const counted = currentFailures(row, now);
  await trx
    .updateTable('user_totp')
    .set({ failures: counted + 1, failures_since: counted === 0 ? iso(now) : row.failures_since, updated_at: iso(now) })
    .where('user_id', '=', row.user_id)
    .execute();
}

export type CodeCheck = 'ok' | 'wrong' | 'replayed' | 'throttled';

/**
 * Checks a 6-digit code against the account's secret (enabled or being enrolled) inside the
 * account's lock: a right code moves `last_step` on, so the same code never works twice; a
 * wrong one counts against the account.
 */
export async function checkCode(trx: Db, key: Buffer, row: TotpRow, code: string, now: number): Promise<CodeCheck> {
  if (tooManyFailures(row, now)) return 'throttled';
  const step = matchingStep(decryptSecret(key, row.user_id, row.secret), code, now);
  if (step === null) {
    await recordFailure(trx, row, now);
    return 'wrong';
  }
  if (row.last_step !== null && step <= row.last_step) return 'replayed';
  await trx
    .updateTable('user_totp')
    .set({ last_step: step, failures: 0, failures_since: null, updated_at: iso(now) })
    .where('user_id', '=', row.user_id)
    .execute();
  return 'ok';
}
