import { sql, type RawBuilder } from 'kysely';
import type { Engine } from '../db/database.js';
import { foldText } from '../db/fold.js';
import { FIELD_KINDS } from '../fields/index.js';
import { badRequest } from '../errors.js';
import type { Field, Resource } from './define.js';
import { folds, ftsString, ftsTable, likePattern, pgSearchDocument, TRIGRAM } from './search.js';
import { isPersonText } from './text-order.js';

/** How `_{field}=value` matches a text field a person reads, as the explainer and the API reference say it. */
export const CONTAINS_HINT = 'contém, sem distinção de maiúsculas nem acentos';

/** `_{field}=value` matches text the value is part of; otherwise (numbers, dates, choices, keys) the exact value. */
export const filtersByContains = (field: Field): boolean => isPersonText(field) && field.exactFilter !== true;

/** What a list filter says of how it matches (explainer, OpenAPI): only text fields match loosely. */
export const filterHint = (field: Field): string | undefined => (filtersByContains(field) ? CONTAINS_HINT : undefined);

const MAX_LENGTH = 200;

/**
 * The text a "contains" filter looks for, as the field's kind compares it (a phone without its
 * separators); null for an empty value, which asks for records without one. Not converted like
 * a stored value: "maria" is no e-mail address, but a fine part of one.
 */
export function containsValue(field: Field, name: string, raw: string): string | null {
  const text = raw.trim().normalize('NFC');
  if (text === '') return null;
  if ([...text].length > MAX_LENGTH) throw badRequest(`O filtro "${name}" aceita no máximo ${MAX_LENGTH} caracteres.`);
  return FIELD_KINDS[field.type].filterText?.(text) ?? text;
}

/**
 * Records whose `field` contains `value`, case and accents ignored, like search. Fields in the
 * resource's trigram index use it (an FTS5 column filter on SQLite; on PostgreSQL the indexed
 * document narrows, the column decides); others are read and folded row by row.
 */
export function containsCondition(engine: Engine, resource: Resource, field: Field, value: string): RawBuilder<boolean> {
  const folded = foldText(value);
  // Only accents: nothing can contain it (as a search for such a word finds nothing).
  if (folded === '') return sql<boolean>`1 = 0`;
  const column = folds(engine, field.name, folded);
  const indexed = resource.searchIndex === true && field.searchable && [...folded].length >= TRIGRAM;
  if (!indexed) return column;
  if (engine === 'sqlite') {
    const fts = sql.table(ftsTable(resource));
    return sql<boolean>`${sql.ref('_id')} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${`${field.name} : ${ftsString(value)}`})`;
  }
  return sql<boolean>`(${pgSearchDocument(resource)} LIKE ${likePattern(folded)} AND ${column})`;
}
