import { STAFF_ROLES } from '../../../core/contract.js';
import type { Row } from '../../db/database.js';
import { coded } from '../../errors.js';
import { defineResource } from '../../resources/define.js';

const empty = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

const PAYER_NAME_MISSING = 'Indique o nome de quem paga: um sócio pagador ou um contacto com nome e NIF.';
const PAYER_NIF_MISSING = 'Indique o NIF de quem paga: o recibo do agregado leva-o.';

/**
 * Who pays for a household, as its receipts will name them: a member (payer_member), or else a
 * contact with a name and a NIF. Checked on every create and on an edit of any payer field.
 */
function payerErrors(values: Row, existing: Row | undefined): Record<string, string> {
  const payerFields = ['payer_member', 'payer_name', 'payer_nif'];
  if (existing && !payerFields.some((name) => name in values)) return {};
  const household = existing ? { ...existing, ...values } : values;
  if (!empty(household.payer_member)) return {};
  const errors: Record<string, string> = {};
  if (empty(household.payer_name)) errors.payer_name = PAYER_NAME_MISSING;
  if (empty(household.payer_nif)) errors.payer_nif = PAYER_NIF_MISSING;
  return errors;
}

/**
 * A household (agregado): members who may be charged and pay together (issue 34). Its payer is
 * a member or a contact with a NIF; a member belongs to at most one household (members.household).
 * A fee category charging per household raises one debt per household and period on its
 * holder, a discount rule lowers the quotas of its later members (generation.ts), and one
 * payment of the payer settles debts of several members (recordPayment with `household`).
 */
export const households = defineResource({
  name: 'households',
  label: 'Agregados',
  labelSingular: 'Agregado',
  defaultSort: 'name',
  access: { list: STAFF_ROLES, read: STAFF_ROLES, create: STAFF_ROLES, update: STAFF_ROLES, delete: ['admin'] },
  fields: [
    { name: 'name', type: 'string', label: 'Nome', group: 'Agregado', validation: { required: true, minLength: 2, maxLength: 200 }, sortable: true, filterable: true, searchable: true },
    { name: 'payer_member', type: 'reference', ref: 'members', label: 'Sócio pagador', group: 'Quem paga', filterable: true, searchable: true },
    { name: 'payer_name', type: 'string', label: 'Nome de quem paga (contacto)', group: 'Quem paga', validation: { maxLength: 200 }, searchable: true },
    { name: 'payer_nif', type: 'string', label: 'NIF de quem paga', group: 'Quem paga', validation: { checks: ['nif'] }, filterable: true, searchable: true },
    { name: 'payer_email', type: 'email', label: 'E-mail de quem paga', group: 'Quem paga', validation: { maxLength: 254 } },
    { name: 'payer_phone', type: 'phone', label: 'Telefone de quem paga', group: 'Quem paga', validation: { maxLength: 30 } },
    { name: 'shared_address', type: 'boolean', label: 'Os sócios vivem na morada do agregado', group: 'Morada', filterable: true, defaultValue: () => 0 },
    { name: 'address', type: 'string', label: 'Morada', group: 'Morada', validation: { maxLength: 300 } },
    { name: 'postal_code', type: 'string', label: 'Código postal', group: 'Morada', validation: { checks: ['postalCode'] }, filterable: true },
    { name: 'locality', type: 'string', label: 'Localidade', group: 'Morada', validation: { maxLength: 100 }, filterable: true, sortable: true },
    { name: 'notes', type: 'text', label: 'Notas', group: 'Notas', validation: { maxLength: 2000 } },
    {
      name: 'members_count', type: 'computed', label: 'Sócios', group: 'Agregado',
      computed: { sql: 'SELECT count(*) FROM members hm WHERE hm.household = households._id', numeric: true },
    },
  ],
  hooks: {
    async validate(_hook, values, existing) {
      return payerErrors(values, existing);
    },
    // The ledger keeps its history: a household that was charged or paid stays, as do its members' links.
    async beforeDelete(hook, existing) {
      const id = Number(existing._id);
      const member = await hook.db.selectFrom('members').select('_id').where('household', '=', id).limit(1).executeTakeFirst();
      if (member) throw coded(409, 'in_use', 'Este agregado ainda tem sócios: retire-os do agregado antes de o apagar.');
      const debt = await hook.db.selectFrom('unsettled_payments').select('_id').where('household', '=', id).limit(1).executeTakeFirst();
      const payment = await hook.db.selectFrom('payments').select('_id').where('household', '=', id).limit(1).executeTakeFirst();
      if (debt || payment) throw coded(409, 'in_use', 'Este agregado tem dívidas ou pagamentos registados e não pode ser apagado.');
    },
  },
});
