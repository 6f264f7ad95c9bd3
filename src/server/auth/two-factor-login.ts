import type { FastifyInstance } from 'fastify';
import { ROLE, type Role, type TokenPair } from '../../core/contract.js';
import type { SecondFactorChallenge } from '../../core/two-factor.js';
import type { ServerContext } from '../context.js';
import { coded, HttpError } from '../errors.js';
import { spendRecoveryCode } from './recovery-codes.js';
import { checkCode, lockAccount, readTotp, tooManyFailures, totpKey } from './totp.js';
import { claimAttempt, findTicket, issueOptionsOf, issueTicket, spendTicket, voidTicketOrigin, type TicketOrigin } from './two-factor-tickets.js';
import { codeRefusal, readAccount, requiredForAdmins, ticketVoid } from './two-factor-account.js';
import { secondFactorAnswer, ticketOf } from './two-factor-input.js';

/**
 * The login decision after a right password or a redeemed e-mailed code (`origin`): null when
 * tokens may be issued now; otherwise the second step the account must take ('totp': a code;
 * 'enrol': an administrator the organisation requires to set up two-factor login first), with
 * its ticket. The ticket remembers the origin, so the tokens it ends in are marked alike.
 */
export async function secondFactorChallenge(ctx: ServerContext, user: { _id: unknown; role: unknown }, origin: TicketOrigin = 'password'): Promise<SecondFactorChallenge | null> {
  const { db } = ctx.database;
  const userId = Number(user._id);
  const totp = await readTotp(db, userId);
  const secondFactor = totp?.enabled_at ? 'totp' : (user.role as Role) === ROLE.admin && (await requiredForAdmins(db)) ? 'enrol' : null;
  if (!secondFactor) return null;
  return { secondFactor, ticket: await issueTicket(db, userId, secondFactor, origin, ctx.now()) };
}

/** `POST /api/auth {ticket, code}` or `{ticket, recoveryCode}`: the second step of a login. */
export async function completeSecondFactor(app: FastifyInstance, body: Record<string, unknown>): Promise<TokenPair> {
  const ctx = app.ctx;
  const { db, engine } = ctx.database;
  const answer = secondFactorAnswer(body);
  const now = ctx.now();
  const value = ticketOf(body);
  const ticket = await findTicket(db, value, now);
  if (!ticket) throw ticketVoid(await voidTicketOrigin(db, value));
  if (ticket.purpose === 'enrol') throw coded(403, 'two_factor_enrolment_required', 'Esta conta tem de configurar a autenticação em dois passos antes de entrar.');
  const key = await totpKey(db);

  const refusal = await db.transaction().execute(async (trx): Promise<HttpError | null> => {
    await lockAccount(trx, engine, ticket.userId);
    const row = await readTotp(trx, ticket.userId);
    if (!row?.enabled_at) return ticketVoid(ticket.origin);
    // Recovery codes are long random strings: the account-wide limit guards the short codes.
    if ('code' in answer && tooManyFailures(row, now)) return codeRefusal('throttled');
    if (!(await claimAttempt(trx, ticket, now))) return ticketVoid(ticket.origin);
    if ('code' in answer) {
      const check = await checkCode(trx, key, row, answer.code, now);
      if (check !== 'ok') return codeRefusal(check);
    } else if (!(await spendRecoveryCode(trx, ticket.userId, answer.recoveryCode, now))) {
      return coded(403, 'recovery_code_wrong', 'Código de recuperação errado ou já usado.');
    }
    await spendTicket(trx, ticket, now);
    return null;
  });
  // Thrown after the commit, so the wrong attempt stays counted.
  if (refusal) throw refusal;

  const account = await readAccount(db, ticket.userId);
  if (!account) throw coded(403, 'account_disabled', 'A conta está desativada.');
  return app.tokens.issuePair({ id: account.id, name: account.name, role: account.role }, issueOptionsOf(ticket));
}
