import type { FieldDefinition } from '../../resources/define.js';
import { members } from '../members/public.js';

/**
 * The member fields an application may carry, in form order: the same definitions as the member
 * record's (labels, types, NIF/postal-code/phone checks), so an applicant is checked exactly as
 * the member they become. Which are shown and which required is each association's choice
 * (application-settings.ts).
 */
export const APPLICANT_FIELDS = ['name', 'email', 'phone', 'nif', 'birth_date', 'address', 'postal_code', 'locality', 'country'] as const;
export type ApplicantField = (typeof APPLICANT_FIELDS)[number];

/** Always asked and required. The e-mail is required of the public form only (its confirmation goes there): staff type in paper ones. */
const ALWAYS_REQUIRED: readonly ApplicantField[] = ['name'];
export const ALWAYS_ASKED: readonly ApplicantField[] = ['name', 'email'];

/**
 * The member's definition of each applicant field, without what only makes sense among members
 * (a unique value, who may write it): the same NIF may apply twice, which the duplicates show.
 */
export const applicantFieldDefinitions = (): FieldDefinition[] =>
  APPLICANT_FIELDS.map((name) => {
    const field = members.field(name)!;
    const { unique: _unique, ...validation } = field.validation;
    return {
      name: field.name,
      type: field.type,
      label: field.label,
      group: 'Candidato',
      inputType: field.inputType,
      validation: { ...validation, ...(ALWAYS_REQUIRED.includes(name) ? { required: true } : {}) },
      ...(field.ref ? { ref: field.ref } : {}),
      ...(field.createDefault ? { createDefault: field.createDefault } : {}),
      sortable: field.sortable,
      filterable: field.filterable,
      searchable: field.searchable,
    };
  });
