import { fail, ok, type FieldKind } from './kind.js';

const INTEGER = /^-?\d{1,15}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const MAX_INT = 2_147_483_647;
const MAX_FLOAT32 = 3.4028234663852886e38;

export function toInteger(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && INTEGER.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(n) && Math.abs(n) <= MAX_INT ? n : undefined;
}

const bounds = (min: number | undefined, max: number | undefined) => ({
  ...(min !== undefined ? { minimum: min } : {}),
  ...(max !== undefined ? { maximum: max } : {}),
});

export const integerKind: FieldKind = {
  column: 'integer',
  inputType: 'number',
  convert(_field, value) {
    const n = toInteger(value);
    return n === undefined ? fail('Deve ser um número inteiro.') : ok(n);
  },
  schema: (field) => ({ type: 'integer', ...bounds(field.validation.min, field.validation.max) }),
  output: Number,
  searchAsText: true,
};

export const float32Kind: FieldKind = {
  // Kept exactly as sent (double precision): rounding to single precision would turn 0.1 into
  // 0.10000000149. Only the single-precision range applies.
  column: 'double precision',
  inputType: 'number',
  convert(_field, value) {
    const n = typeof value === 'number' ? value : typeof value === 'string' && NUMBER.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isFinite(n)) return fail('Deve ser um número.');
    return Math.abs(n) <= MAX_FLOAT32 ? ok(n) : fail('Número demasiado grande.');
  },
  schema: () => ({ type: 'number', format: 'float' }),
  output: Number,
};

/** Money bounds in cents, unless the field's validation narrows them: 0,00 € to 999 999,99 €. */
const MONEY_MIN = 0;
const MONEY_MAX = 99_999_999;
export const MONEY_MESSAGE = 'Indique o valor em cêntimos (número inteiro).';
const CENTS = /^-?\d{1,15}$/;

/**
 * An amount of euros as an integer number of cents, in storage and on the wire: no float
 * ever holds money, so 0,10 € is 10 and stays 10. A decimal separator is refused rather than
 * guessed at (is "24,50" cents or euros?).
 */
export const moneyKind: FieldKind = {
  column: 'bigint',
  inputType: 'money',
  convert(field, value) {
    const n = typeof value === 'number' ? value : typeof value === 'string' && CENTS.test(value.trim()) ? Number(value.trim()) : NaN;
    if (!Number.isSafeInteger(n)) return fail(MONEY_MESSAGE);
    const min = Math.max(field.validation.min ?? MONEY_MIN, MONEY_MIN);
    const max = Math.min(field.validation.max ?? MONEY_MAX, MONEY_MAX);
    if (n < min) return fail(`Deve ser pelo menos ${min} cêntimos.`);
    if (n > max) return fail(`Não pode ser superior a ${max} cêntimos.`);
    return ok(n);
  },
  schema: (field) => ({
    type: 'integer',
    description: 'cêntimos',
    minimum: Math.max(field.validation.min ?? MONEY_MIN, MONEY_MIN),
    maximum: Math.min(field.validation.max ?? MONEY_MAX, MONEY_MAX),
  }),
  // PostgreSQL hands bigint back as a string; every amount in range is a safe integer.
  output: Number,
  searchAsText: true,
};
