import type { FieldKind } from './kind.js';
import { fail, ok } from './kind.js';
import { toInteger } from './numbers.js';

/**
 * A file uploaded through POST /api/files, held by its id: the answer carries the id alone
 * (its name, type and a short-lived address come from /api/files/{id} and /api/files/{id}/url).
 */
function fileKind(inputType: 'file' | 'image'): FieldKind {
  return {
    column: 'integer',
    inputType,
    convert(_field, value) {
      const n = toInteger(value);
      return n === undefined || n < 1 ? fail('Identificador de ficheiro inválido.') : ok(n);
    },
    schema: () => ({ type: 'integer', description: '_id de um ficheiro enviado por POST /api/files' }),
    output: Number,
  };
}

export const fileKindEntry = fileKind('file');
export const imageKindEntry = fileKind('image');
