import { STAFF_ROLES } from '../../../../core/contract.js';
import type { Row } from '../../../db/database.js';
import { defineResource } from '../../../resources/define.js';

/** The lawful bases of RGPD art. 6.1 an association meets: only `consentimento` needs each person's yes. */
const CONSENT_BASES = [
  { value: 'contrato', label: 'Execução do contrato (quotas e vida associativa)' },
  { value: 'consentimento', label: 'Consentimento' },
  { value: 'obrigacao_legal', label: 'Obrigação legal' },
  { value: 'interesse_legitimo', label: 'Interesse legítimo' },
] as const;

/** The basis whose messages reach only people who said yes (and did not take it back). */
export const CONSENT_BASIS = 'consentimento';

const KEY = /^[a-z0-9][a-z0-9_-]{1,39}$/;

/** A purpose's words: changing them is a new version, so a consent says which text it answered. */
const WORDED = ['name', 'description'] as const;

/**
 * What the association uses personal data for (Configuração › Privacidade): the newsletter,
 * photos on its website, sharing with a federation, each with its lawful basis and the text shown
 * to the person. `version` rises whenever that text changes; a consent keeps the version it was
 * given to. Retired purposes are made inactive, not deleted: consents point at them.
 */
export const consentPurposes = defineResource({
  name: 'consent_purposes',
  label: 'Finalidades de tratamento',
  labelSingular: 'Finalidade de tratamento',
  defaultSort: 'name',
  access: { list: STAFF_ROLES, read: STAFF_ROLES, create: STAFF_ROLES, update: STAFF_ROLES, delete: ['admin'] },
  fields: [
    { name: 'key', type: 'string', label: 'Identificador', validation: { required: true, minLength: 2, maxLength: 40, unique: true }, filterable: true, exactFilter: true },
    { name: 'name', type: 'string', label: 'Nome', validation: { required: true, minLength: 2, maxLength: 120 }, sortable: true, searchable: true },
    { name: 'description', type: 'text', label: 'Texto mostrado ao titular', validation: { required: true, minLength: 10, maxLength: 2000 } },
    { name: 'basis', type: 'enum', label: 'Fundamento jurídico', options: CONSENT_BASES, validation: { required: true }, filterable: true },
    { name: 'version', type: 'integer', label: 'Versão do texto', readOnly: true },
    { name: 'active', type: 'boolean', label: 'Ativa', filterable: true, defaultValue: () => 1 },
    { name: 'on_application', type: 'boolean', label: 'Perguntar no formulário de candidatura', filterable: true, defaultValue: () => 0 },
  ],
  hooks: {
    async validate(_hook, values, existing): Promise<Record<string, string> | void> {
      // The key is how programs and the application form name the purpose: fixed once created.
      if (existing && values.key !== undefined && values.key !== existing.key) return { key: 'O identificador de uma finalidade não pode ser alterado.' };
      if (typeof values.key === 'string' && !KEY.test(values.key)) return { key: 'Use 2 a 40 letras minúsculas sem acentos, algarismos, "-" ou "_", a começar por letra ou algarismo.' };
      // The form asks a yes or a no: a purpose on another basis applies whatever the applicant ticks.
      const basis = values.basis ?? existing?.basis;
      const asked = values.on_application ?? existing?.on_application;
      if ((asked === 1 || asked === true) && basis !== undefined && basis !== CONSENT_BASIS) return { on_application: 'Só as finalidades que dependem de consentimento se perguntam no formulário de candidatura.' };
    },
    async beforeWrite(_hook, values, existing) {
      if (!existing) {
        values.version = 1;
        return;
      }
      if (WORDED.some((name) => values[name] !== undefined && values[name] !== existing[name])) values.version = Number(existing.version ?? 1) + 1;
    },
  },
});

export type PurposeRow = Row & { _id: number; key: string; name: string; description: string; basis: string; version: number; active: number; on_application: number };
