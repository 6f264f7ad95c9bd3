import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { fail, ok, type Converted } from './kind.js';
import { PHONE_MESSAGE } from '../../core/field-checks.js';

/** Numbers written without a country are Portuguese. */
const DEFAULT_REGION = 'PT';

/**
 * A phone number as stored: E.164 ("912 345 678" -> "+351912345678"), so one number is one
 * text whatever the spaces or prefix it was typed with, and search finds it either way. The
 * full metadata checks the number exists in its country's plan, not just its length.
 */
export function normalisePhone(text: string): Converted {
  const phone = parsePhoneNumberFromString(text, DEFAULT_REGION);
  if (!phone?.isValid()) return fail(PHONE_MESSAGE);
  // E.164 has no room for an extension: refused rather than silently dropped.
  if (phone.ext) return fail('Número de telefone inválido: indique o número sem extensão.');
  return ok(phone.number);
}
