import { STAFF_ROLES } from '../../../core/contract.js';
import { coded } from '../../errors.js';
import { defineResource } from '../../resources/define.js';

/** How a category's quotas are charged: to each member, or once to the household (generation.ts). */
export const FEE_CHARGES = [
  { value: 'member', label: 'Por sócio' },
  { value: 'household', label: 'Por agregado' },
] as const;
export type FeeCharge = (typeof FEE_CHARGES)[number]['value'];

/** `percent` off `amount` cents, rounded half up to the cent (integers only): a household discount. */
export const discounted = (amount: number, percent: number): number => Math.floor((amount * (100 - percent) + 50) / 100);

export const feeCategories = defineResource({
  name: 'fee_categories',
  label: 'Categorias de quota',
  labelSingular: 'Categoria de quota',
  defaultSort: 'name',
  access: { list: ['admin', 'editor', 'anyone'], read: ['admin', 'editor', 'anyone'], create: STAFF_ROLES, update: STAFF_ROLES, delete: STAFF_ROLES },
  fields: [
    { name: 'name', type: 'string', label: 'Nome', validation: { required: true, maxLength: 100, unique: true }, sortable: true, filterable: true, searchable: true },
    { name: 'exempt', type: 'boolean', label: 'Isenta de quotas', filterable: true, sortable: true, defaultValue: () => 0 },
    // Issue 34: per household (one debt per household and period on its holder), or per member with
    // a discount for the household's members from the Nth on, by member number (generation.ts).
    { name: 'charge', type: 'enum', label: 'Cobrança', options: FEE_CHARGES, validation: { required: true }, filterable: true, defaultValue: () => 'member' },
    { name: 'household_discount_percent', type: 'integer', label: 'Desconto do agregado (%)', validation: { required: true, min: 0, max: 100 }, defaultValue: () => 0 },
    { name: 'household_discount_from', type: 'integer', label: 'Desconto do agregado a partir do sócio (1.º, 2.º, …)', validation: { required: true, min: 1, max: 99 }, defaultValue: () => 2 },
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
