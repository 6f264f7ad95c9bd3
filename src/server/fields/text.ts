import type { Field } from '../resources/define.js';
import { asIs, fail, ok, stringSchema, type Converted, type FieldKind } from './kind.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Deliberately loose: one @, no spaces, a dot in the domain. Delivery is the real test.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Digits with the usual separators, an optional international prefix: 912 345 678, +351 212345678.
const PHONE = /^\+?[0-9][0-9 ().-]{5,24}$/;

function isValidDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

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

export const stringKind = textKind('text', ok);
// Multi-line text keeps its spaces and may be '' (not "no value").
export const textAreaKind = textKind('textarea', ok, undefined, true);
export const passwordKind = textKind('password', ok, 'password', true);
export const emailKind = textKind('email', (t) => (EMAIL.test(t) ? ok(t.toLowerCase()) : fail('Endereço de email inválido.')), 'email');
export const phoneKind = textKind('tel', (t) => (PHONE.test(t) ? ok(t) : fail('Número de telefone inválido.')));
export const dateKind = textKind('date', (t) => (isValidDate(t) ? ok(t) : fail('Data inválida: use o formato AAAA-MM-DD.')), 'date');
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
