import { APPLICATION_MESSAGES, guardianEmailProblem, guardianProblems, isMinorOn, REQUIRED_MESSAGE } from '../../../core/field-checks.js';
import type { Db, Row } from '../../db/database.js';
import { sha256 } from '../../auth/secrets.js';
import { readSetting } from '../../settings/read.js';
import { ALWAYS_ASKED, APPLICANT_FIELDS, type ApplicantField } from './applicant-fields.js';
import { CHOSEN_FIELDS, fieldSettingName, type ChosenField } from './application-settings.js';

export interface FormRules {
  /** The fields the form asks for, in order, and whether each must be filled. */
  fields: { name: ApplicantField; required: boolean }[];
  consentText: string;
  /** Changes whenever the text does: what the applicant agreed to is known from the version they sent. */
  consentVersion: string;
  minorAge: number;
  proposerRequired: boolean;
}

export const consentVersionOf = (text: string): string => sha256(text).slice(0, 16);

const isChosen = (name: ApplicantField): name is ChosenField => (CHOSEN_FIELDS as readonly string[]).includes(name);

/** The association's application form as its settings say now. */
export async function formRules(db: Db): Promise<FormRules> {
  const fields: FormRules['fields'] = [];
  for (const name of APPLICANT_FIELDS) {
    if (ALWAYS_ASKED.includes(name)) fields.push({ name, required: true });
    else if (isChosen(name)) {
      const choice = await readSetting(db, fieldSettingName(name));
      if (choice !== 'hidden') fields.push({ name, required: choice === 'required' });
    }
  }
  const consentText = await readSetting(db, 'applicationConsentText');
  return {
    fields,
    consentText,
    consentVersion: consentVersionOf(consentText),
    minorAge: await readSetting(db, 'applicationMinorAge'),
    proposerRequired: await readSetting(db, 'applicationProposerRequired'),
  };
}

const empty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * What the public form must hold beyond each field's own checks, as the settings say: the
 * required fields, the consent to the current text, a requested category, the proposer, and a
 * minor's guardian's e-mail (on `today`). pt-PT messages by field name.
 */
export function publicFormErrors(rules: FormRules, values: Row, hasCategories: boolean, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { name, required } of rules.fields) if (required && empty(values[name])) errors[name] = REQUIRED_MESSAGE;
  if (empty(values.consent_version)) errors.consent_version = APPLICATION_MESSAGES.consent_version;
  else if (values.consent_version !== rules.consentVersion) errors.consent_version = 'O texto de consentimento mudou entretanto: recarregue a página, leia-o e aceite-o de novo.';
  if (hasCategories && empty(values.fee_category)) errors.fee_category = APPLICATION_MESSAGES.fee_category;
  if (rules.proposerRequired && empty(values.proposer_number)) errors.proposer_number = APPLICATION_MESSAGES.proposer_number;
  // Paper applications typed in by staff may lack it; a form filled in online gives the guardian's address.
  if (typeof values.birth_date === 'string' && isMinorOn(values.birth_date, today, rules.minorAge)) Object.assign(errors, guardianEmailProblem(values.guardian_email));
  return errors;
}

/** Rules of every application, public or typed in by staff: a minor's guardian, an existing proposer. */
export async function applicationErrors(db: Db, values: Row, today: string): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const birth = values.birth_date;
  if (typeof birth === 'string' && birth) {
    if (birth > today) errors.birth_date = 'A data de nascimento não pode ser futura.';
    else if (isMinorOn(birth, today, await readSetting(db, 'applicationMinorAge'))) Object.assign(errors, guardianProblems(values.guardian_name, values.guardian_consent));
  }
  if (!empty(values.proposer_number)) {
    const proposer = await db.selectFrom('members').select('_id').where('number', '=', Number(values.proposer_number)).executeTakeFirst();
    if (!proposer) errors.proposer_number = 'Não existe nenhum sócio com este número.';
  }
  return errors;
}
