import { DUES_YEARS, STAFF_ROLES } from '../../../core/contract.js';
import { coded } from '../../errors.js';
import type { Db } from '../../db/database.js';
import { defineResource } from '../../resources/define.js';
import { PERIODICITY_OPTIONS } from './periods.js';

const IN_USE = 'Já foram lançadas dívidas com esta tabela: a periodicidade, o dia de vencimento, o ano e a categoria já não podem mudar. Um novo valor aplica-se só às dívidas lançadas daqui em diante.';
/** What shapes debts already raised; amounts may still change for debts raised later. */
const FIXED_ONCE_USED = ['year', 'category', 'periodicity', 'due_day'] as const;

const hasDebts = async (db: Db, schedule: unknown) =>
  Boolean(await db.selectFrom('unsettled_payments').select('_id').where('schedule', '=', Number(schedule)).limit(1).executeTakeFirst());

export const feeSchedules = defineResource({
  name: 'fee_schedules',
  label: 'Tabelas de quotas',
  labelSingular: 'Tabela de quotas',
  defaultSort: '-year',
  access: { list: STAFF_ROLES, read: STAFF_ROLES, create: STAFF_ROLES, update: STAFF_ROLES, delete: STAFF_ROLES },
  fields: [
    { name: 'year', type: 'integer', label: 'Ano', validation: { required: true, min: DUES_YEARS.min, max: DUES_YEARS.max }, sortable: true, filterable: true },
    { name: 'category', type: 'reference', ref: 'fee_categories', label: 'Categoria', validation: { required: true }, sortable: true, filterable: true },
    { name: 'amount', type: 'money', label: 'Valor por período', validation: { required: true }, sortable: true },
    { name: 'periodicity', type: 'enum', label: 'Periodicidade', options: PERIODICITY_OPTIONS, validation: { required: true }, filterable: true },
    // Each period falls due on this day of its first month (periods.ts): the label says which month.
    { name: 'due_day', type: 'integer', label: 'Dia de vencimento (do 1.º mês de cada período: janeiro, se anual; de cada mês, se mensal)', validation: { required: true, min: 1, max: 31 } },
    { name: 'joining_fee', type: 'money', label: 'Jóia', defaultValue: () => 0 },
    { name: 'capital', type: 'money', label: 'Subscrição de capital', defaultValue: () => 0 },
  ],
  hooks: {
    async beforeWrite(hook, values, existing) {
      if (!existing || !(await hasDebts(hook.db, existing._id))) return;
      const changed = FIXED_ONCE_USED.filter((name) => values[name] !== undefined && String(values[name]) !== String((existing)[name]));
      if (changed.length > 0) throw coded(409, 'in_use', IN_USE);
    },
    async beforeDelete(hook, existing) {
      if (await hasDebts(hook.db, existing._id)) throw coded(409, 'in_use', 'Já foram lançadas dívidas com esta tabela: não pode ser apagada.');
    },
  },
});
