import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { randomToken, sha256 } from '../../auth/secrets.js';
import { coded } from '../../errors.js';

const DAY_MS = 86_400_000;
/** 32 random bytes: 43 URL-safe characters, far beyond guessing. */
const CODE_BYTES = 32;
const CODE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface NewCode {
  code: string;
  hash: string;
  expiresAt: string;
}

/** A new confirmation code; only its hash and expiry are stored. */
export function newVerificationCode(now: number, days: number): NewCode {
  const code = randomToken(CODE_BYTES);
  return { code, hash: sha256(code), expiresAt: new Date(now + days * DAY_MS).toISOString() };
}

export type VerifyStatus = 'confirmed' | 'already_confirmed';

const unknownCode = () => coded(404, 'verification_unknown', 'Esta ligação de confirmação não é válida: confirme que a copiou por inteiro da mensagem que recebeu.');
const expiredCode = () => coded(410, 'verification_expired', 'Esta ligação de confirmação expirou. Contacte a associação para receber uma nova.');

/**
 * Confirms the e-mail of the application a code belongs to, inside `trx`. A code works once: the
 * hash stays (so a second click answers 'already_confirmed', not 'unknown') but confirms nothing
 * again. Answers the application's id and what happened.
 */
export async function verifyEmail(trx: Db, code: unknown, now: number): Promise<{ id: number; status: VerifyStatus }> {
  if (typeof code !== 'string' || !CODE_SHAPE.test(code)) throw unknownCode();
  const row = await trx
    .selectFrom('member_applications')
    .select(['_id', 'state', 'email_confirmed_at', 'verification_expires_at'])
    .where('verification_hash', '=', sha256(code))
    .executeTakeFirst();
  if (!row) throw unknownCode();
  const id = Number(row._id);
  if (row.email_confirmed_at) return { id, status: 'already_confirmed' };
  if (String(row.verification_expires_at ?? '') < new Date(now).toISOString()) throw expiredCode();
  const stamp = new Date(now).toISOString();
  // Only a still-submitted application moves on; one withdrawn meanwhile keeps its state but its e-mail is confirmed.
  await trx
    .updateTable('member_applications')
    .set({
      email_confirmed_at: stamp,
      state: sql`CASE WHEN state = 'submitted' THEN 'email_confirmed' ELSE state END`,
      updated_at: stamp,
      _version: sql`_version + 1`,
    })
    .where('_id', '=', id)
    .where('email_confirmed_at', 'is', null)
    .execute();
  return { id, status: 'confirmed' };
}
