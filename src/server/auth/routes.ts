import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Role } from '../../core/contract.js';
import { badRequest, coded, notFound, tooManyRequests } from '../errors.js';
import { objectBody } from '../request-body.js';
import { announceMessage } from '../messages/outbox.js';
import { ensureGuardianAccount } from './guardianship.js';
import { pruneLoginCodes, redeemLoginCode, sendLoginLink } from './login-codes.js';
import { verifyPassword } from './passwords.js';
import { createThrottle } from './throttle.js';
import { forgetFirstStartPassword } from '../seed/admin-password-file.js';
import { completeSecondFactor, secondFactorChallenge } from './two-factor-login.js';
import { LOGIN_DOC, REFRESH_DOC } from '../openapi/route-docs.js';

const MAX_CREDENTIAL_LENGTH = 1024;

function text(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value.length === 0) throw badRequest(`O campo "${name}" é obrigatório e deve ser texto.`);
  if (value.length > MAX_CREDENTIAL_LENGTH) throw badRequest(`O campo "${name}" é demasiado longo.`);
  return value;
}

/** 429 with Retry-After, saying how long to wait. */
function tooMany(reply: FastifyReply, retryAfterMs: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  reply.header('retry-after', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  return tooManyRequests(`Demasiadas tentativas falhadas. Aguarde ${minutes === 1 ? '1 minuto' : `${minutes} minutos`} e tente novamente.`);
}

/** Old attempts and spent codes are deleted at most this often (per instance), so tables stay small. */
const PRUNE_INTERVAL_MS = 60_000;

/** POST /api/auth (password, recovery request or login code) and POST /api/auth/refresh. */
export async function authRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  const { now, config } = app.ctx;
  const throttle = createThrottle(db, app.ctx.database.engine, now);
  let prunedAt = -Infinity;
  async function prune() {
    if (now() - prunedAt < PRUNE_INTERVAL_MS) return;
    prunedAt = now();
    await throttle.prune();
    await pruneLoginCodes(db, now());
  }

  const userColumns = ['_id', 'username', 'name', 'role', 'email', 'active', 'password_hash'] as const;
  const subjectOf = (user: { _id: unknown; name: unknown; role: unknown }) => ({
    id: Number(user._id),
    name: String(user.name),
    role: user.role as Role,
  });

  app.post('/auth', { config: { public: true, openapi: LOGIN_DOC } }, async (request, reply) => {
    const body = objectBody(request);
    const address = request.ip;
    await prune();

    if ('ticket' in body) return completeSecondFactor(app, body);

    if ('recoverCode' in body) {
      const code = text(body, 'recoverCode');
      // Recorded as a failure before the code is looked at; a valid code clears it.
      const attempt = await throttle.beginCode(address);
      if (!attempt.allowed) throw tooMany(reply, attempt.retryAfterMs);
      const userId = await redeemLoginCode(db, now(), code);
      if (userId === null) throw coded(403, 'login_link_invalid', 'A ligação é inválida, já foi usada ou expirou. Peça uma nova.');
      await attempt.attempt.succeed();
      const user = await db.selectFrom('users').select(userColumns).where('_id', '=', userId).executeTakeFirst();
      if (!user || Number(user.active) !== 1) throw coded(403, 'account_disabled', 'A conta está desativada.');
      // Whoever reads the mailbox still needs the second factor; the ticket keeps the code mark.
      const challenge = await secondFactorChallenge(app.ctx, user, 'code');
      // Marked as a code login: for a few minutes it may set a new password without the old one.
      return challenge ?? app.tokens.issuePair(subjectOf(user), { amr: 'code' });
    }

    if ('recover_password' in body) {
      if (body.recover_password !== true) throw badRequest('O campo "recover_password" deve ser true.');
      const email = text(body, 'email').trim().toLowerCase();
      // The answer is the same whether or not the address exists and whether or not the
      // request is over its limits (then nothing is sent), so it reveals nothing.
      if (await throttle.allowLinkRequest(email, address)) {
        // A minor's guardian asking for the first time gets their account now, and its link below.
        await ensureGuardianAccount(db, email, now(), address ?? null);
        const users = await db
          .selectFrom('users')
          .select(userColumns)
          .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
          .where('active', '=', 1)
          .execute();
        for (const user of users) {
          // An account without a password has nothing to recover: its message is a login link.
          await announceMessage(app.ctx.bus, await sendLoginLink(db, now(), config.publicUrl, user, user.password_hash ? 'recover' : 'login'), 'created');
        }
      }
      return reply.status(204).send();
    }

    const username = text(body, 'username').trim();
    const password = typeof body.password === 'string' ? body.password : '';
    if (password.length > MAX_CREDENTIAL_LENGTH) throw badRequest('O campo "password" é demasiado longo.');
    const user = await db
      .selectFrom('users')
      .select(userColumns)
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
    const active = user !== undefined && Number(user.active) === 1;
    if (active && !user.password_hash) {
      // Accounts without a password log in by a link sent to their e-mail, limited like recovery.
      if (user.email && (await throttle.allowLinkRequest(String(user.email), address))) {
        await announceMessage(app.ctx.bus, await sendLoginLink(db, now(), config.publicUrl, user, 'login'), 'created');
      }
      return reply.status(204).send();
    }
    // Recorded as a failure before the password is checked, so concurrent guesses count;
    // counted under the stored username, so no spelling of it escapes the account's limits.
    const attempt = await throttle.beginLogin(user ? String(user.username) : username, address);
    if (!attempt.allowed) throw tooMany(reply, attempt.retryAfterMs);
    if (!active) throw notFound('Conta não encontrada.');
    if (!(await verifyPassword(password, String(user.password_hash)))) throw coded(403, 'wrong_password', 'Palavra-passe errada.');
    await attempt.attempt.succeed();
    await forgetFirstStartPassword(config, username);
    return (await secondFactorChallenge(app.ctx, user)) ?? app.tokens.issuePair(subjectOf(user));
  });

  app.post('/auth/refresh', { config: { public: true, openapi: REFRESH_DOC } }, async (request) => {
    const refreshToken = text(objectBody(request), 'refreshToken');
    const pair = await app.tokens.rotate(refreshToken);
    if (!pair) throw coded(401, 'session_expired', 'Sessão expirada. Entre novamente.');
    return pair;
  });
}
