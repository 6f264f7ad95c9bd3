import { STAFF_ROLES } from '../../../../core/contract.js';
import type { Db, Row } from '../../../db/database.js';
import { defineResource } from '../../../resources/define.js';
import { lisbonDay } from '../../../../core/days.js';
import { issueDonationReceipt } from './receipt.js';

const DONATION_KINDS = [
  { value: 'numerario', label: 'Em dinheiro' },
  { value: 'especie', label: 'Em espécie' },
] as const;

const text = (value: unknown): string | null => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim());
const idOf = (value: unknown): number | null => (value === null || value === undefined || value === '' ? null : Number(value));

/** The donor's name, NIF and address as the member or contact chosen holds them. */
async function donorOnFile(db: Db, member: number | null, contact: number | null): Promise<{ name: string | null; nif: string | null; address: string | null } | null> {
  if (member !== null) {
    const row = await db.selectFrom('members').select(['name', 'nif', 'address', 'postal_code', 'locality']).where('_id', '=', member).executeTakeFirst();
    if (!row) return null;
    const address = [row.address, [row.postal_code, row.locality].filter(Boolean).join(' ')].map(text).filter(Boolean).join(', ');
    return { name: text(row.name), nif: text(row.nif), address: address === '' ? null : address };
  }
  if (contact !== null) {
    const row = await db.selectFrom('contacts').select(['name']).where('_id', '=', contact).executeTakeFirst();
    return row ? { name: text(row.name), nif: null, address: null } : null;
  }
  return { name: null, nif: null, address: null };
}

/**
 * A donation received (Estatuto dos Benefícios Fiscais, art. 61.º and following): from a member,
 * a contact or someone new, named with their NIF, since the annual Modelo 25 declaration lists
 * donors by NIF. Recording one issues its donation receipt in the same transaction. A donation
 * is never edited or deleted: its receipt is issued, and a mistake is put right by annulling it.
 */
export const donations = defineResource({
  name: 'donations',
  label: 'Donativos',
  labelSingular: 'Donativo',
  defaultSort: '-date',
  access: { list: STAFF_ROLES, read: STAFF_ROLES, create: STAFF_ROLES, update: [], delete: [] },
  fields: [
    { name: 'date', type: 'date', label: 'Data do donativo', validation: { required: true }, sortable: true, filterable: true },
    { name: 'kind', type: 'enum', label: 'Natureza', options: DONATION_KINDS, filterable: true, defaultValue: () => 'numerario' },
    { name: 'amount', type: 'money', label: 'Valor', validation: { required: true, min: 1 }, sortable: true, filterable: true },
    { name: 'goods', type: 'string', label: 'Bens doados (donativo em espécie)', validation: { maxLength: 500 } },
    { name: 'member', type: 'reference', ref: 'members', label: 'Doador (sócio)', group: 'Doador', filterable: true, searchable: true },
    { name: 'contact', type: 'reference', ref: 'contacts', label: 'Doador (contacto)', group: 'Doador', filterable: true },
    { name: 'donor_name', type: 'string', label: 'Nome do doador', group: 'Doador', validation: { maxLength: 200 }, sortable: true, searchable: true, filterable: true },
    { name: 'donor_nif', type: 'string', label: 'NIF do doador', group: 'Doador', validation: { checks: ['nif'] }, searchable: true, filterable: true, exactFilter: true },
    { name: 'donor_address', type: 'string', label: 'Morada do doador', group: 'Doador', validation: { maxLength: 300 } },
    { name: 'notes', type: 'text', label: 'Notas', validation: { maxLength: 2000 } },
    { name: 'receipt', type: 'reference', ref: 'treasury_docs', label: 'Recibo de donativo', readOnly: true },
  ],
  hooks: {
    async validate({ db, ctx }, values) {
      const errors: Record<string, string> = {};
      if (typeof values.date === 'string' && values.date > lisbonDay(ctx.now())) errors.date = 'A data do donativo não pode ser posterior a hoje.';
      const member = idOf(values.member);
      const contact = idOf(values.contact);
      if (member !== null && contact !== null) errors.contact = 'Escolha o doador entre os sócios ou entre os contactos, não os dois.';
      const onFile = await donorOnFile(db, member, contact === null || member !== null ? null : contact);
      if (!onFile) return { ...errors, [member !== null ? 'member' : 'contact']: 'Este doador não existe.' };
      if ((text(values.donor_name) ?? onFile.name) === null) errors.donor_name = 'Indique o nome do doador.';
      if ((text(values.donor_nif) ?? onFile.nif) === null) errors.donor_nif = 'Indique o NIF do doador: a declaração anual de donativos (modelo 25) identifica cada doador pelo NIF.';
      if (values.kind === 'especie' && text(values.goods) === null) errors.goods = 'Descreva os bens doados.';
      return errors;
    },
    async beforeWrite({ db }, values) {
      // A snapshot: the receipt and the Modelo 25 keep saying who gave, whatever the member's record says later.
      const onFile = (await donorOnFile(db, idOf(values.member), idOf(values.contact)))!;
      values.donor_name = text(values.donor_name) ?? onFile.name;
      values.donor_nif = text(values.donor_nif) ?? onFile.nif;
      values.donor_address = text(values.donor_address) ?? onFile.address;
      if (values.kind !== 'especie') values.goods = null;
    },
    async afterWrite(hook, record: Row) {
      const receipt = await issueDonationReceipt(hook.db, hook.ctx, record, hook.caller.kind === 'user' ? hook.caller.id : null);
      await hook.db.updateTable('donations').set({ receipt }).where('_id', '=', Number(record._id)).execute();
      record.receipt = receipt;
    },
  },
});
