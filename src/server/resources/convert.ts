import { FIELD_KINDS, type Converted } from '../fields/index.js';
import type { Field } from './define.js';

export type { Converted } from '../fields/index.js';

/**
 * Turns a JSON (or query-string) value into what is stored for the field (each type's rule is
 * in src/server/fields). null and '' mean "no value" (null), except in multi-line text.
 */
export function convertValue(field: Field, value: unknown): Converted {
  if (value === null || value === undefined) return { ok: true, value: null };
  if (value === '' && field.type !== 'text') return { ok: true, value: null };
  return FIELD_KINDS[field.type].convert(field, value);
}
