import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { AccessClaims, Role, TokenPair } from '../../core/contract.js';
import type { Db, Engine } from '../db/database.js';
import { serverKey } from '../db/sealing.js';
import { randomToken, sha256 } from './secrets.js';
import { lockAccount, SESSION_MAX_MS, sessionIdleMs } from './session-limits.js';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ALGORITHM = 'HS256';

export interface TokenSubject {
  id: number;
  name: string;
  role: Role;
}

export interface IssueOptions {
  /** The account's session version to sign in; read from the account when absent. */
  version?: number;
  /** 'code': the session begins with a one-time code sent by e-mail. */
  amr?: 'code';
  /** A write's transaction to record the refresh token in (the account is then not locked again). */
  executor?: Db;
  /** A guardian's session acting for a minor member (claim `act`, checked again on every request: guardianship.ts). */
  actingFor?: number;
}

/** Signs and checks tokens with a key kept in the database, so every instance shares it. */
export interface TokenService {
  /** A new session (refresh-token family) for an account. */
  issuePair(subject: TokenSubject, options?: IssueOptions): Promise<TokenPair>;
  verifyAccess(token: string): Promise<AccessClaims | null>;
  /**
   * Rotates a refresh token: the old one is spent; reusing a spent one revokes its family.
   * Refused when the family went unused longer than the idle setting or is past its maximum life.
   */
  rotate(refreshToken: string): Promise<TokenPair | null>;
  /** Ends every session of a user (password change, deactivation), through `executor` (a write's transaction) when given. */
  revokeUser(userId: number, executor?: Db): Promise<void>;
  /**
   * Ends the session a refresh token belongs to (logout), spent or not, in `executor` (a
   * transaction) when given. Returns the account whose session ended, or null when the token
   * is not a valid one or its session had already ended.
   */
  revokeFamily(refreshToken: string, executor?: Db): Promise<number | null>;
}

/**
 * Access tokens whose signature was already checked, kept by their exact text: a client sends
 * the same token on every request for its 15 minutes, and checking the HMAC again (WebCrypto,
 * through the thread pool) was about a tenth of a cached-bypassed list request's time. The
 * key never changes while the server runs, so a token valid once stays valid until it expires;
 * revocation is the session version, checked against the account on every request.
 */
const VERIFIED_ACCESS_TOKENS = 1000;

/** Random bytes of the HMAC key of every token: more than the 32 HMAC-SHA-256 needs. */
const JWT_KEY_BYTES = 48;

const iso = (ms: number) => new Date(ms).toISOString();

