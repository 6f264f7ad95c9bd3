import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from './database.js';

/*
 * Server keys and what they seal. A key is a random value in `server_secrets`, so every
 * instance on one database shares it. Sealed text is AES-256-GCM, stored as
 * `v1.{iv}.{tag}.{ciphertext}` (base64url parts): TOTP secrets and message bodies sealed
 * before this module existed are in this very format.
 */

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
// Stated when opening, so a shortened (easier to forge) tag is refused.
const TAG_BYTES = 16;
const FORMAT = 'v1';
/** AES-256 wants 32 bytes. */
const SEALING_KEY_BYTES = 32;

// A key never changes once stored, so each database reads each one once.
const loaded = new WeakMap<Db, Map<string, Promise<Buffer>>>();

async function loadOrCreate(db: Db, name: string, bytes: number): Promise<Buffer> {
  const read = () => db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  const existing = await read();
  if (existing) return Buffer.from(existing.value, 'base64url');
  // Two instances creating it together: the first insert wins and both read it back.
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(bytes).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error(`server secret ${name} missing after creation`);
  return Buffer.from(stored.value, 'base64url');
}

/**
 * The server key called `name`, created with `bytes` random bytes on first use. Remembered
 * per executor: a key created in a transaction that rolls back goes with what it sealed
 * there, and is never remembered for the database.
 */
export function serverKey(db: Db, name: string, bytes = SEALING_KEY_BYTES): Promise<Buffer> {
  const keys = loaded.get(db) ?? new Map<string, Promise<Buffer>>();
  loaded.set(db, keys);
  let key = keys.get(name);
  if (!key) {
    key = loadOrCreate(db, name, bytes);
    keys.set(name, key);
    key.catch(() => keys.delete(name));
  }
  return key;
}

/**
 * Encrypts `plaintext` bound to `associatedData` (who or what it belongs to): sealed text
 * copied next to other associated data does not open.
 */
export function seal(key: Buffer, plaintext: string, associatedData: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The text `seal` encrypted, or null when it is in another format, was altered, or was sealed with other key or data. */
export function unseal(key: Buffer, sealed: string, associatedData: string): string | null {
  const [format, iv, tag, data, extra] = sealed.split('.');
  if (format !== FORMAT || !iv || !tag || data === undefined || extra !== undefined) return null;
  try {
    const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
