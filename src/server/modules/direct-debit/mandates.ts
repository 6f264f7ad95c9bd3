import { STAFF_ROLES } from '../../../core/contract.js';
import type { Row } from '../../db/database.js';
import { defineResource } from '../../resources/define.js';
import { bicProblem, IBAN_MESSAGE, mandateReferenceProblem, normalisedBic, normalisedIban } from './sepa-ids.js';

const MANDATE_SEQUENCES = [
  { value: 'first', label: 'Primeira cobrança' },
  { value: 'recurrent', label: 'Cobranças recorrentes' },
] as const;

const MANDATE_STATES = [
  { value: 'active', label: 'Ativo' },
  { value: 'revoked', label: 'Revogado' },
] as const;

const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/** The IBAN a write leaves on the mandate: the one sent, else the stored one. */
const ibanAfter = (values: Row, existing: Row | undefined): string | null => text('iban' in values ? values.iban : existing?.iban);

/**
 * A member's SEPA direct-debit mandate: the account the association may debit, under a unique
 * mandate reference signed on a date, up to an optional maximum per collection. Staff keep them;
 * a member reads their own. A mandate is revoked, never deleted (batches name it). The sequence
 * moves from "first" to "recurrent" when a collection under it is confirmed.
 */
export const mandates = defineResource({
  name: 'sepa_mandates',
  label: 'Mandatos de débito direto',
  labelSingular: 'Mandato de débito direto',
  defaultSort: '-signature_date',
  access: { list: [...STAFF_ROLES, 'own'], read: [...STAFF_ROLES, 'own'], create: STAFF_ROLES, update: STAFF_ROLES, delete: [] },
  scope: { column: 'member', equals: 'callerMember' },
  fields: [
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', validation: { required: true }, filterable: true, searchable: true, sortable: true },
    { name: 'iban', type: 'string', label: 'IBAN', validation: { required: true, maxLength: 42 } },
    { name: 'bic', type: 'string', label: 'BIC', validation: { maxLength: 11 } },
    { name: 'reference', type: 'string', label: 'Referência do mandato', validation: { required: true, maxLength: 35, unique: true }, searchable: true, filterable: true, exactFilter: true, sortable: true },
    { name: 'signature_date', type: 'date', label: 'Data de assinatura', validation: { required: true }, sortable: true, filterable: true },
    { name: 'max_amount', type: 'money', label: 'Valor máximo por cobrança', validation: { min: 1 } },
    { name: 'sequence', type: 'enum', label: 'Sequência', options: MANDATE_SEQUENCES, readOnly: true, defaultValue: () => 'first' },
    { name: 'state', type: 'enum', label: 'Estado', options: MANDATE_STATES, filterable: true, sortable: true, defaultValue: () => 'active' },
  ],
  hooks: {
    async validate({ db }, values, existing) {
      const errors: Record<string, string> = {};
      const iban = ibanAfter(values, existing);
      if ('iban' in values && text(values.iban) !== null && !normalisedIban(String(values.iban))) errors.iban = IBAN_MESSAGE;
      const bic = text('bic' in values ? values.bic : existing?.bic);
      if (('bic' in values || 'iban' in values) && bic !== null) {
        const problem = bicProblem(bic, iban === null ? null : normalisedIban(iban));
        if (problem) errors.bic = problem;
      }
      if ('reference' in values && text(values.reference) !== null) {
        const problem = mandateReferenceProblem(String(values.reference));
        if (problem) errors.reference = problem;
      }
      // One active mandate per member (a partial unique index backs this up against races).
      const state = text('state' in values ? values.state : (existing?.state ?? 'active'));
      const member = 'member' in values ? values.member : existing?.member;
      if (state === 'active' && member !== null && member !== undefined) {
        let query = db.selectFrom('sepa_mandates').select('_id').where('member', '=', Number(member)).where('state', '=', 'active');
        if (existing) query = query.where('_id', '!=', Number(existing._id));
        if (await query.executeTakeFirst()) errors.state = 'Este sócio já tem um mandato ativo: revogue-o antes de ativar outro.';
      }
      return errors;
    },
    async beforeWrite(_hook, values) {
      if (typeof values.iban === 'string') values.iban = normalisedIban(values.iban) ?? values.iban;
      if (typeof values.bic === 'string') values.bic = values.bic === '' ? null : normalisedBic(values.bic);
    },
  },
});
