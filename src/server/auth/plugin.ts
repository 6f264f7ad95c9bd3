import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../core/contract.js';
import { unauthorized } from '../errors.js';
import { createAccountCache, type Account } from './account-cache.js';
import { actsFor, GUARDIAN_ROLE } from './guardianship.js';
import { createApiKeyCache } from './api-key-cache.js';
import type { Caller } from './caller.js';
import { isApiSecret, sha256 } from './secrets.js';
import { createTokenService, type TokenService } from './tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
  interface FastifyRequest {
    caller: Caller;
  }
}

const ANONYMOUS: Caller = { kind: 'anonymous' };
// Writing last_used_at on every request would turn each read into a write.
const LAST_USED_RESOLUTION_MS = 60_000;

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Cabeçalho de autorização inválido.');
  return match[1];
}

/** Identifies who is asking on every request; routes decide what that caller may do. */
async function auth(app: FastifyInstance) {
  const { db } = app.ctx.database;
  const tokens = await createTokenService(db, app.ctx.now, app.ctx.database.engine);
  app.decorate('tokens', tokens);
  // Fastify wants a primitive placeholder; the onRequest hook below always sets it.
  app.decorateRequest('caller', null as never);

  const apiKeys = createApiKeyCache(app.ctx.bus, app.ctx.now, async (secretHash) => {
    const key = await db
      .selectFrom('api_secrets')
      .select(['_id', 'name', 'role', 'revoked_at', 'expires_at', 'last_used_at'])
      .where('secret_hash', '=', secretHash)
      .executeTakeFirst();
    if (!key) return undefined;
    return {
      id: Number(key._id),
      name: String(key.name),
      role: key.role as Role,
      revoked: Boolean(key.revoked_at),
      expiresAt: key.expires_at ? Date.parse(String(key.expires_at)) : undefined,
      lastUsedAt: key.last_used_at ? Date.parse(String(key.last_used_at)) : 0,
    };
  });
  app.addHook('onClose', () => apiKeys.close());

  async function fromApiKey(secret: string): Promise<Caller> {
    const key = await apiKeys.get(sha256(secret));
    if (!key || key.revoked) throw unauthorized('Chave de API inválida ou revogada.');
    const now = app.ctx.now();
    const { expiresAt } = key;
    if (expiresAt !== undefined && expiresAt <= now) throw unauthorized('Chave de API expirada.');
    if (now - key.lastUsedAt > LAST_USED_RESOLUTION_MS) {
      key.lastUsedAt = now;
      await db
        .updateTable('api_secrets')
        .set({ last_used_at: new Date(now).toISOString() })
        .where('_id', '=', key.id)
        .execute();
    }
    return { kind: 'apiKey', id: key.id, name: key.name, role: key.role, memberId: null, ...(expiresAt === undefined ? {} : { expiresAt }) };
  }

  // A role change or deactivation applies at once and a token from before a password change
  // (an older session version) is refused: every such write drops the account from this cache.
  const accounts = createAccountCache(app.ctx.bus, app.ctx.now, async (id) => {
    const user = await db
      .selectFrom('users')
      .select(['_id', 'username', 'name', 'role', 'member', 'active', 'token_version'])
      .where('_id', '=', id)
      .executeTakeFirst();
    if (!user) return undefined;
    return {
      id: Number(user._id),
      name: String(user.name),
      role: user.role as Role,
      memberId: user.member === null || user.member === undefined ? null : Number(user.member),
      username: String(user.username),
      active: Number(user.active) === 1,
      tokenVersion: Number(user.token_version),
    };
  });
  app.addHook('onClose', () => accounts.close());

  async function fromAccessToken(token: string): Promise<Caller> {
    const claims = await tokens.verifyAccess(token);
    if (!claims) throw unauthorized('Sessão inválida ou expirada.');
    const user = await accounts.get(claims.ID);
    if (!user || !user.active || (claims.ver ?? 0) !== user.tokenVersion) throw unauthorized('Sessão inválida ou expirada.');
    return {
      kind: 'user',
      id: user.id,
      name: user.name,
      role: user.role,
      memberId: claims.act === undefined ? user.memberId : await actingMember(user, claims.act),
      expiresAt: claims.exp * 1000,
      ...(claims.amr === 'code' ? { codeLoginAt: claims.iat * 1000 } : {}),
    };
  }

  /**
   * The member a guardian's session acts for (claim `act`, set by POST /api/own/minors/choose),
   * checked on every request: still their minor, or the account's own member. A choice that
   * lapsed (the minor came of age, staff changed the guardian) falls back to the account's own
   * record, which shows nobody else's.
   */
  async function actingMember(user: Account, act: number): Promise<number | null> {
    if (act === user.memberId) return act;
    if (user.role !== GUARDIAN_ROLE || !user.username) return user.memberId;
    return (await actsFor(db, user.username, act, app.ctx.now())) ? act : user.memberId;
  }

  app.addHook('onRequest', async (request) => {
    const token = bearer(request);
    request.caller = token === undefined ? ANONYMOUS : isApiSecret(token) ? await fromApiKey(token) : await fromAccessToken(token);
  });
}

export const authPlugin = fp(auth, { name: 'associa-auth' });
