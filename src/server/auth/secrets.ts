import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 of a high-entropy secret (API key, refresh token id, login code): safe to store and look up. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** URL-safe random string with `bytes` bytes of entropy. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

const API_KEY_PREFIX = 'ask_';

/** A new API key: the secret is shown once; only its hash and a short prefix are stored. */
export function newApiSecret(): { secret: string; hash: string; prefix: string } {
  const secret = API_KEY_PREFIX + randomToken(32);
  return { secret, hash: sha256(secret), prefix: secret.slice(0, API_KEY_PREFIX.length + 6) };
}

export const isApiSecret = (token: string): boolean => token.startsWith(API_KEY_PREFIX);
