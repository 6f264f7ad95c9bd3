import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { serverKey } from '../../db/sealing.js';

/*
 * The public form's token, HMAC-signed with a server key (every instance shares it): it says
 * when the form was handed out, so a bot posting at once, or a token kept for days, is refused.
 * Nothing is stored. (The upload token after applying is upload-token.ts.)
 */

const KEY_NAME = 'application_forms';
const FORM_MIN_MS = 3_000;
const FORM_MAX_MS = 24 * 3_600_000;

async function signature(db: Db, text: string): Promise<string> {
  return createHmac('sha256', await serverKey(db, KEY_NAME)).update(text).digest('base64url');
}

async function signed(db: Db, payload: string): Promise<string> {
  return `${payload}.${await signature(db, payload)}`;
}

/** The payload of a token this server signed, or null (malformed, forged). */
async function opened(db: Db, token: unknown): Promise<string | null> {
  if (typeof token !== 'string' || token.length > 200) return null;
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(await signature(db, payload));
  return given.length === expected.length && timingSafeEqual(given, expected) ? payload : null;
}

export const issueFormToken = (db: Db, now: number): Promise<string> => signed(db, `f.${now.toString(36)}`);

export type FormTokenProblem = 'malformed' | 'too_fast' | 'too_old';

/** Why a form token is refused at `now`, or null when the form may be accepted. */
export async function formTokenProblem(db: Db, token: unknown, now: number): Promise<FormTokenProblem | null> {
  const payload = await opened(db, token);
  const match = payload ? /^f\.([0-9a-z]{1,12})$/.exec(payload) : null;
  if (!match) return 'malformed';
  const age = now - parseInt(match[1]!, 36);
  if (age < FORM_MIN_MS) return 'too_fast';
  return age > FORM_MAX_MS ? 'too_old' : null;
}
