// The rules a field's value must follow, as pure functions: the server validates with them
// and the public forms (the application form) check with the same ones before sending, so a
// visitor reads the server's own pt-PT words without a round trip.
import type { FieldType, FieldValidation } from './contract.js';

/** The mod-11 check digit of the first 8 digits of a Portuguese NIF (for generating test data too). */
export function nifCheckDigit(first8: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i += 1) sum += Number(first8[i]) * (9 - i);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Portuguese tax number: 9 digits, a first digit in use, and a correct check digit. */
export function isValidNif(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  // First digits in use: 1-3 people, 45 non-residents, 5 companies, 6 public bodies,
  // 70/74/75/77/79 special cases, 8 sole traders, 90/91/98/99 other entities.
  if (!/^([1235689]|45|7[04579]|9[0189])/.test(value)) return false;
  return nifCheckDigit(value.slice(0, 8)) === Number(value[8]);
}

/** Named checks a field's validation may list (`checks: ['nif']`): a pt-PT message when the value is wrong, or null. */
const CHECKS: Record<string, (value: string) => string | null> = {
  nif: (v) => (isValidNif(v) ? null : 'NIF inválido: deve ter 9 dígitos e um dígito de controlo correto.'),
  postalCode: (v) => (/^\d{4}-\d{3}$/.test(v) ? null : 'Código postal inválido: use o formato NNNN-NNN.'),
  color: (v) => (/^#[0-9a-fA-F]{6}$/.test(v) ? null : 'Cor inválida: use o formato #RRGGBB.'),
};

/** A field's declared rules (length, pattern, named checks, bounds): the first broken one in pt-PT, or null. */
export function ruleMessage(v: FieldValidation, value: unknown): string | null {
  if (typeof value === 'string') {
    if (v.minLength !== undefined && [...value].length < v.minLength) return `Deve ter pelo menos ${v.minLength} caracteres.`;
    if (v.maxLength !== undefined && [...value].length > v.maxLength) return `Não pode ter mais de ${v.maxLength} caracteres.`;
    if (v.pattern !== undefined && !new RegExp(`^(?:${v.pattern})$`, 'u').test(value)) return 'Formato inválido.';
    for (const check of v.checks ?? []) {
      const message = CHECKS[check]?.(value);
      if (message) return message;
    }
  }
  if (typeof value === 'number') {
    if (v.min !== undefined && value < v.min) return `Deve ser pelo menos ${v.min}.`;
    if (v.max !== undefined && value > v.max) return `Não pode ser superior a ${v.max}.`;
  }
  return null;
}

// Deliberately loose: one @, no spaces, a dot in the domain. Delivery is the real test.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MESSAGE = 'Endereço de e-mail inválido.';
export const DATE_MESSAGE = 'Data inválida: use o formato AAAA-MM-DD.';
export const PHONE_MESSAGE = 'Número de telefone inválido: indique um número português de 9 algarismos ou um internacional começado por +.';
export const REQUIRED_MESSAGE = 'Campo obrigatório.';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date written AAAA-MM-DD that exists (no 31 February). */
export function isValidDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/**
 * A phone's shape, as a browser can judge it without the full numbering plans the server uses
 * (libphonenumber-js/max): 9 Portuguese digits, or an international number with + or 00.
 * The server still has the last word on whether the number exists.
 */
function looksLikePhone(value: string): boolean {
  const compact = value.replace(/[\s().-]/g, '');
  return /^\d{9}$/.test(compact) || /^(\+|00)[1-9]\d{6,14}$/.test(compact);
}

/**
 * What a person typed in a field of `type` with rules `v`, judged as the server will: the
 * pt-PT message of the first problem, or null. An empty value is only wrong when required.
 */
export function fieldProblem(type: FieldType, v: FieldValidation, value: string): string | null {
  const text = value.trim();
  if (text === '') return v.required ? REQUIRED_MESSAGE : null;
  if (type === 'email' && !EMAIL_PATTERN.test(text)) return EMAIL_MESSAGE;
  if (type === 'phone' && !looksLikePhone(text)) return PHONE_MESSAGE;
  if (type === 'date' && !isValidDate(text)) return DATE_MESSAGE;
  return ruleMessage(v, text);
}

/** Whole years from `birth` to `today` (both YYYY-MM-DD): who is a minor, as the server counts. */
function ageOn(birth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  return today.slice(5) < birth.slice(5) ? years - 1 : years;
}

/** Whether someone born on `birth` (AAAA-MM-DD, not in the future) is under `minorAge` on `today`. */
export function isMinorOn(birth: string, today: string, minorAge: number): boolean {
  return DATE.test(birth) && birth <= today && ageOn(birth, today) < minorAge;
}

/**
 * The membership application's own rules beyond each field's, in the words the public form
 * shows before sending and the server answers with (422), by the application's field names.
 */
export const APPLICATION_MESSAGES = {
  consent_version: 'Para se candidatar, tem de aceitar o texto de consentimento.',
  fee_category: 'Escolha a categoria de quota.',
  proposer_number: 'Indique o número de sócio de quem propõe a sua candidatura.',
  guardian_name: 'Candidato menor de idade: indique o nome do encarregado de educação.',
  guardian_consent: 'Candidato menor de idade: é preciso o consentimento do encarregado de educação.',
  guardian_email: 'Candidato menor de idade: indique o e-mail do encarregado de educação (as mensagens do sócio vão para lá).',
} as const;

/** What a minor's application lacks from their guardian: a name and a consent, by field name. */
export function guardianProblems(name: unknown, consent: unknown): Partial<Record<'guardian_name' | 'guardian_consent', string>> {
  const problems: Partial<Record<'guardian_name' | 'guardian_consent', string>> = {};
  if (typeof name !== 'string' || name.trim() === '') problems.guardian_name = APPLICATION_MESSAGES.guardian_name;
  if (!consent) problems.guardian_consent = APPLICATION_MESSAGES.guardian_consent;
  return problems;
}

/** The public form also needs a minor's guardian's e-mail: the member's messages and the guardian's sign-in go there. */
export function guardianEmailProblem(email: unknown): Partial<Record<'guardian_email', string>> {
  return typeof email === 'string' && email.trim() !== '' ? {} : { guardian_email: APPLICATION_MESSAGES.guardian_email };
}
