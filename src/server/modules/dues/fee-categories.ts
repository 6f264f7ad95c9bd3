import { STAFF_ROLES } from '../../../core/contract.js';
import { coded } from '../../errors.js';
import { defineResource } from '../../resources/define.js';

export const feeCategories = defineResource({
  name: 'fee_categories',
  label: 'Categorias de quota',
  labelSingular: 'Categoria de quota',
  defaultSort: 'name',
  access: { list: ['admin', 'editor', 'anyone'], read: ['admin', 'editor', 'anyone'], create: STAFF_ROLES, update: STAFF_ROLES, delete: STAFF_ROLES },
  fields: [
    { name: 'name', type: 'string', label: 'Nome', validation: { required: true, maxLength: 100, unique: true }, sortable: true, filterable: true, searchable: true },
    { name: 'exempt', type: 'boolean', label: 'Isenta de quotas', filterable: true, sortable: true, defaultValue: () => 0 },
    { name: 'notes', type: 'text', label: 'Notas', readableBy: STAFF_ROLES },
  ],
  hooks: {
    async beforeDelete(hook, existing) {
      const used = await hook.db.selectFrom('members').select('_id').where('fee_category', '=', Number(existing._id)).limit(1).executeTakeFirst();
      const scheduled = await hook.db.selectFrom('fee_schedules').select('_id').where('category', '=', Number(existing._id)).limit(1).executeTakeFirst();
      if (used || scheduled) throw coded(409, 'in_use', 'Esta categoria tem sócios ou tabelas de quotas associados e não pode ser apagada.');
    },
  },
});
