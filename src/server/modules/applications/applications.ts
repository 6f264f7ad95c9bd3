import { sql } from 'kysely';
import { STAFF_ROLES } from '../../../core/contract.js';
import { defineResource, type FieldDefinition } from '../../resources/define.js';
import { lisbonDay } from '../../../core/days.js';
import { applicantFieldDefinitions, APPLICANT_FIELDS } from './applicant-fields.js';
import { hasDuplicateSql } from './duplicates-sql.js';
import { applicationErrors } from './form-rules.js';
import { APPLICATION_STATES } from './states.js';
import { GUARDIAN_RELATIONS } from '../members/public.js';

/** What the form asks of a minor's guardian; accepting carries all but the consent to the member. */
export const GUARDIAN_FIELDS = ['guardian_name', 'guardian_consent', 'guardian_relation', 'guardian_email', 'guardian_phone'] as const;

// A paper application (typed in by staff, so sent no confirmation code) waits for no confirmation.
const PENDING_SQL =
  "state = 'email_confirmed' OR (state = 'submitted' AND (verification_hash IS NULL OR " +
  "COALESCE((SELECT value FROM settings WHERE name = 'applicationConfirmationRequired'), 'true') = 'false'))";

/** The applicant's member fields (the members' own definitions), then what only an application has. */
const FIELDS: readonly FieldDefinition[] = [
  ...applicantFieldDefinitions(),
  { name: 'fee_category', type: 'reference', ref: 'fee_categories', label: 'Categoria de quota pretendida', group: 'Candidatura', filterable: true },
  { name: 'proposer_number', type: 'integer', label: 'Número de sócio do proponente', group: 'Candidatura', validation: { min: 1 }, filterable: true },
  { name: 'consent_version', type: 'string', label: 'Versão do consentimento aceite', group: 'Consentimento', validation: { maxLength: 64 } },
  { name: 'consent_at', type: 'datetime', label: 'Consentimento dado em', group: 'Consentimento', readOnly: true },
  { name: 'guardian_name', type: 'string', label: 'Nome do encarregado de educação', group: 'Consentimento', validation: { maxLength: 200 } },
  { name: 'guardian_consent', type: 'boolean', label: 'Consentimento do encarregado de educação', group: 'Consentimento', defaultValue: () => 0 },
  // A minor's guardian contacts (issue 34): accepting copies them to the member, whose messages then reach the guardian.
  { name: 'guardian_relation', type: 'enum', label: 'Relação com o candidato', group: 'Consentimento', options: GUARDIAN_RELATIONS },
  { name: 'guardian_email', type: 'email', label: 'E-mail do encarregado de educação', group: 'Consentimento', validation: { maxLength: 254 } },
  { name: 'guardian_phone', type: 'phone', label: 'Telefone do encarregado de educação', group: 'Consentimento', validation: { maxLength: 30 } },
  { name: 'state', type: 'enum', label: 'Estado', group: 'Decisão', options: APPLICATION_STATES, readOnly: true, sortable: true, filterable: true },
  // Kept by the database from `state` (migration 038): the staff list opens `-undecided`, open ones first, newest first.
  { name: 'undecided', type: 'boolean', label: 'Por decidir', group: 'Decisão', readOnly: true, sortable: true, filterable: true },
  { name: 'email_confirmed_at', type: 'datetime', label: 'E-mail confirmado em', group: 'Decisão', readOnly: true, sortable: true },
  { name: 'decided_at', type: 'datetime', label: 'Decidida em', group: 'Decisão', readOnly: true, sortable: true, filterable: true },
  { name: 'decided_by', type: 'reference', ref: 'users', label: 'Decidida por', group: 'Decisão', readOnly: true },
  { name: 'reject_reason', type: 'string', label: 'Motivo da recusa', group: 'Decisão', readOnly: true },
  { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', group: 'Decisão', readOnly: true, filterable: true },
  {
    name: 'duplicates', type: 'computed', label: 'Possível duplicado', group: 'Decisão',
    computed: { sql: `CASE WHEN ${hasDuplicateSql('member_applications')} THEN 1 ELSE 0 END`, numeric: true },
  },
];

/**
 * Membership applications. Staff list, read, type in (paper forms) and correct them; anyone may
 * apply through the public create (the public-create takeover adds the spam defences, the
 * confirmation e-mail and the upload token). Every decision goes through its action (accept,
 * reject, withdraw), never through a write of `state`.
 */
export const memberApplications = defineResource({
  name: 'member_applications',
  label: 'Candidaturas',
  labelSingular: 'Candidatura',
  defaultSort: '-created_at',
  access: { list: STAFF_ROLES, read: STAFF_ROLES, create: [...STAFF_ROLES, 'public'], update: STAFF_ROLES, delete: [] },
  publicFields: [...APPLICANT_FIELDS, 'fee_category', 'proposer_number', 'consent_version', ...GUARDIAN_FIELDS],
  fields: FIELDS,
  filters: [
    {
      name: 'pending',
      label: 'À espera de decisão',
      options: [{ value: 'sim', label: 'Sim' }],
      where: () => sql<boolean>`(${sql.raw(PENDING_SQL)})`,
    },
    {
      name: 'duplicated',
      label: 'Possível duplicado',
      options: [
        { value: 'sim', label: 'Sim' },
        { value: 'nao', label: 'Não' },
      ],
      where: (value, _now, table) => (value === 'sim' ? sql<boolean>`(${sql.raw(hasDuplicateSql(table))})` : sql<boolean>`NOT (${sql.raw(hasDuplicateSql(table))})`),
    },
  ],
  hooks: {
    async validate(hook, values, existing) {
      return applicationErrors(hook.db, { ...existing, ...values }, lisbonDay(hook.ctx.now()));
    },
    async beforeWrite(hook, values, existing) {
      if (existing) {
        if (values.consent_version !== undefined && values.consent_version !== existing.consent_version) values.consent_at = new Date(hook.ctx.now()).toISOString();
        return;
      }
      values.state = 'submitted';
      if (values.consent_version) values.consent_at = new Date(hook.ctx.now()).toISOString();
    },
  },
});

/** Open applications waiting for a decision (the menu badge): confirmed or paper ones, or every open one when confirmation is not required. */
export const PENDING_CONDITION = PENDING_SQL;
