import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit/record.js';
import { badRequest } from '../errors.js';
import { LOGOUT_DOC } from '../openapi/route-docs.js';
import type { Caller } from './caller.js';
import { RESOURCE, type Role } from '../../core/contract.js';

// A refresh token is a few hundred characters; anything much longer is not one.
const MAX_TOKEN_LENGTH = 4096;

/** POST /api/auth/logout: ends the session a refresh token belongs to. */
export async function sessionRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;

  app.post('/auth/logout', { config: { public: true, openapi: LOGOUT_DOC } }, async (request, reply) => {
    // Non-empty text: the route's body schema (LOGOUT_DOC) saw to it.
    const token = (request.body as { refreshToken: string }).refreshToken;
    if (token.length > MAX_TOKEN_LENGTH) throw badRequest('O campo "refreshToken" é obrigatório e deve ser texto.');
    // The same answer whether the token was live, already ended or never valid: it reveals nothing.
    await db.transaction().execute(async (trx) => {
      const userId = await app.tokens.revokeFamily(token, trx);
      if (userId === null) return;
      const user = await trx.selectFrom('users').select(['name', 'role', 'member']).where('_id', '=', userId).executeTakeFirst();
      const actor: Caller = user
        ? { kind: 'user', id: userId, name: String(user.name), role: user.role as Role, memberId: user.member == null ? null : Number(user.member) }
        : { kind: 'anonymous' };
      await recordAudit(trx, { at: app.ctx.now(), actor, address: request.ip ?? null, resource: RESOURCE.users, recordId: userId, action: 'logout', changes: null });
    });
    return reply.status(204).send();
  });
}