export async function createTokenService(db: Db, now: () => number, engine: Engine): Promise<TokenService> {
  // jose works through WebCrypto: a key given as bytes is imported again on every signature
  // and verification, a noticeable cost per request, so import it once.
  const key = await webcrypto.subtle.importKey('raw', await serverKey(db, 'jwt', JWT_KEY_BYTES), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const seconds = () => Math.floor(now() / 1000);
  const verifiedAccess = new Map<string, AccessClaims>();

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

  interface Family {
    id: string;
    /** When the family's first token was issued (ms). */
    startedAt: number;
  }

  /** Signs a pair of `family` and records its refresh token, in `trx`. */
  async function sign(trx: Db, subject: TokenSubject, version: number, family: Family, idleMs: number, amr?: 'code', act?: number): Promise<TokenPair> {
    const iat = seconds();
    const acting = act === undefined ? {} : { act };
    const access = await new SignJWT({ ID: subject.id, Name: subject.name, Role: subject.role, ver: version, ...(amr ? { amr } : {}), ...acting, typ: 'access' })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
      .sign(key);
    const jti = randomToken(24);
    // Unused for the idle period, or at the family's maximum life, whichever comes first.
    const expiresMs = Math.min(iat * 1000 + idleMs, family.startedAt + SESSION_MAX_MS);
    const refreshExp = Math.floor(expiresMs / 1000);
    // The refresh token carries the choice too, so a rotation keeps acting for the same minor.
    const refresh = await new SignJWT({ ID: subject.id, typ: 'refresh', fam: family.id, ...acting })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(refreshExp)
      .sign(key);
    const stamp = iso(now());
    await trx
      .insertInto('refresh_tokens')
      .values({
        user_id: subject.id,
        family: family.id,
        family_started_at: iso(family.startedAt),
        token_hash: sha256(jti),
        expires_at: iso(refreshExp * 1000),
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    return { access, refresh };
  }

  async function issueIn(trx: Db, subject: TokenSubject, options: IssueOptions): Promise<TokenPair> {
    let version = options.version;
    if (version === undefined) {
      const account = options.executor ? await trx.selectFrom('users').select('token_version').where('_id', '=', subject.id).executeTakeFirst() : await lockAccount(trx, engine, subject.id);
      version = Number(account?.token_version ?? 0);
    }
    return sign(trx, subject, version, { id: randomToken(16), startedAt: now() }, await sessionIdleMs(trx), options.amr, options.actingFor);
  }

  const revokeWhere = (executor: Db, column: 'user_id' | 'family', value: number | string) => {
    const stamp = iso(now());
    return executor
      .updateTable('refresh_tokens')
      .set({ revoked_at: stamp, updated_at: stamp })
      .where(column, '=', value)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  };

  return {
    issuePair: (subject, options = {}) =>
      options.executor ? issueIn(options.executor, subject, options) : db.transaction().execute((trx) => issueIn(trx, subject, options)),

    async verifyAccess(token) {
      const known = verifiedAccess.get(token);
      if (known) {
        // As jwtVerify judges expiry: expired once `exp` is not after the current second.
        if (known.exp > seconds()) return { ...known };
        verifiedAccess.delete(token);
      }
      const payload = await verify(token, 'access');
      if (!payload || typeof payload.ID !== 'number' || typeof payload.Role !== 'string') return null;
      const claims = payload as unknown as AccessClaims;
      if (typeof claims.exp === 'number') {
        if (verifiedAccess.size >= VERIFIED_ACCESS_TOKENS) verifiedAccess.delete(verifiedAccess.keys().next().value!);
        verifiedAccess.set(token, { ...claims });
      }
      return claims;
    },

    async rotate(refreshToken) {
      const payload = await verify(refreshToken, 'refresh');
      if (!payload?.jti || typeof payload.fam !== 'string' || typeof payload.ID !== 'number') return null;
      const userId = payload.ID;
      const time = now();
      const stamp = iso(time);
      return db.transaction().execute(async (trx) => {
        // Locked first: a password change or logout running now finishes before this reads the token.
        const user = await lockAccount(trx, engine, userId);
        const row = await trx
          .selectFrom('refresh_tokens')
          .select(['_id', 'user_id', 'family', 'family_started_at', 'created_at', 'used_at', 'revoked_at'])
          .where('token_hash', '=', sha256(payload.jti as string))
          .executeTakeFirst();
        if (!user || !row || row.revoked_at || row.user_id !== userId) return null;
        const idleMs = await sessionIdleMs(trx);
        const startedAt = Date.parse(row.family_started_at ?? row.created_at);
        if (time - Date.parse(row.created_at) > idleMs || time - startedAt > SESSION_MAX_MS) return null;
        // Spend the token atomically: of two concurrent uses, only one updates the row.
        const spent = await trx
          .updateTable('refresh_tokens')
          .set({ used_at: stamp, updated_at: stamp })
          .where('_id', '=', row._id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) {
          // A spent token came back: someone holds a copy. End the whole family.
          await revokeWhere(trx, 'family', row.family);
          return null;
        }
        if (Number(user.active) !== 1) return null;
        const subject = { id: Number(user._id), name: String(user.name), role: user.role as Role };
        const act = typeof payload.act === 'number' ? payload.act : undefined;
        return sign(trx, subject, Number(user.token_version ?? 0), { id: row.family, startedAt }, idleMs, undefined, act);
      });
    },

    async revokeUser(userId, executor = db) {
      await revokeWhere(executor, 'user_id', userId);
    },

    async revokeFamily(refreshToken, executor) {
      const payload = await verify(refreshToken, 'refresh');
      if (!payload || typeof payload.fam !== 'string' || typeof payload.ID !== 'number') return null;
      const userId = payload.ID;
      const family = payload.fam;
      const run = async (trx: Db) => {
        // Locked first: a refresh of this family running now finishes, and its new token is revoked too.
        await lockAccount(trx, engine, userId);
        const stamp = iso(now());
        const result = await trx
          .updateTable('refresh_tokens')
          .set({ revoked_at: stamp, updated_at: stamp })
          .where('family', '=', family)
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0 ? userId : null;
      };
      return executor ? run(executor) : db.transaction().execute(run);
    },
  };
}
