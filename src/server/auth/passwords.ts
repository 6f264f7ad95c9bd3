import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// N=2^15 costs about 50 ms here: slow for an attacker, quick enough for a login.
const PARAMS = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
let costOfNewHashes: number = PARAMS.N;

/**
 * Lowers the scrypt cost of hashes made from now on in this process. Only the test suites call it
 * (test/support/password-cost.ts): they create and log in thousands of accounts, and at 50 ms a
 * hash that was most of the time of the login and two-step tests (two-factor: 33 s, 5 s at
 * N=2^10). A stored hash names its own cost, so verifying is unchanged.
 */
export function lowerPasswordCostForTests(n: number): void {
  costOfNewHashes = n;
}
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, params: ScryptOptions & { N: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Returns `scrypt$N$r$p$salt$hash` (base64), so parameters can change without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = { ...PARAMS, N: costOfNewHashes };
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
