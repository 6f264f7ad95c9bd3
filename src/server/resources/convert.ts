import type { Field } from './define.js';

/** A converted input value, or the pt-PT message saying why it cannot be one. */
export type Converted = { ok: true; value: unknown } | { ok: false; message: string };

const ok = (value: unknown): Converted => ({ ok: true, value });
const fail = (message: string): Converted => ({ ok: false, message });

const INTEGER = /^-?\d{1,15}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Deliberately loose: one @, no spaces, a dot in the domain. Delivery is the real test.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_INT = 2_147_483_647;
const MAX_FLOAT32 = 3.4028234663852886e38;
// Digits with the usual separators, an optional international prefix: 912 345 678, +351 212345678.
const PHONE = /^\+?[0-9][0-9 ().-]{5,24}$/;

export function toInteger(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && INTEGER.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(n) && Math.abs(n) <= MAX_INT ? n : undefined;
}

export function toBoolean(value: unknown): 0 | 1 | undefined {
  if (value === true || value === 1 || value === '1' || value === 'true') return 1;
  if (value === false || value === 0 || value === '0' || value === 'false') return 0;
  return undefined;
}

export function isValidDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/**
 * Turns a JSON (or query-string) value into what is stored for the field: integers and ids as
 * numbers, booleans as 0/1, dates as YYYY-MM-DD, datetimes as ISO-8601 UTC. null and '' mean
 * "no value" (null).
 */
export function convertValue(field: Field, value: unknown): Converted {
  if (value === null || value === undefined) return ok(null);
  if (value === '' && field.type !== 'text') return ok(null);
  switch (field.type) {
    case 'integer':
    case 'reference': {
      const n = toInteger(value);
      if (n === undefined) return fail(field.type === 'reference' ? 'Identificador inválido: deve ser um número inteiro.' : 'Deve ser um número inteiro.');
      return ok(n);
    }
    case 'float32': {
      // Kept exactly as sent (stored in a double precision column): rounding to single
      // precision would turn 0.1 into 0.10000000149. Only the single-precision range applies.
      const n = typeof value === 'number' ? value : typeof value === 'string' && NUMBER.test(value.trim()) ? Number(value) : NaN;
      if (!Number.isFinite(n)) return fail('Deve ser um número.');
      return Math.abs(n) <= MAX_FLOAT32 ? ok(n) : fail('Número demasiado grande.');
    }
    case 'boolean': {
      const b = toBoolean(value);
      return b === undefined ? fail('Deve ser verdadeiro ou falso.') : ok(b);
    }
    case 'references': {
      const list = Array.isArray(value) ? value : [value];
      const ids = list.map(toInteger);
      if (ids.some((id) => id === undefined)) return fail('Deve ser uma lista de identificadores (números inteiros).');
      return ok([...new Set(ids as number[])].sort((a, b) => a - b));
    }
    default:
      break;
  }
  if (typeof value !== 'string') return fail('Deve ser texto.');
  const text = field.type === 'password' || field.type === 'text' ? value : value.trim();
  switch (field.type) {
    case 'date':
      return isValidDate(text) ? ok(text) : fail('Data inválida: use o formato AAAA-MM-DD.');
    case 'datetime': {
      const t = Date.parse(text);
      return Number.isNaN(t) ? fail('Data e hora inválidas: use o formato ISO 8601.') : ok(new Date(t).toISOString());
    }
    case 'phone':
      return PHONE.test(text) ? ok(text) : fail('Número de telefone inválido.');
    case 'email':
      return EMAIL.test(text) ? ok(text.toLowerCase()) : fail('Endereço de email inválido.');
    case 'enum':
      return field.options?.some((o) => o.value === text) ? ok(text) : fail(`Valor inválido: escolha um de ${field.options?.map((o) => o.value).join(', ')}.`);
    default:
      return ok(text === '' && field.type !== 'text' ? null : text);
  }
}
