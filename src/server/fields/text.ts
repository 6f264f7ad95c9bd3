import type { Field } from '../resources/define.js';
import { asIs, fail, ok, stringSchema, type Converted, type FieldKind } from './kind.js';
import { normalisePhone } from './phone.js';
import { DATE_MESSAGE, EMAIL_MESSAGE, EMAIL_PATTERN, isValidDate } from '../../core/field-checks.js';

/** A text kind: the value must be a string, trimmed unless `keepSpaces`, then checked by `accept`. */
function textKind(
  inputType: FieldKind['inputType'],
  accept: (text: string, field: Field) => Converted,
  format?: string,
  keepSpaces = false,
): FieldKind {
  return {
    column: 'text',
    inputType,
    convert(field, value) {
      if (typeof value !== 'string') return fail('Deve ser texto.');
      const text = keepSpaces ? value : value.trim();
      if (text === '' && !keepSpaces) return ok(null);
      return accept(text, field);
    },
    schema: (field) => stringSchema(field, format),
    output: asIs,
  };
}

const personText = (kind: FieldKind): FieldKind => ({ ...kind, personText: true });

export const stringKind = personText(textKind('text', ok));
// Multi-line text keeps its spaces and may be '' (not "no value").
export const textAreaKind = personText(textKind('textarea', ok, undefined, true));
export const passwordKind = textKind('password', ok, 'password', true);
export const emailKind = personText(textKind('email', (t) => (EMAIL_PATTERN.test(t) ? ok(t.toLowerCase()) : fail(EMAIL_MESSAGE)), 'email'));
export const phoneKind: FieldKind = {
  ...personText(textKind('tel', normalisePhone)),
  // Stored without separators (E.164), so "912 345 678" or "00351 912..." must lose theirs to be found.
  filterText: (text) => text.replace(/[\s().-]/g, '').replace(/^00/, '+'),
};
export const dateKind = textKind('date', (t) => (isValidDate(t) ? ok(t) : fail(DATE_MESSAGE)), 'date');
export const dateTimeKind = textKind(
  'datetime-local',
  (t) => {
    const ms = Date.parse(t);
    return Number.isNaN(ms) ? fail('Data e hora inválidas: use o formato ISO 8601.') : ok(new Date(ms).toISOString());
  },
  'date-time',
);
export const enumKind: FieldKind = {
  ...textKind('select', (t, field) =>
    field.options?.some((o) => o.value === t) ? ok(t) : fail(`Valor inválido: escolha um de ${field.options?.map((o) => o.value).join(', ')}.`),
  ),
  schema: (field) => ({ type: 'string', enum: field.options?.map((o) => o.value) ?? [] }),
};
