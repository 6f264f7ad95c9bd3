import { TOPIC } from '../../../core/contract.js';
import { checkSettingDelete, checkSettingWrite } from '../../settings/check-write.js';
import { defineResource, type HookContext } from '../../resources/define.js';

const SETTINGS_UPDATED = TOPIC.settingsUpdated;

async function announce(hook: HookContext) {
  hook.afterCommit(() => hook.ctx.bus.publish({ topic: SETTINGS_UPDATED, payload: {} }));
}

export const settings = defineResource({
  name: 'settings',
  label: 'Configurações',
  labelSingular: 'Configuração',
  defaultSort: 'name',
  access: { list: ['anyone'], read: ['anyone'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  fields: [
    {
      name: 'name', type: 'string', label: 'Nome', validation: { required: true, maxLength: 100, pattern: '[A-Za-z][A-Za-z0-9_]*', unique: true },
      sortable: true, filterable: true, exactFilter: true, searchable: true,
    },
    { name: 'value', type: 'text', label: 'Valor', validation: { maxLength: 10000 }, filterable: true, defaultValue: () => '' },
  ],
  hooks: {
    // Declared settings (src/server/settings) take only the values their declaration allows.
    beforeWrite: async (_hook, values, existing) => checkSettingWrite(values, existing),
    afterWrite: (hook) => announce(hook),
    // A read-only setting (the files directory) stays: the server wrote it from its configuration.
    beforeDelete: async (_hook, existing) => checkSettingDelete(existing),
    afterDelete: (hook) => announce(hook),
  },
});
