import { RESOURCE, ROLES, type Role } from '../../core/contract.js';
import type { Db } from '../db/database.js';
import { recordAudit } from '../audit/record.js';
import type { HookContext } from '../resources/define.js';
import { reauthenticate } from '../realtime/topics.js';

/** Roles with more rights than `role` (ROLES is in order of rights: each includes those after it). */
const rolesAbove = (role: Role): Role[] => ROLES.slice(0, ROLES.indexOf(role));

/**
 * Revokes the API keys an account created that it could no longer create: every key when the
 * account is deactivated or deleted (`keep` null), the keys with a role above `keep` when it
 * loses rights. Runs in the write's transaction (`hook.db`), audits each key, and tells the
 * keys' live sockets after the commit.
 */
export async function revokeCreatorKeys(hook: HookContext, userId: number, keep: Role | null): Promise<number[]> {
  const db: Db = hook.db;
  let query = db.selectFrom('api_secrets').select('_id').where('created_by', '=', userId).where('revoked_at', 'is', null);
  if (keep !== null) {
    const above = rolesAbove(keep);
    if (above.length === 0) return [];
    query = query.where('role', 'in', above);
  }
  const ids = (await query.execute()).map((row) => Number(row._id));
  if (ids.length === 0) return [];
  const at = hook.ctx.now();
  const stamp = new Date(at).toISOString();
  await db
    .updateTable('api_secrets')
    .set((eb) => ({ revoked_at: stamp, updated_at: stamp, _version: eb('_version', '+', 1) }))
    .where('_id', 'in', ids)
    .execute();
  for (const id of ids) {
    await recordAudit(db, {
      at,
      actor: hook.caller,
      address: hook.address,
      resource: RESOURCE.apiSecrets,
      recordId: id,
      action: 'revoke',
      changes: { revoked_at: [null, stamp] },
    });
    hook.afterCommit(() => hook.ctx.bus.publish(reauthenticate('apiKey', id)));
  }
  return ids;
}
