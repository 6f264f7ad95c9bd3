import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { EventBus } from '../realtime/bus.js';
import { reauthenticate } from '../realtime/topics.js';
import { hashPassword } from '../auth/passwords.js';
import { AUDIT_TABLE, diffRecords, recordAudit, type AuditActor } from '../audit/record.js';
import { publishChange } from '../resources/events.js';
import { users } from '../modules/users/public.js';
import { tableColumns } from './table-columns.js';

export interface ResetResult {
  id: number;
  username: string;
  /** The account was deactivated and is active again. */
  reactivated: boolean;
}

/** How the audit trail names whoever ran the command (shown to administrators in histories). */
export const OPERATOR = { kind: 'system', name: 'Operador do servidor (npm run admin)' } as const satisfies AuditActor;

/** No account has this username. */
export class UnknownAccountError extends Error {
  constructor(readonly username: string) {
    super(`No account has the username "${username}". The administrators: npm run admin -- list-admins`);
    this.name = 'UnknownAccountError';
  }
}

/** The users table is missing: the server has never started on this database. */
export class NoAccountsError extends Error {
  constructor() {
    super('This database has no Associa accounts yet: start the server once, it creates the admin account.');
    this.name = 'NoAccountsError';
  }
}

/** Why a chosen password is refused, or null: the same length rule as the users resource. */
export function passwordProblem(password: string): string | null {
  const { minLength = 0, maxLength = Infinity } = users.field('password')?.validation ?? {};
  if (password.length < minLength) return `The password must have at least ${minLength} characters.`;
  if (password.length > maxLength) return `The password must have at most ${maxLength} characters.`;
  if (/[\u0000-\u001f\u007f]/.test(password)) return 'The password must not contain control characters.';
  return null;
}

/**
 * Sets a new password on an account in one transaction: reactivates it, ends every session
 * (refresh tokens revoked; access tokens too where the token version column exists), then
 * tells running instances so their sockets and caches drop what the account held.
 */
export async function resetPassword(
  database: Database,
  bus: EventBus,
  username: string,
  password: string,
  now: number,
): Promise<ResetResult> {
  const columns = await tableColumns(database, 'users');
  if (columns.size === 0) throw new NoAccountsError();
  // The command does not migrate: a database older than the audit trail is still served.
  const audited = (await tableColumns(database, AUDIT_TABLE)).size > 0;
  const stamp = new Date(now).toISOString();
  const passwordHash = await hashPassword(password);
  const result = await database.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
    if (!user) throw new UnknownAccountError(username);
    const id = Number(user._id);
    await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        active: 1,
        updated_at: stamp,
        ...(columns.has('token_version') ? { token_version: sql`token_version + 1` } : {}),
        ...(columns.has('_version') ? { _version: sql`_version + 1` } : {}),
      })
      .where('_id', '=', id)
      .execute();
    await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: stamp, updated_at: stamp })
      .where('user_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    if (audited) {
      const after = await trx.selectFrom('users').selectAll().where('_id', '=', id).executeTakeFirstOrThrow();
      const changes = diffRecords(users, user, after);
      await recordAudit(trx, { at: now, actor: OPERATOR, address: null, resource: users.name, recordId: id, action: 'password', changes });
    }
    return {
      id,
      username: String(user.username),
      reactivated: Number(user.active) !== 1,
    };
  });
  await bus.publish(reauthenticate('user', result.id));
  await publishChange(bus, users, { action: 'updated', id: result.id }, [result.id]);
  return result;
}
