import { sql } from 'kysely';
import { fail, ok, type FieldKind } from './kind.js';

function toBoolean(value: unknown): 0 | 1 | undefined {
  if (value === true || value === 1 || value === '1' || value === 'true') return 1;
  if (value === false || value === 0 || value === '0' || value === 'false') return 0;
  return undefined;
}

/** Stored as 0/1 (both engines), answered as true/false. */
export const booleanKind: FieldKind = {
  column: 'integer',
  inputType: 'checkbox',
  convert(_field, value) {
    const b = toBoolean(value);
    return b === undefined ? fail('Deve ser verdadeiro ou falso.') : ok(b);
  },
  schema: () => ({ type: 'boolean' }),
  output: (value) => Number(value) === 1,
  json: (value, _field, engine) =>
    engine === 'sqlite' ? sql`CASE WHEN ${value} IS NULL THEN NULL WHEN ${value} = 1 THEN json('true') ELSE json('false') END` : sql`(${value} = 1)`,
};
