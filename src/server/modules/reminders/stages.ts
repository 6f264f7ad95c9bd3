import { STAFF_ROLES } from '../../../core/contract.js';
import { coded } from '../../errors.js';
import { defineResource, type WriteHooks } from '../../resources/define.js';
import { PLACEHOLDERS, templateProblem } from './templates.js';

const CHANNELS = [{ value: 'email', label: 'E-mail' }] as const;

const PLACEHOLDER_HINT = Object.entries(PLACEHOLDERS).map(([name, meaning]) => `{${name}} (${meaning})`).join(', ');

/**
 * A stage of payment reminders: which members (a fee category, or all), when (days from a
 * debt's due date) and what they are told. Templates are checked when saved, so an unknown
 * placeholder never reaches a member.
 */
export const reminderStages = defineResource({
  name: 'reminder_stages',
  label: 'Etapas de aviso de dívida',
  labelSingular: 'Etapa de aviso de dívida',
  defaultSort: 'offset_days',
  access: { list: STAFF_ROLES, read: STAFF_ROLES, create: STAFF_ROLES, update: STAFF_ROLES, delete: STAFF_ROLES },
  fields: [
    { name: 'name', type: 'string', label: 'Nome', validation: { required: true, maxLength: 100 }, sortable: true, searchable: true },
    { name: 'category', type: 'reference', ref: 'fee_categories', label: 'Categoria de quota (vazio: todas)', filterable: true },
    {
      name: 'offset_days', type: 'integer', label: 'Dias a partir do vencimento (negativo: antes)',
      validation: { required: true, min: -365, max: 3650 }, sortable: true, filterable: true,
    },
    { name: 'channel', type: 'enum', label: 'Canal', options: CHANNELS, validation: { required: true }, filterable: true, defaultValue: () => 'email' },
    { name: 'subject', type: 'string', label: 'Assunto', validation: { required: true, maxLength: 200 } },
    { name: 'body', type: 'text', label: `Mensagem (marcadores: ${PLACEHOLDER_HINT})`, validation: { required: true, maxLength: 20000 } },
    { name: 'active', type: 'boolean', label: 'Ativa', filterable: true, sortable: true, defaultValue: () => 1 },
  ],
  hooks: {
    validate(_hook, values) {
      const errors: Record<string, string> = {};
      for (const field of ['subject', 'body'] as const) {
        const problem = typeof values[field] === 'string' ? templateProblem(values[field]) : null;
        if (problem) errors[field] = problem;
      }
      return Promise.resolve(errors);
    },
    async beforeDelete(hook, existing) {
      const used = await hook.db.selectFrom('reminder_decisions').select('_id').where('stage', '=', Number(existing._id)).limit(1).executeTakeFirst();
      if (used) throw coded(409, 'in_use', 'Esta etapa já decidiu avisos e não pode ser apagada: desative-a.');
    },
  },
});

/** Fee categories named by a stage are not deleted from under it (a hook on the dues module's resource). */
export const feeCategoryHooks: WriteHooks = {
  async beforeDelete(hook, existing) {
    const used = await hook.db.selectFrom('reminder_stages').select('_id').where('category', '=', Number(existing._id)).limit(1).executeTakeFirst();
    if (used) throw coded(409, 'in_use', 'Esta categoria tem etapas de aviso de dívida associadas e não pode ser apagada.');
  },
};
