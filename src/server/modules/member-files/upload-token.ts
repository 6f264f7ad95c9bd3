import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { serverKey } from '../../db/sealing.js';

/** How long the browser that sent an application may add its photo and documents. */
export const UPLOAD_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

const KEY_NAME = 'application_uploads';
const TOKEN = /^(\d{1,12})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

async function signature(db: Db, applicationId: number, expiresAt: number): Promise<string> {
  const key = await serverKey(db, KEY_NAME);
  return createHmac('sha256', key).update(`application-upload.v1|${applicationId}|${expiresAt}`).digest('base64url');
}

/**
 * The `X-Upload-Token` a public applicant gets with their new application: it proves, for an
 * hour and for that application alone, that the caller is the browser that sent it. Nothing
 * is stored: the token is the application's id and the expiry, signed with a server key.
 */
export async function issueUploadToken(db: Db, applicationId: number, now: number): Promise<string> {
  const expiresAt = now + UPLOAD_TOKEN_LIFETIME_MS;
  return `${applicationId}.${expiresAt}.${await signature(db, applicationId, expiresAt)}`;
}

/** Whether `token` was issued for `applicationId` and is still within its hour. */
export async function verifyUploadToken(db: Db, token: string | undefined, applicationId: number, now: number): Promise<boolean> {
  const match = TOKEN.exec(token ?? '');
  if (!match) return false;
  const [, id, exp, sig] = match;
  if (Number(id) !== applicationId || Number(exp) <= now) return false;
  const expected = Buffer.from(await signature(db, applicationId, Number(exp)));
  const given = Buffer.from(sig!);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
