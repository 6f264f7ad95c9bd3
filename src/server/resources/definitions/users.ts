import { forbidden } from '../../errors.js';
import { hashPassword } from '../../auth/passwords.js';
import { reauthenticate } from '../../realtime/topics.js';
import { defineResource, type HookContext } from '../define.js';
import type { Row } from '../../db/database.js';

export const ROLE_OPTIONS = [
  { value: 'admin', label: 'Administrador' },
  { value: 'editor', label: 'Editor' },
  { value: 'member', label: 'Sócio' },
] as const;

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
  owner: (caller) => (caller.kind === 'user' ? caller.id : null),
  owningUsers: async (_db, id) => [id],
  fields: [
    {
      name: 'username', type: 'string', label: 'Nome de utilizador',
      validation: { required: true, minLength: 3, maxLength: 100, pattern: '[A-Za-z0-9._@-]+', unique: true },
      writableBy: ['admin', 'editor'], sortable: true, filterable: true, searchable: true,
    },
    { name: 'name', type: 'string', label: 'Nome', validation: { required: true, maxLength: 200 }, sortable: true, filterable: true, searchable: true },
    { name: 'email', type: 'email', label: 'Email', validation: { maxLength: 254 }, sortable: true, filterable: true, searchable: true },
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
  ],
  hooks: {
    async beforeWrite(hook, values, existing) {
      guardAdministrators(hook, existing);
      if (typeof values.password === 'string') values.password_hash = await hashPassword(values.password);
      delete values.password;
    },
    async afterWrite(hook, record, existing) {
      if (!existing) return;
      const passwordChanged = record.password_hash !== existing.password_hash;
      const deactivated = Number(existing.active) === 1 && Number(record.active) !== 1;
      const roleChanged = record.role !== existing.role;
      // A new password or fewer rights end every session the account has, live sockets included.
      if (passwordChanged || deactivated || roleChanged) {
        await hook.tokens.revokeUser(Number(record._id));
        await hook.ctx.bus.publish(reauthenticate('user', Number(record._id)));
      }
    },
    async beforeDelete(hook, existing) {
      guardAdministrators(hook, existing);
    },
    async afterDelete(hook, existing) {
      await hook.ctx.bus.publish(reauthenticate('user', Number(existing._id)));
    },
  },
});
