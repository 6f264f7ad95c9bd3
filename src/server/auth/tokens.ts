import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { AccessClaims, Role, TokenPair } from '../../core/contract.js';
import type { Db } from '../db/database.js';
import { randomToken, sha256 } from './secrets.js';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
const ALGORITHM = 'HS256';

export interface TokenSubject {
  id: number;
  name: string;
  role: Role;
}

/** Signs and checks tokens with a key kept in the database, so every instance shares it. */
export interface TokenService {
  issuePair(subject: TokenSubject, family?: string): Promise<TokenPair>;
  verifyAccess(token: string): Promise<AccessClaims | null>;
  /** Rotates a refresh token: the old one is spent; reusing a spent one revokes its family. */
  rotate(refreshToken: string): Promise<TokenPair | null>;
  /** Ends every session of a user (password change, deactivation). */
  revokeUser(userId: number): Promise<void>;
}

async function loadKey(db: Db): Promise<Uint8Array> {
  const existing = await db.selectFrom('server_secrets').select('value').where('name', '=', 'jwt').executeTakeFirst();
  if (existing) return Buffer.from(String(existing.value), 'base64url');
  const value = randomToken(48);
  // Two instances starting together: the first insert wins and both read it back.
  await db
    .insertInto('server_secrets')
    .values({ name: 'jwt', value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await db.selectFrom('server_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow();
  return Buffer.from(String(stored.value), 'base64url');
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function createTokenService(db: Db, now: () => number): Promise<TokenService> {
  // jose works through WebCrypto: a key given as bytes is imported again on every signature
  // and verification, a noticeable cost per request, so import it once.
  const key = await webcrypto.subtle.importKey('raw', await loadKey(db), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const seconds = () => Math.floor(now() / 1000);

  async function verify(token: string, type: 'access' | 'refresh') {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        currentDate: new Date(now()),
      });
      return payload.typ === type ? payload : null;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }

  /** Signs a pair and records the refresh token, through `executor` (the pool or a transaction). */
  async function issuePair(subject: TokenSubject, family = randomToken(16), executor: Db = db): Promise<TokenPair> {
    const iat = seconds();
    const access = await new SignJWT({ ID: subject.id, Name: subject.name, Role: subject.role, typ: 'access' })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
      .sign(key);
    const jti = randomToken(24);
    const refreshExp = iat + REFRESH_TOKEN_SECONDS;
    const refresh = await new SignJWT({ ID: subject.id, typ: 'refresh', fam: family })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(refreshExp)
      .sign(key);
    const stamp = iso(now());
    await executor
      .insertInto('refresh_tokens')
      .values({
        user_id: subject.id,
        family,
        token_hash: sha256(jti),
        expires_at: iso(refreshExp * 1000),
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    return { access, refresh };
  }

  return {
    issuePair: (subject, family) => issuePair(subject, family),

    async verifyAccess(token) {
      const payload = await verify(token, 'access');
      if (!payload || typeof payload.ID !== 'number' || typeof payload.Role !== 'string') return null;
      return payload as unknown as AccessClaims;
    },

    async rotate(refreshToken) {
      const payload = await verify(refreshToken, 'refresh');
      if (!payload?.jti || typeof payload.fam !== 'string') return null;
      const stamp = iso(now());
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('refresh_tokens')
          .select(['_id', 'user_id', 'family', 'used_at', 'revoked_at'])
          .where('token_hash', '=', sha256(payload.jti as string))
          .executeTakeFirst();
        if (!row || row.revoked_at) return null;
        // Spend the token atomically: of two concurrent uses, only one updates the row.
        const spent = await trx
          .updateTable('refresh_tokens')
          .set({ used_at: stamp, updated_at: stamp })
          .where('_id', '=', row._id as number)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) {
          // A spent token came back: someone holds a copy. End the whole family.
          await trx
            .updateTable('refresh_tokens')
            .set({ revoked_at: stamp, updated_at: stamp })
            .where('family', '=', row.family as string)
            .where('revoked_at', 'is', null)
            .execute();
          return null;
        }
        const user = await trx
          .selectFrom('users')
          .select(['_id', 'name', 'role', 'active'])
          .where('_id', '=', row.user_id as number)
          .executeTakeFirst();
        if (!user || Number(user.active) !== 1) return null;
        const subject = { id: Number(user._id), name: String(user.name), role: user.role as Role };
        return issuePair(subject, String(row.family), trx);
      });
    },

    async revokeUser(userId) {
      const stamp = iso(now());
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: stamp, updated_at: stamp })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };

}
