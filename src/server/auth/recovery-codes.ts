import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../core/two-factor.js';
import type { Db } from '../db/database.js';
import { sha256 } from './secrets.js';

// No 0/o, 1/l/i: codes are read off paper and typed by hand.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

/** Lower case without spaces or dashes, as codes are stored. */
const normaliseRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

function newCode(): string {
  const chars = Array.from({ length: HALF * 2 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, HALF)}-${chars.slice(HALF)}`;
}

/** Replaces the account's recovery codes with new ones; returns them (shown once, stored hashed). */
export async function replaceRecoveryCodes(trx: Db, userId: number, now: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const stamp = new Date(now).toISOString();
  await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('totp_recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: sha256(normaliseRecoveryCode(code)), created_at: stamp, updated_at: stamp })))
    .execute();
  return codes;
}

/** Spends one unused code of the account; false when it is unknown or already used. */
export async function spendRecoveryCode(trx: Db, userId: number, code: string, now: number): Promise<boolean> {
  const stamp = new Date(now).toISOString();
  const spent = await trx
    .updateTable('totp_recovery_codes')
    .set({ used_at: stamp, updated_at: stamp })
    .where('user_id', '=', userId)
    .where('code_hash', '=', sha256(normaliseRecoveryCode(code)))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) > 0;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('totp_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const deleteRecoveryCodes = (trx: Db, userId: number) => trx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
