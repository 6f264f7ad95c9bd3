import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AuthenticatedCaller } from '../auth/caller.js';
import type { Db } from '../db/database.js';
import { serverKey } from '../db/sealing.js';

/** How long a file address works once issued. */
export const FILE_URL_LIFETIME_MS = 5 * 60 * 1000;

const KEY_NAME = 'file_urls';

/** Who an address is issued to: an account and an API key with the same _id differ. */
const holder = (caller: AuthenticatedCaller) => `${caller.kind}:${caller.id}`;

async function signature(db: Db, fileId: number, caller: AuthenticatedCaller, expiresAt: number): Promise<string> {
  const key = await serverKey(db, KEY_NAME);
  return createHmac('sha256', key).update(`file-url.v1|${fileId}|${holder(caller)}|${expiresAt}`).digest('base64url');
}

export interface SignedFileUrl {
  url: string;
  /** ISO-8601 UTC. */
  expiresAt: string;
}

/** `/api/files/{id}/content?exp=...&sig=...`, good for `caller` alone until it expires. */
export async function signFileUrl(db: Db, fileId: number, caller: AuthenticatedCaller, now: number): Promise<SignedFileUrl> {
  const expiresAt = now + FILE_URL_LIFETIME_MS;
  const sig = await signature(db, fileId, caller, expiresAt);
  return { url: `/api/files/${fileId}/content?exp=${expiresAt}&sig=${sig}`, expiresAt: new Date(expiresAt).toISOString() };
}

export type UrlCheck = 'valid' | 'expired' | 'invalid';

/**
 * Whether `exp` and `sig` are an address issued for this file to this very caller, and still
 * within its time. A copied address presented by anyone else is `invalid`.
 */
export async function checkFileUrl(
  db: Db,
  fileId: number,
  caller: AuthenticatedCaller,
  exp: string | undefined,
  sig: string | undefined,
  now: number,
): Promise<UrlCheck> {
  if (!exp || !sig || !/^\d{1,15}$/.test(exp)) return 'invalid';
  const expected = Buffer.from(await signature(db, fileId, caller, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(exp) > now ? 'valid' : 'expired';
}
