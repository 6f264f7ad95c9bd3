import { ROLE_LABELS, ROLES, type Role } from '../../../core/contract.js';
import { forbidden, invalidRecord } from '../../errors.js';
import {
  accountChange,
  checkCurrentPassword,
  CURRENT_PASSWORD_ALONE,
  isOwnAccount,
  keepAnActiveAdmin,
  refuseOwnAccountDelete,
} from '../../auth/account-guards.js';
import { revokeCreatorKeys } from '../../auth/creator-keys.js';
import { hashPassword } from '../../auth/passwords.js';
import { reauthenticate } from '../../realtime/topics.js';
import { defineResource, type HookContext } from '../../resources/define.js';
import type { Row } from '../../db/database.js';

export const ROLE_OPTIONS = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

// An editor who could edit an administrator's password or role could become one.
function guardAdministrators(hook: HookContext, existing: Row | undefined) {
  if (hook.caller.kind !== 'anonymous' && hook.caller.role === 'editor' && existing?.role === 'admin') {
    throw forbidden('Só um administrador pode alterar ou apagar a conta de um administrador.');
  }
}

export const users = defineResource({
  name: 'users',
  label: 'Utilizadores',
  labelSingular: 'Utilizador',
  searchIndex: true,
  access: {
    list: ['admin', 'editor'],
    read: ['admin', 'editor', 'own'],
    create: ['admin', 'editor'],
    update: ['admin', 'editor', 'own'],
    delete: ['admin'],
  },
  scope: { column: '_id', equals: 'callerUser' },
  fields: [
    {
      name: 'username', type: 'string', label: 'Nome de utilizador',
      validation: { required: true, minLength: 3, maxLength: 254, pattern: '[A-Za-z0-9._@+-]+', unique: true },
      writableBy: ['admin', 'editor'], sortable: true, filterable: true, searchable: true,
    },
    { name: 'name', type: 'string', label: 'Nome', validation: { required: true, maxLength: 200 }, sortable: true, filterable: true, searchable: true },
    { name: 'email', type: 'email', label: 'E-mail', validation: { maxLength: 254 }, sortable: true, filterable: true, searchable: true },
    {
      name: 'role', type: 'enum', label: 'Perfil', options: ROLE_OPTIONS, validation: { required: true },
      writableBy: ['admin'], sortable: true, filterable: true, defaultValue: () => 'member',
    },
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', writableBy: ['admin', 'editor'], filterable: true },
    { name: 'active', type: 'boolean', label: 'Ativo', writableBy: ['admin', 'editor'], sortable: true, filterable: true, defaultValue: () => 1 },
    {
      name: 'password', type: 'password', label: 'Palavra-passe', group: 'Segurança', writeOnly: true,
      validation: { minLength: 8, maxLength: 200 },
    },
    // Asked of someone changing their own password (see checkCurrentPassword).
    { name: 'current_password', type: 'password', label: 'Palavra-passe atual', group: 'Segurança', writeOnly: true, validation: { maxLength: 200 } },
  ],
  hooks: {
    // Its return type is written out: inferred, it would depend on the type of hook.db, whose
    // tables are inferred from this very definition (db/resource-tables.ts), a circle tsc refuses.
    async beforeWrite(hook, values, existing): Promise<Record<string, unknown> | void> {
      guardAdministrators(hook, existing);
      const currentPassword = values.current_password;
      delete values.current_password;
      if (typeof values.password === 'string') {
        if (existing && isOwnAccount(hook.caller, existing)) await checkCurrentPassword(hook, existing, currentPassword);
        values.password_hash = await hashPassword(values.password);
      } else if (currentPassword !== undefined) {
        throw invalidRecord({ current_password: CURRENT_PASSWORD_ALONE });
      }
      delete values.password;
      if (!existing) return;

      const change = accountChange(existing, values);
      if (change.losesAdmin) await keepAnActiveAdmin(hook, existing);
      if (!change.endsSessions) return;
      // A new password or fewer rights end every session the account has: access tokens carry
      // the old version, refresh tokens are revoked, live sockets must authenticate again.
      const id = Number(existing._id);
      const version = Number(existing.token_version ?? 0) + 1;
      values.token_version = version;
      await hook.tokens.revokeUser(id, hook.db);
      hook.afterCommit(() => hook.ctx.bus.publish(reauthenticate('user', id)));
      // Whoever changes their own password stays logged in here, on a new session.
      if (change.passwordChanged && !change.roleChanged && !change.deactivated && isOwnAccount(hook.caller, existing)) {
        const subject = { id, name: String(values.name ?? existing.name), role: existing.role as Role };
        return { tokens: await hook.tokens.issuePair(subject, { version, executor: hook.db }) };
      }
    },
    async afterWrite(hook, record, existing) {
      if (!existing) return;
      const id = Number(record._id);
      // API keys never hold more rights than the account that created them still has.
      if (Number(record.active) !== 1 && Number(existing.active) === 1) await revokeCreatorKeys(hook, id, null);
      else if (record.role !== existing.role) await revokeCreatorKeys(hook, id, record.role as Role);
    },
    async beforeDelete(hook, existing) {
      guardAdministrators(hook, existing);
      refuseOwnAccountDelete(hook, existing);
      await keepAnActiveAdmin(hook, existing);
      // Before the delete: it leaves the keys without a creator (created_by is set to null).
      await revokeCreatorKeys(hook, Number(existing._id), null);
    },
    async afterDelete(hook, existing) {
      hook.afterCommit(() => hook.ctx.bus.publish(reauthenticate('user', Number(existing._id))));
    },
  },
});
