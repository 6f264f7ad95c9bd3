import { STAFF_ROLES } from '../../../../core/contract.js';
import { defineResource } from '../../../resources/define.js';

const CONSENT_STATES = [
  { value: 'granted', label: 'Dado' },
  { value: 'withdrawn', label: 'Retirado' },
] as const;

export const CONSENT_SOURCES = [
  { value: 'formulario', label: 'Formulário de candidatura' },
  { value: 'area_socio', label: 'Área de sócio' },
  { value: 'papel', label: 'Em papel, registado pelos serviços' },
  { value: 'importacao', label: 'Importação' },
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number]['value'];

/**
 * What each person said to each purpose: one row per (member, purpose), or per (application,
 * purpose) until the application is accepted and the row passes to the member. Written only by
 * the consent routes, the application form and its acceptance, each change with its audit entry
 * (the history of a row is its audit trail). `member` is not a list filter on purpose: the
 * per-member view is GET /members/{id}/consents, every purpose with its state, which the generic
 * nested list (rows only) would otherwise take.
 */
export const consents = defineResource({
  name: 'consents',
  label: 'Consentimentos',
  labelSingular: 'Consentimento',
  defaultSort: '-updated_at',
  access: { list: [...STAFF_ROLES, 'own'], read: [...STAFF_ROLES, 'own'], create: [], update: [], delete: [] },
  scope: { column: 'member', equals: 'callerMember' },
  fields: [
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', readOnly: true, searchable: true },
    { name: 'application', type: 'reference', ref: 'member_applications', label: 'Candidatura', readOnly: true, readableBy: STAFF_ROLES },
    { name: 'purpose', type: 'reference', ref: 'consent_purposes', label: 'Finalidade', readOnly: true, filterable: true },
    { name: 'state', type: 'enum', label: 'Estado', options: CONSENT_STATES, readOnly: true, filterable: true },
    { name: 'granted_at', type: 'datetime', label: 'Dado em', readOnly: true, sortable: true },
    { name: 'withdrawn_at', type: 'datetime', label: 'Retirado em', readOnly: true, sortable: true },
    { name: 'source', type: 'enum', label: 'Origem', options: CONSENT_SOURCES, readOnly: true, filterable: true },
    { name: 'text_version', type: 'integer', label: 'Versão do texto', readOnly: true },
    { name: 'recorded_by', type: 'reference', ref: 'users', label: 'Registado por', readOnly: true, readableBy: STAFF_ROLES },
  ],
});
