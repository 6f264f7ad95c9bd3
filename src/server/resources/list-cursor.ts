import { LIST_AFTER } from '../../core/contract.js';
import type { Row } from '../db/database.js';
import { badRequest } from '../errors.js';
import { FIELD_KINDS } from '../fields/index.js';
import type { Field } from './define.js';

/** Where a cursor page starts: after the row with this sort value and `_id`. */
export interface ListCursor {
  value: unknown;
  id: number;
}

/** The sort as a request states it ('-name'): a cursor only continues the order it came from. */
const sortKey = (sort: { field: Field; descending: boolean }): string => `${sort.descending ? '-' : ''}${sort.field.name}`;

// Longer than any cursor a page hands out (a sort value of a few hundred characters).
const MAX_CURSOR_LENGTH = 4096;
const INVALID = `O parâmetro "${LIST_AFTER}" não é um cursor válido: use o valor de meta.next de uma página desta lista.`;

/** A number column answers bigint as text on PostgreSQL: cursors carry numbers as numbers. */
function storedValue(field: Field, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return FIELD_KINDS[field.type].column === 'text' ? String(value) : Number(value);
}

/** The opaque token for the page after `row`: base64url of [sort, value, _id]. */
export function cursorAfter(sort: { field: Field; descending: boolean }, row: Row): string {
  const value = sort.field.name === '_id' ? null : storedValue(sort.field, row[sort.field.name]);
  return Buffer.from(JSON.stringify([sortKey(sort), value, Number(row._id)])).toString('base64url');
}

/** Whether a cursor's value can be a stored value of the field, so it is only ever compared, never a database error. */
function fitsColumn(field: Field, value: unknown): boolean {
  if (value === null) return true;
  switch (FIELD_KINDS[field.type].column) {
    case 'text':
      return typeof value === 'string' && value.length <= MAX_CURSOR_LENGTH;
    case 'integer':
    case 'bigint':
      return Number.isSafeInteger(value);
    case 'double precision':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return false;
  }
}

/**
 * Reads `_after`: a token of cursorAfter for the same sort. Anything else (edited, truncated,
 * from another sort) is a 400, never a page that silently starts somewhere else.
 */
export function parseCursor(raw: string, sort: { field: Field; descending: boolean }): ListCursor {
  if (raw.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) throw badRequest(INVALID);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID);
  }
  if (!Array.isArray(decoded) || decoded.length !== 3) throw badRequest(INVALID);
  const [sorted, value, id] = decoded as unknown[];
  if (typeof sorted !== 'string' || !Number.isSafeInteger(id) || (id as number) < 1) throw badRequest(INVALID);
  if (sorted !== sortKey(sort)) {
    throw badRequest(`O cursor de "${LIST_AFTER}" continua a ordenação "${sorted}", não "${sortKey(sort)}": peça a primeira página desta ordenação.`);
  }
  if (!fitsColumn(sort.field, value)) throw badRequest(INVALID);
  return { value, id: id as number };
}
