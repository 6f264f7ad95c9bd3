import { sql } from 'kysely';
import { STAFF_ROLES } from '../../../core/contract.js';
import { defineResource } from '../../resources/define.js';
import type { Db } from '../../db/database.js';
import { CONFIRM_DUPLICATE, guardDuplicates } from './duplicate-members.js';
import { duesTermsErrors } from './dues-terms.js';
import { firstActiveState } from '../reference/public.js';

/** The lowest number above every number in use: numbers of members who left are not reused. */
async function nextMemberNumber(db: Db): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select(sql<number | null>`max(number)`.as('top'))
    .executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

/** A new member lives in Portugal unless told otherwise. */
async function portugal(db: Db): Promise<number | null> {
  const row = await db.selectFrom('countries').select('_id').where('code', '=', 'PT').executeTakeFirst();
  return row ? Number(row._id) : null;
}

const staffOnly = STAFF_ROLES;

export const GUARDIAN_RELATIONS = [
  { value: 'mae', label: 'Mãe' },
  { value: 'pai', label: 'Pai' },
  { value: 'tutor', label: 'Tutor legal' },
  { value: 'outro', label: 'Outra' },
] as const;

export const members = defineResource({
  name: 'members',
  label: 'Sócios',
  labelSingular: 'Sócio',
  searchIndex: true,
  access: {
    list: ['admin', 'editor'],
    read: ['admin', 'editor', 'own'],
    create: ['admin', 'editor'],
    update: ['admin', 'editor', 'own'],
    delete: ['admin'],
  },
  scope: { column: '_id', equals: 'callerMember' },
  fields: [
    {
      name: 'number', type: 'integer', label: 'Número', group: 'Identificação',
      validation: { required: true, min: 1, unique: true }, writableBy: staffOnly,
      sortable: true, filterable: true, searchable: true, defaultValue: nextMemberNumber,
    },
    {
      name: 'name', type: 'string', label: 'Nome', group: 'Identificação',
      validation: { required: true, minLength: 2, maxLength: 200 }, sortable: true, filterable: true, searchable: true,
    },
    {
      name: 'email', type: 'email', label: 'E-mail', group: 'Contactos',
      validation: { maxLength: 254 }, sortable: true, filterable: true, searchable: true,
    },
    {
      name: 'phone', type: 'phone', label: 'Telefone', group: 'Contactos',
      validation: { maxLength: 30 }, filterable: true, searchable: true,
    },
    {
      name: 'nif', type: 'string', label: 'NIF', group: 'Identificação',
      validation: { checks: ['nif'] }, sortable: true, filterable: true, searchable: true,
    },
    { name: 'birth_date', type: 'date', label: 'Data de nascimento', group: 'Identificação', sortable: true, filterable: true },
    { name: 'address', type: 'string', label: 'Morada', group: 'Morada', validation: { maxLength: 300 } },
    {
      name: 'postal_code', type: 'string', label: 'Código postal', group: 'Morada',
      validation: { checks: ['postalCode'] }, sortable: true, filterable: true, searchable: true,
    },
    {
      name: 'locality', type: 'string', label: 'Localidade', group: 'Morada',
      validation: { maxLength: 100 }, sortable: true, filterable: true, searchable: true,
    },
    { name: 'country', type: 'reference', ref: 'countries', label: 'País', group: 'Morada', filterable: true, createDefault: portugal },
    {
      name: 'state', type: 'reference', ref: 'member_states', label: 'Estado', group: 'Inscrição',
      validation: { required: true }, writableBy: staffOnly, sortable: true, filterable: true, createDefault: firstActiveState,
    },
    {
      name: 'admission_date', type: 'date', label: 'Data de admissão', group: 'Inscrição',
      writableBy: staffOnly, sortable: true, filterable: true,
    },
    // The columns come with the privacy module's migration (privacy/046_erasure): the day the member
    // entered an ending state (set by the privacy module's hook), from which retention counts, and
    // when their personal data was erased (issue 34).
    { name: 'left_on', type: 'date', label: 'Data de saída', group: 'Inscrição', writableBy: staffOnly, sortable: true, filterable: true },
    { name: 'erased_at', type: 'datetime', label: 'Dados pessoais apagados em', group: 'Inscrição', readOnly: true, sortable: true },
    // The column comes with the dues module's migration (010_dues), whose schedules it selects.
    {
      name: 'fee_category', type: 'reference', ref: 'fee_categories', label: 'Categoria de quota', group: 'Inscrição',
      writableBy: staffOnly, filterable: true,
    },
    // The yearly generation and a newcomer's first debts raise no quota for them.
    {
      name: 'dues_exempt', type: 'boolean', label: 'Isento de quotas', group: 'Inscrição',
      writableBy: staffOnly, filterable: true, defaultValue: () => 0,
    },
    {
      name: 'tags', type: 'references', ref: 'tags', label: 'Etiquetas', group: 'Inscrição',
      through: { table: 'member_tags', self: 'member_id', other: 'tag_id' }, writableBy: staffOnly, filterable: true,
    },
    // The household the member belongs to, at most one (issue 34; column from dues/043_households).
    { name: 'household', type: 'reference', ref: 'households', label: 'Agregado', group: 'Agregado', writableBy: staffOnly, filterable: true },
    // A minor's guardian (issue 34): their messages and payment links go to this e-mail (recipient.ts).
    { name: 'guardian_name', type: 'string', label: 'Nome do encarregado de educação', group: 'Encarregado de educação', validation: { maxLength: 200 }, writableBy: staffOnly },
    { name: 'guardian_relation', type: 'enum', label: 'Relação com o sócio', group: 'Encarregado de educação', options: GUARDIAN_RELATIONS, writableBy: staffOnly },
    { name: 'guardian_email', type: 'email', label: 'E-mail do encarregado de educação', group: 'Encarregado de educação', validation: { maxLength: 254 }, writableBy: staffOnly, filterable: true },
    { name: 'guardian_phone', type: 'phone', label: 'Telefone do encarregado de educação', group: 'Encarregado de educação', validation: { maxLength: 30 }, writableBy: staffOnly },
    { name: 'notes', type: 'text', label: 'Notas', group: 'Notas', writableBy: staffOnly, readableBy: staffOnly },
    // Sent again after a 409 probable_duplicate, once staff confirm (duplicate-members.ts); never stored.
    // In the record's group: forms do not show it, they send it from the duplicate warning.
    { name: CONFIRM_DUPLICATE, type: 'boolean', label: 'Confirmar possível duplicado', group: 'Registo', writeOnly: true, writableBy: staffOnly },
  ],
  hooks: {
    // A fee category and an admission date, or exempt from quotas (dues-terms.ts).
    async validate(_hook, values, existing): Promise<Record<string, string>> {
      return duesTermsErrors(values, existing);
    },
    // Its return type written out: inferred, it would depend on hook.db, whose tables come from this definition.
    async beforeWrite(hook, values, existing): Promise<void> {
      await guardDuplicates(hook.db, values, existing);
    },
  },
});
