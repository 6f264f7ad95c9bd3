import QRCode from 'qrcode';
import { RESOURCE, ROLE, type Role } from '../../core/contract.js';
import type { TotpEnrolment, TwoFactorStatus } from '../../core/two-factor.js';
import { recordAudit } from '../audit/record.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { coded, conflict, HttpError, tooManyRequests } from '../errors.js';
import { readSetting } from '../settings/read.js';
import type { Caller } from './caller.js';
import { verifyPassword } from './passwords.js';
import { deleteRecoveryCodes, recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes.js';
import { checkCode, encryptSecret, lockAccount, newTotpSecret, readTotp, recordFailure, tooManyFailures, totpKey, type CodeCheck } from './totp.js';
import { claimAttempt, spendTicket, type Ticket, type TicketOrigin } from './two-factor-tickets.js';

/** An active account as the two-factor operations need it. */
export interface Account {
  id: number;
  name: string;
  username: string;
  role: Role;
  memberId: number | null;
  passwordHash: string | null;
}

/** Who acts and from where, for the audit trail. */
export interface Acting {
  actor: Caller;
  address: string | null;
}

export async function readAccount(db: Db, userId: number): Promise<Account | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['_id', 'name', 'username', 'role', 'member', 'active', 'password_hash'])
    .where('_id', '=', userId)
    .executeTakeFirst();
  if (!row || Number(row.active) !== 1) return undefined;
  return {
    id: Number(row._id),
    name: String(row.name),
    username: String(row.username),
    role: row.role as Role,
    memberId: row.member === null || row.member === undefined ? null : Number(row.member),
    passwordHash: row.password_hash ? String(row.password_hash) : null,
  };
}

export const accountCaller = (account: Account): Caller => ({ kind: 'user', id: account.id, name: account.name, role: account.role, memberId: account.memberId });

export async function requiredForAdmins(db: Db): Promise<boolean> {
  return readSetting(db, 'requireTwoFactorForAdmins');
}

const requiredFor = async (db: Db, account: Account) => account.role === ROLE.admin && (await requiredForAdmins(db));

const ALREADY_ON = 'A autenticação em dois passos já está ativa nesta conta.';
const NOT_ON = 'A autenticação em dois passos não está ativa nesta conta.';

const START_AGAIN: Record<TicketOrigin, string> = {
  password: 'Entre novamente com a sua palavra-passe.',
  code: 'Peça uma nova ligação por e-mail.',
};

/** The refusal of a ticket no longer live, saying how to start the login again. */
export const ticketVoid = (origin: TicketOrigin): HttpError => coded(403, 'two_factor_ticket_void', `O pedido de início de sessão expirou ou foi anulado. ${START_AGAIN[origin]}`);

/** The pt-PT answer to a code that did not pass. */
export function codeRefusal(check: Exclude<CodeCheck, 'ok'>): HttpError {
  switch (check) {
    case 'wrong':
      return coded(403, 'two_factor_code_wrong', 'Código errado. Confirme o código de 6 dígitos da aplicação de autenticação.');
    case 'replayed':
      return coded(403, 'two_factor_code_used', 'Este código já foi usado. Aguarde pelo código seguinte da aplicação.');
    case 'throttled':
      return tooManyRequests('Demasiados códigos errados. Aguarde alguns minutos ou use um código de recuperação.');
  }
}

export async function twoFactorStatus(db: Db, account: Account): Promise<TwoFactorStatus> {
  const row = await readTotp(db, account.id);
  const enabled = Boolean(row?.enabled_at);
  return {
    enabled,
    enabledAt: row?.enabled_at ?? null,
    recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, account.id) : 0,
    required: await requiredFor(db, account),
  };
}

async function issuerName(db: Db): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', 'name').executeTakeFirst();
  const name = typeof row?.value === 'string' ? row.value.trim() : '';
  // A colon would split the label of the otpauth URI.
  return name ? name.replace(/:/g, ' ') : 'Associa';
}

/** Starts (or restarts) an enrolment: a new secret, not in force until a code confirms it. */
export async function startEnrolment(ctx: ServerContext, account: Account): Promise<TotpEnrolment> {
  const { db, engine } = ctx.database;
  const key = await totpKey(db);
  const { base32, uri } = newTotpSecret(await issuerName(db), account.username);
  const now = ctx.now();
  const stamp = new Date(now).toISOString();
  const secret = encryptSecret(key, account.id, base32);
  await db.transaction().execute(async (trx) => {
    await lockAccount(trx, engine, account.id);
    const row = await readTotp(trx, account.id);
    if (row?.enabled_at) throw conflict(ALREADY_ON);
    // A restarted enrolment keeps the failure count: starting over does not reset the limit.
    if (row) await trx.updateTable('user_totp').set({ secret, last_step: null, updated_at: stamp }).where('user_id', '=', account.id).execute();
    else await trx.insertInto('user_totp').values({ user_id: account.id, secret, failures: 0, created_at: stamp, updated_at: stamp }).execute();
  });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: base32, uri, qrSvg };
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: HttpError };

