import { APPLICATION_MESSAGES, fieldProblem, guardianEmailProblem, guardianProblems, isMinorOn } from '../../core/field-checks.js';
import type { LoadedApplicationForm } from '../../core/modules/application-form.js';
import { shownOnForm } from './member-fields.js';
import { APPLICATION_FORM_TEXTS as T } from './texts.js';

/** What the visitor has typed and chosen, as text until it is sent. */
export interface FormState {
  values: Record<string, string>;
  feeCategory: string;
  proposerNumber: string;
  guardianName: string;
  guardianConsent: boolean;
  guardianEmail: string;
  guardianPhone: string;
  guardianRelation: string;
  consent: boolean;
  /** The consent purposes ticked, by key, with the version of the text shown. */
  purposes: Record<string, number>;
  website: string;
}

export const emptyState = (): FormState => ({ values: {}, feeCategory: '', proposerNumber: '', guardianName: '', guardianConsent: false, guardianEmail: '', guardianPhone: '', guardianRelation: '', consent: false, purposes: {}, website: '' });

/** Today in Lisbon, as the server dates a birthday. */
export const lisbonToday = (): string => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Lisbon' });

/** Whether the birth date typed makes the applicant a minor, so a guardian must sign too. */
export function isMinor(form: LoadedApplicationForm, state: FormState, today: string): boolean {
  return isMinorOn(state.values.birth_date ?? '', today, form.minorAge);
}

/**
 * Every problem the server would find in what the form holds, by the application's field
 * names, in its pt-PT words: the member fields' own rules (NIF, postal code, phone, e-mail,
 * dates) and the form's (consent, category, proposer, a minor's guardian).
 */
export function formProblems(form: LoadedApplicationForm, state: FormState, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of form.described.filter(shownOnForm)) {
    const problem = fieldProblem(field.type, { ...field.validation, required: field.required }, state.values[field.name] ?? '');
    if (problem) problems[field.name] = problem;
  }
  if (form.feeCategories.length > 0 && !state.feeCategory) problems.fee_category = APPLICATION_MESSAGES.fee_category;
  const proposer = state.proposerNumber.trim();
  if (proposer && !/^[1-9]\d{0,8}$/.test(proposer)) problems.proposer_number = T.proposerInvalid;
  else if (form.proposerRequired && !proposer) problems.proposer_number = APPLICATION_MESSAGES.proposer_number;
  if (isMinor(form, state, today)) {
    Object.assign(problems, guardianProblems(state.guardianName, state.guardianConsent), guardianEmailProblem(state.guardianEmail));
    // Their shapes as the server judges them (the member's own e-mail and phone rules).
    const email = problems.guardian_email ? null : fieldProblem('email', {}, state.guardianEmail);
    const phone = fieldProblem('phone', {}, state.guardianPhone);
    if (email) problems.guardian_email = email;
    if (phone) problems.guardian_phone = phone;
  }
  if (!state.consent) problems.consent_version = APPLICATION_MESSAGES.consent_version;
  return problems;
}

/** What the form sends of a minor's guardian, under the contract's names; contacts left empty are not sent. */
export function guardianExtras(state: FormState) {
  const email = state.guardianEmail.trim();
  const phone = state.guardianPhone.trim();
  return {
    guardianName: state.guardianName.trim(),
    guardianConsent: state.guardianConsent,
    ...(email ? { guardianEmail: email } : {}),
    ...(phone ? { guardianPhone: phone } : {}),
    ...(state.guardianRelation ? { guardianRelation: state.guardianRelation } : {}),
  };
}
