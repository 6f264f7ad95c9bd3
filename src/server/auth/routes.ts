import type { FastifyInstance } from 'fastify';
import type { Role } from '../../core/contract.js';
import { badRequest, HttpError, notFound, tooManyRequests, unauthorized } from '../errors.js';
import { objectBody } from '../request-body.js';
import { announceMessage } from '../messages/outbox.js';
import { redeemLoginCode, sendLoginLink } from './login-codes.js';
import { verifyPassword } from './passwords.js';
import { createThrottle } from './throttle.js';

const MAX_CREDENTIAL_LENGTH = 1024;

function text(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value.length === 0) throw badRequest(`O campo "${name}" é obrigatório e deve ser texto.`);
  if (value.length > MAX_CREDENTIAL_LENGTH) throw badRequest(`O campo "${name}" é demasiado longo.`);
  return value;
}

const tooMany = () => tooManyRequests('Demasiadas tentativas falhadas. Aguarde alguns minutos e tente novamente.');

/** POST /api/auth (password, recovery request or login code) and POST /api/auth/refresh. */
export async function authRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  const { now, config } = app.ctx;
  const throttle = createThrottle(db, now);

  const userColumns = ['_id', 'name', 'role', 'email', 'active', 'password_hash'] as const;
  const subjectOf = (user: { _id: unknown; name: unknown; role: unknown }) => ({
    id: Number(user._id),
    name: String(user.name),
    role: user.role as Role,
  });

  app.post('/auth', { config: { public: true } }, async (request, reply) => {
    const body = objectBody(request);
    const address = request.ip;

    if ('recoverCode' in body) {
      const code = text(body, 'recoverCode');
      if (await throttle.isBlocked(undefined, address)) throw tooMany();
      const userId = await redeemLoginCode(db, now(), code);
      if (userId === null) {
        await throttle.recordFailure(undefined, address);
        throw new HttpError(403, 'A ligação é inválida, já foi usada ou expirou. Peça uma nova.');
      }
      const user = await db.selectFrom('users').select(userColumns).where('_id', '=', userId).executeTakeFirst();
      if (!user || Number(user.active) !== 1) throw new HttpError(403, 'A conta está desativada.');
      return app.tokens.issuePair(subjectOf(user));
    }

    if ('recover_password' in body) {
      if (body.recover_password !== true) throw badRequest('O campo "recover_password" deve ser true.');
      const email = text(body, 'email').trim().toLowerCase();
      // The answer is the same whether or not the address exists, so it reveals nothing.
      const users = await db
        .selectFrom('users')
        .select(userColumns)
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .where('active', '=', 1)
        .execute();
      for (const user of users) {
        await announceMessage(app.ctx.bus, await sendLoginLink(db, now(), config.publicUrl, user, 'recover'), 'created');
      }
      return reply.status(204).send();
    }

    const username = text(body, 'username').trim();
    const password = typeof body.password === 'string' ? body.password : '';
    if (password.length > MAX_CREDENTIAL_LENGTH) throw badRequest('O campo "password" é demasiado longo.');
    if (await throttle.isBlocked(username, address)) throw tooMany();
    const user = await db
      .selectFrom('users')
      .select(userColumns)
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
    if (!user || Number(user.active) !== 1) {
      await throttle.recordFailure(username, address);
      throw notFound('Conta não encontrada.');
    }
    if (!user.password_hash) {
      // Accounts without a password log in by a link sent to their e-mail.
      if (user.email) await announceMessage(app.ctx.bus, await sendLoginLink(db, now(), config.publicUrl, user, 'login'), 'created');
      return reply.status(204).send();
    }
    if (!(await verifyPassword(password, String(user.password_hash)))) {
      await throttle.recordFailure(username, address);
      throw new HttpError(403, 'Palavra-passe errada.');
    }
    await throttle.clearAccount(username);
    return app.tokens.issuePair(subjectOf(user));
  });

  app.post('/auth/refresh', { config: { public: true } }, async (request) => {
    const refreshToken = text(objectBody(request), 'refreshToken');
    const pair = await app.tokens.rotate(refreshToken);
    if (!pair) throw unauthorized('Sessão expirada. Entre novamente.');
    return pair;
  });
}