const refused = <T>(error: HttpError): Outcome<T> => ({ ok: false, error });

/**
 * Turns two-factor login on with the first code of the new secret; returns the recovery codes.
 * With a ticket (a login that must enrol) the attempt counts against it and spends it on success.
 * Wrong codes are recorded, so the caller throws the refusal only after the commit.
 */
export async function confirmEnrolment(ctx: ServerContext, account: Account, code: string, acting: Acting, ticket?: Ticket): Promise<Outcome<string[]>> {
  const { db, engine } = ctx.database;
  const key = await totpKey(db);
  const now = ctx.now();
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, engine, account.id);
    const row = await readTotp(trx, account.id);
    if (row?.enabled_at) return refused<string[]>(conflict(ALREADY_ON));
    if (!row) return refused<string[]>(conflict('Comece por ativar a autenticação em dois passos: ainda não foi gerado nenhum código secreto.'));
    if (tooManyFailures(row, now)) return refused<string[]>(codeRefusal('throttled'));
    if (ticket && !(await claimAttempt(trx, ticket, now))) return refused<string[]>(ticketVoid(ticket.origin));
    const check = await checkCode(trx, key, row, code, now);
    if (check !== 'ok') return refused<string[]>(codeRefusal(check));
    const stamp = new Date(now).toISOString();
    await trx.updateTable('user_totp').set({ enabled_at: stamp, updated_at: stamp }).where('user_id', '=', account.id).execute();
    const codes = await replaceRecoveryCodes(trx, account.id, now);
    if (ticket) await spendTicket(trx, ticket, now);
    await recordAudit(trx, { at: now, ...acting, resource: RESOURCE.users, recordId: account.id, action: 'two_factor_on', changes: null });
    return { ok: true, value: codes };
  });
}

/** What proves it is the account's owner turning two-factor login off. */
export type Proof = { password: string } | { code: string };

export async function disableTwoFactor(ctx: ServerContext, account: Account, proof: Proof, acting: Acting): Promise<Outcome<null>> {
  const { db, engine } = ctx.database;
  const key = await totpKey(db);
  if (await requiredFor(db, account)) {
    return refused(conflict('Nesta organização a autenticação em dois passos é obrigatória para administradores: não pode ser desativada.'));
  }
  // scrypt takes tens of milliseconds: never inside the transaction, which holds the account.
  const passwordRight = 'password' in proof ? Boolean(account.passwordHash && (await verifyPassword(proof.password, account.passwordHash))) : null;
  const now = ctx.now();
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, engine, account.id);
    const row = await readTotp(trx, account.id);
    if (!row?.enabled_at) return refused<null>(conflict(NOT_ON));
    if (tooManyFailures(row, now)) return refused<null>(codeRefusal('throttled'));
    if (passwordRight === false) {
      await recordFailure(trx, row, now);
      return refused<null>(coded(403, 'wrong_password', 'Palavra-passe errada.'));
    }
    if ('code' in proof) {
      const check = await checkCode(trx, key, row, proof.code, now);
      if (check !== 'ok') return refused<null>(codeRefusal(check));
    }
    await trx.deleteFrom('user_totp').where('user_id', '=', account.id).execute();
    await deleteRecoveryCodes(trx, account.id);
    await recordAudit(trx, { at: now, ...acting, resource: RESOURCE.users, recordId: account.id, action: 'two_factor_off', changes: null });
    return { ok: true, value: null };
  });
}

/** New recovery codes for a code of the app; the old ones stop working. */
export async function regenerateRecoveryCodes(ctx: ServerContext, account: Account, code: string, acting: Acting): Promise<Outcome<string[]>> {
  const { db, engine } = ctx.database;
  const key = await totpKey(db);
  const now = ctx.now();
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, engine, account.id);
    const row = await readTotp(trx, account.id);
    if (!row?.enabled_at) return refused<string[]>(conflict(NOT_ON));
    const check = await checkCode(trx, key, row, code, now);
    if (check !== 'ok') return refused<string[]>(codeRefusal(check));
    const codes = await replaceRecoveryCodes(trx, account.id, now);
    await recordAudit(trx, { at: now, ...acting, resource: RESOURCE.users, recordId: account.id, action: 'recovery_codes', changes: null });
    return { ok: true, value: codes };
  });
}
