import { CODE_SESSION_PASSWORD_SECONDS, ROLE } from '../../core/contract.js';
import type { Row } from '../db/database.js';
import { HttpError, invalidRecord } from '../errors.js';
import type { HookContext } from '../resources/define.js';
import type { Caller } from './caller.js';
import { assertMayTryCurrentPassword, recordCurrentPassword } from './current-password-limit.js';
import { verifyPassword } from './passwords.js';
import { advisoryLock } from './session-limits.js';

const CURRENT_PASSWORD_MISSING = 'Indique a palavra-passe atual para a poder alterar.';
const CURRENT_PASSWORD_WRONG = 'A palavra-passe atual está errada.';
export const CURRENT_PASSWORD_ALONE = 'A palavra-passe atual só é pedida ao definir uma nova palavra-passe.';
const LAST_ADMIN = 'Não é possível remover o último administrador ativo. Dê primeiro o perfil de administrador a outra conta ativa.';
const OWN_ACCOUNT_DELETE = 'Não pode apagar a sua própria conta. Outro administrador pode fazê-lo.';

export const isOwnAccount = (caller: Caller, account: Row): boolean => caller.kind === 'user' && caller.id === Number(account._id);

const isActiveAdmin = (account: Row): boolean => account.role === ROLE.admin && Number(account.active) === 1;

/** A session that began with an e-mailed code (recovery) in the last few minutes may set a password without the old one. */
function freshCodeSession(caller: Caller, now: number): boolean {
  return caller.kind === 'user' && caller.codeLoginAt !== undefined && now - caller.codeLoginAt < CODE_SESSION_PASSWORD_SECONDS * 1000;
}

/**
 * Someone changing their own password proves they know the current one, so a session left
 * open (or a stolen token) cannot take the account over. Accounts without a password (login
 * by link) and fresh recovery sessions have nothing to prove.
 */
export async function checkCurrentPassword(hook: HookContext, account: Row, given: unknown): Promise<void> {
  if (!account.password_hash || freshCodeSession(hook.caller, hook.ctx.now())) return;
  if (typeof given !== 'string' || given === '') throw invalidRecord({ current_password: CURRENT_PASSWORD_MISSING });
  const userId = Number(account._id);
  assertMayTryCurrentPassword(hook.ctx, userId);
  const right = await verifyPassword(given, String(account.password_hash));
  recordCurrentPassword(hook.ctx, userId, right);
  if (!right) throw invalidRecord({ current_password: CURRENT_PASSWORD_WRONG });
}

/** What an update does to an account's rights, from the stored row and the values about to be written. */
export function accountChange(existing: Row, values: Row) {
  const passwordChanged = typeof values.password_hash === 'string' && values.password_hash !== existing.password_hash;
  const roleChanged = values.role !== undefined && values.role !== existing.role;
  const deactivated = Number(existing.active) === 1 && values.active !== undefined && Number(values.active) !== 1;
  return {
    passwordChanged,
    roleChanged,
    deactivated,
    /** Every session of the account must end: a password or fewer rights. */
    endsSessions: passwordChanged || roleChanged || deactivated,
    /** The organisation has one active administrator fewer. */
    losesAdmin: isActiveAdmin(existing) && (deactivated || (roleChanged && values.role !== ROLE.admin)),
  };
}

/**
 * Refuses to leave the organisation without an active administrator (nobody could manage
 * accounts again). On PostgreSQL a lock makes two concurrent removals take turns, so the
 * second sees the first and is refused.
 */
export async function keepAnActiveAdmin(hook: HookContext, leaving: Row): Promise<void> {
  if (!isActiveAdmin(leaving)) return;
  await advisoryLock(hook.db, hook.ctx.database.engine, 'associa:active-admins');
  const other = await hook.db
    .selectFrom('users')
    .select('_id')
    .where('role', '=', ROLE.admin)
    .where('active', '=', 1)
    .where('_id', '!=', Number(leaving._id))
    .limit(1)
    .executeTakeFirst();
  if (!other) throw new HttpError(409, LAST_ADMIN, undefined, { code: 'last_admin' });
}

/** Nobody deletes the account they are using; another administrator can. */
export function refuseOwnAccountDelete(hook: HookContext, account: Row): void {
  if (isOwnAccount(hook.caller, account)) throw new HttpError(403, OWN_ACCOUNT_DELETE, undefined, { code: 'own_account' });
}
