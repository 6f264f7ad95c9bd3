import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RecoveryCodesAnswer, TotpEnrolment, TwoFactorStatus } from '../../core/two-factor.js';
import { badRequest, forbidden, unauthorized } from '../errors.js';
import { objectBody } from '../request-body.js';
import {
  RECOVERY_CODES_DOC,
  TWO_FACTOR_CONFIRM_DOC,
  TWO_FACTOR_DISABLE_DOC,
  TWO_FACTOR_ENROL_DOC,
  TWO_FACTOR_STATUS_DOC,
} from '../openapi/route-docs.js';
import { isStaff } from './caller.js';
import {
  accountCaller,
  confirmEnrolment,
  disableTwoFactor,
  readAccount,
  regenerateRecoveryCodes,
  startEnrolment,
  ticketVoid,
  twoFactorStatus,
  type Account,
  type Outcome,
  type Proof,
} from './two-factor-account.js';
import { codeOf, passwordOf, ticketOf } from './two-factor-input.js';
import { findTicket, issueOptionsOf, voidTicketOrigin, type Ticket } from './two-factor-tickets.js';

const STAFF_ONLY = 'A autenticação em dois passos está disponível apenas para contas da equipa (administradores e editores).';

function settled<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/**
 * The staff's own two-factor login (TOTP): status, enrolment, confirmation, turning it off and
 * new recovery codes, all under /api/auth/two-factor. Each acts on the caller's own account.
 * Enrolment also accepts the ticket of a login that must enrol first, instead of a session.
 */
export async function twoFactorRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx.database;

  async function ownAccount(request: FastifyRequest): Promise<Account> {
    const { caller } = request;
    if (caller.kind === 'anonymous') throw unauthorized();
    // API keys are not accounts: only a person logged in has an authenticator app.
    if (caller.kind !== 'user' || !isStaff(caller)) throw forbidden(STAFF_ONLY);
    const account = await readAccount(db, caller.id);
    if (!account) throw unauthorized('Sessão inválida ou expirada.');
    return account;
  }

  async function enrollingAccount(request: FastifyRequest, body: Record<string, unknown>): Promise<{ account: Account; ticket?: Ticket }> {
    if (!('ticket' in body)) return { account: await ownAccount(request) };
    const value = ticketOf(body);
    const ticket = await findTicket(db, value, ctx.now());
    const account = ticket?.purpose === 'enrol' ? await readAccount(db, ticket.userId) : undefined;
    if (!ticket || !account) throw ticketVoid(ticket?.origin ?? (await voidTicketOrigin(db, value)));
    return { account, ticket };
  }

  // Enrolment needs nothing but a session: an absent body is an empty one.
  const bodyOf = (request: FastifyRequest) => (request.body === undefined || request.body === null ? {} : objectBody(request));

  app.get('/auth/two-factor', { config: { openapi: TWO_FACTOR_STATUS_DOC } }, async (request): Promise<{ data: TwoFactorStatus }> => {
    return { data: await twoFactorStatus(db, await ownAccount(request)) };
  });

  app.post('/auth/two-factor/enrol', { config: { public: true, openapi: TWO_FACTOR_ENROL_DOC } }, async (request): Promise<{ data: TotpEnrolment }> => {
    const { account } = await enrollingAccount(request, bodyOf(request));
    return { data: await startEnrolment(ctx, account) };
  });

  app.post('/auth/two-factor/confirm', { config: { public: true, openapi: TWO_FACTOR_CONFIRM_DOC } }, async (request): Promise<{ data: RecoveryCodesAnswer }> => {
    const body = bodyOf(request);
    const { account, ticket } = await enrollingAccount(request, body);
    const code = codeOf(body);
    const actor = ticket ? accountCaller(account) : request.caller;
    const recoveryCodes = settled(await confirmEnrolment(ctx, account, code, { actor, address: request.ip }, ticket));
    if (!ticket) return { data: { recoveryCodes } };
    // The enrolment was the last step of a login: it ends with the session.
    return { data: { recoveryCodes, tokens: await app.tokens.issuePair({ id: account.id, name: account.name, role: account.role }, issueOptionsOf(ticket)) } };
  });

  app.post('/auth/two-factor/disable', { config: { openapi: TWO_FACTOR_DISABLE_DOC } }, async (request, reply) => {
    const account = await ownAccount(request);
    const body = bodyOf(request);
    let proof: Proof;
    if ('password' in body) proof = { password: passwordOf(body) };
    else if ('code' in body) proof = { code: codeOf(body) };
    else throw badRequest('Indique a sua palavra-passe ou um código de 6 dígitos da aplicação.');
    settled(await disableTwoFactor(ctx, account, proof, { actor: request.caller, address: request.ip }));
    return reply.status(204).send();
  });

  app.post('/auth/two-factor/recovery-codes', { config: { openapi: RECOVERY_CODES_DOC } }, async (request): Promise<{ data: RecoveryCodesAnswer }> => {
    const account = await ownAccount(request);
    const code = codeOf(bodyOf(request));
    return { data: { recoveryCodes: settled(await regenerateRecoveryCodes(ctx, account, code, { actor: request.caller, address: request.ip })) } };
  });
}
