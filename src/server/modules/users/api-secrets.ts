import { newApiSecret } from '../../auth/secrets.js';
import { invalidRecord } from '../../errors.js';
import { defineAction } from '../../resources/actions.js';
import { defineResource } from '../../resources/define.js';
import { ROLE_OPTIONS } from './users.js';
import { reauthenticate } from '../../realtime/topics.js';

const ADMIN = ['admin'] as const;
const EXPIRY_IN_THE_PAST = 'A data de expiração tem de ser posterior ao momento atual.';
const EXPIRED_FOR_GOOD = 'Uma chave expirada não pode voltar a ser usada: crie uma nova.';

export const apiSecrets = defineResource({
  name: 'api_secrets',
  label: 'Chaves de API',
  labelSingular: 'Chave de API',
  access: { list: ADMIN, read: ADMIN, create: ADMIN, update: ADMIN, delete: ADMIN },
  fields: [
    { name: 'name', type: 'string', label: 'Nome', validation: { required: true, maxLength: 200 }, sortable: true, filterable: true, searchable: true },
    { name: 'role', type: 'enum', label: 'Perfil', options: ROLE_OPTIONS, validation: { required: true }, sortable: true, filterable: true },
    { name: 'secret_prefix', type: 'string', label: 'Início da chave', readOnly: true, searchable: true },
    { name: 'created_by', type: 'reference', ref: 'users', label: 'Criada por', readOnly: true, filterable: true },
    { name: 'last_used_at', type: 'datetime', label: 'Última utilização', readOnly: true, sortable: true },
    { name: 'expires_at', type: 'datetime', label: 'Expira em', sortable: true, filterable: true },
    { name: 'revoked_at', type: 'datetime', label: 'Revogada em', sortable: true, filterable: true },
  ],
  hooks: {
    async beforeWrite(hook, values, existing) {
      const stamp = new Date(hook.ctx.now()).toISOString();
      if (values.expires_at !== undefined && values.expires_at !== (existing?.expires_at ?? null)) {
        // Like a revoked key, an expired one stays dead: a new expiry would bring it back.
        if (existing?.expires_at && String(existing.expires_at) <= stamp) throw invalidRecord({ expires_at: EXPIRED_FOR_GOOD });
        if (values.expires_at !== null && String(values.expires_at) <= stamp) throw invalidRecord({ expires_at: EXPIRY_IN_THE_PAST });
      }
      if (existing) {
        if (existing.revoked_at && values.revoked_at === null) {
          throw invalidRecord({ revoked_at: 'Uma chave revogada não pode voltar a ser usada: crie uma nova.' });
        }
        // Revocation time is the server's, whatever the client sent.
        if (values.revoked_at) values.revoked_at = existing.revoked_at ?? stamp;
        return;
      }
      const { secret, hash, prefix } = newApiSecret();
      values.secret_hash = hash;
      values.secret_prefix = prefix;
      values.created_by = hook.caller.kind === 'user' ? hook.caller.id : null;
      values.revoked_at = values.revoked_at ? stamp : null;
      // The only time the secret leaves the server: the store keeps its hash.
      return { secret };
    },
    async afterWrite(hook, record, existing) {
      if (existing && !existing.revoked_at && record.revoked_at) hook.afterCommit(() => hook.ctx.bus.publish(reauthenticate('apiKey', Number(record._id))));
    },
    async afterDelete(hook, existing) {
      hook.afterCommit(() => hook.ctx.bus.publish(reauthenticate('apiKey', Number(existing._id))));
    },
  },
});

/**
 * POST /api/api_secrets/{id}/revoke: the key stops working at the server's time. Revoking a
 * revoked key changes nothing (its first revocation time stays).
 */
export const revokeApiSecret = defineAction({
  resource: 'api_secrets',
  name: 'revoke',
  label: 'Revogar',
  on: 'record',
  access: ADMIN,
  async run({ db, ctx, record, afterCommit }) {
    if (!record || record.revoked_at) return undefined;
    const id = Number(record._id);
    const stamp = new Date(ctx.now()).toISOString();
    await db
      .updateTable('api_secrets')
      .set({ revoked_at: stamp, updated_at: stamp, _version: Number(record._version) + 1 })
      .where('_id', '=', id)
      .execute();
    afterCommit(() => ctx.bus.publish(reauthenticate('apiKey', id)));
    return undefined;
  },
});
