import { fail, ok, type FieldKind } from './kind.js';
import { toInteger } from './numbers.js';

export const referenceKind: FieldKind = {
  column: 'integer',
  inputType: 'select',
  convert(_field, value) {
    const n = toInteger(value);
    return n === undefined ? fail('Identificador inválido: deve ser um número inteiro.') : ok(n);
  },
  schema: (field) => ({ type: 'integer', description: `_id em ${field.ref}` }),
  output: Number,
};

/** Many-to-many: a sorted list of distinct ids, stored in a join table (no column of its own). */
export const referencesKind: FieldKind = {
  column: 'none',
  inputType: 'multiselect',
  convert(_field, value) {
    const ids = (Array.isArray(value) ? value : [value]).map(toInteger);
    if (ids.some((id) => id === undefined)) return fail('Deve ser uma lista de identificadores (números inteiros).');
    return ok([...new Set(ids as number[])].sort((a, b) => a - b));
  },
  schema: (field) => ({ type: 'array', items: { type: 'integer' }, description: `_id em ${field.ref}` }),
  output: (value) => value,
};
