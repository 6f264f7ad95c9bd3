import { sql, type RawBuilder } from 'kysely';
import type { Db, Engine } from '../db/database.js';
import { FOLD_FUNCTION } from '../db/fold.js';
import { FIELD_KINDS } from '../fields/index.js';
import type { Field } from './define.js';

/**
 * PostgreSQL's ICU collation for Portuguese ("Ângelo" next to "Andreia", "Érica" among the E's,
 * upper and lower case together). Created by migration 021 in the schema the tables live in.
 */
const PT_COLLATION = 'associa_pt';

/** Text a person reads (names, e-mails, places): sorted in Portuguese order, filtered by "contains". */
export const isPersonText = (field: Field): boolean => FIELD_KINDS[field.type].personText === true;

/**
 * The expression a text column is ordered by, written the same way in queries and in the
 * indexes migrations create, or the planner would not use them: the Portuguese collation on
 * PostgreSQL; on SQLite (better-sqlite3 cannot register a collation) the folded text, the
 * sort key search already uses, kept by an index on that expression.
 */
function orderKey(engine: Engine, column: string): RawBuilder<unknown> {
  return engine === 'postgres' ? sql`${sql.ref(column)} COLLATE ${sql.id(PT_COLLATION)}` : sql`${sql.id(FOLD_FUNCTION)}(${sql.ref(column)})`;
}

/** Whether a column can hold no value: the record columns and required fields never do. */
const mayBeEmpty = (field: Field): boolean => !field.validation.required && !['_id', 'created_at', 'updated_at'].includes(field.name);

/**
 * ORDER BY for a list sorted by `field`, ties broken by `_id` in the same direction so pages
 * never overlap. Empty values come first ascending on both engines (SQLite's own order).
 */
export function listOrder(engine: Engine, field: Field, descending: boolean): RawBuilder<unknown> {
  const dir = descending ? sql`DESC` : sql`ASC`;
  const id = sql`${sql.ref('_id')} ${dir}`;
  if (field.name === '_id') return id;
  const nullsFirst = descending ? sql` NULLS LAST` : sql` NULLS FIRST`;
  if (isPersonText(field)) {
    // Always stated on PostgreSQL, required column or not, so the text-order indexes (NULLS FIRST) always match.
    return sql`${orderKey(engine, field.name)} ${dir}${engine === 'postgres' ? nullsFirst : sql``}, ${id}`;
  }
  // Required columns and the record columns keep their plain index order on PostgreSQL.
  const nullable = engine === 'postgres' && mayBeEmpty(field);
  return sql`${sql.ref(field.name)} ${dir}${nullable ? nullsFirst : sql``}, ${id}`;
}

/**
 * The stored values of a column, as a bound SQLite seeks: it reads `IS NOT NULL` by walking
 * the empty values first, but a lower bound from the lowest value of the column's kind (text
 * sorts after every number there, and '' before every text) starts after them.
 */
function notEmpty(engine: Engine, field: Field, key: RawBuilder<unknown>): RawBuilder<boolean> {
  if (engine === 'postgres') return sql<boolean>`${key} IS NOT NULL`;
  return isPersonText(field) || FIELD_KINDS[field.type].column === 'text' ? sql<boolean>`${key} >= ''` : sql<boolean>`${key} >= ${-Number.MAX_VALUE}`;
}

/** One part of the rows after a cursor, and its ORDER BY when listOrder's would make the engine sort. */
export interface RowsAfterPart {
  where: RawBuilder<boolean>;
  order?: RawBuilder<unknown>;
  /**
   * Rows tied on the key, ordered by `_id` alone (SQLite): read their ids first. Whole rows in
   * `_id` order let SQLite's planner walk the table by rowid from the cursor instead of seeking
   * the order index, and walk to the table's start when the ties run out.
   */
  idsFirst?: true;
}

/**
 * The rows after the one at (`value`, `id`) in listOrder's order, so a cursor page starts where
 * the last one ended, as conditions to read one after the other until the page is full: each is
 * a seek on the order index, where one condition joined by OR (the empty values, which come
 * first ascending and last descending) would make the engine walk every row before the cursor.
 * After a stored value: a row-value comparison on the same order key (PostgreSQL), or the ties
 * after the cursor and then the keys beyond it (SQLite).
 */
export function rowsAfter(engine: Engine, field: Field, descending: boolean, value: unknown, id: number): RowsAfterPart[] {
  const cmp = descending ? sql`<` : sql`>`;
  const idRef = sql.ref('_id');
  if (field.name === '_id') return [{ where: sql<boolean>`${idRef} ${cmp} ${id}` }];
  const text = isPersonText(field);
  const key = text ? orderKey(engine, field.name) : sql.ref(field.name);
  // Among equal keys (empty ones, or the cursor's ties) only `_id` orders: said so, SQLite walks
  // the index instead of sorting (PostgreSQL sees the key as fixed and walks it in the list's own order).
  const amongTies = (where: RawBuilder<boolean>): RowsAfterPart => (engine === 'sqlite' ? { where, order: sql`${idRef} ${descending ? sql`DESC` : sql`ASC`}`, idsFirst: true } : { where });
  if (value === null) {
    const tied = amongTies(sql<boolean>`(${key} IS NULL AND ${idRef} ${cmp} ${id})`);
    return descending ? [tied] : [tied, { where: notEmpty(engine, field, key) }];
  }
  // PostgreSQL compares with the collation of the column side; SQLite folds the value like the column.
  const bound = text && engine === 'sqlite' ? sql`${sql.id(FOLD_FUNCTION)}(${value})` : sql`${value}`;
  // PostgreSQL seeks the order index on the row value itself, inclusive of the `_id` next to the
  // cursor's: `(key, _id) <= (v, id - 1)` is `< (v, id)` for integer ids, and PostgreSQL estimates
  // a row value by its first column's operator alone. Estimated as `key < v` (no ties at all),
  // and with `key <= v` beside it multiplied in again, a cursor among the oldest due date's 63,178
  // ties at 100,000 members was expected to leave 1 to 29 rows: the index scan that stops after a
  // page looked no cheaper than reading every match and sorting it, and 4 of 12 ANALYZE samples
  // chose the sort (210-320 ms a page instead of about 1 ms; the bench's 250-333 ms a request
  // after the generation runs' VACUUM ANALYZE). As `key <= v` it counts every tie (about 70,800),
  // so the page's LIMIT keeps the index scan (8 of 8 samples), in one statement.
  // SQLite seeks a row value on its first column only and would walk every tie before the cursor
  // (at 6.3 million debts, a due date's 60,000 ties: 50 ms a page): the ties after the cursor
  // first, then the keys beyond, each part a seek of its own.
  const after =
    engine === 'postgres'
      ? [{ where: sql<boolean>`(${key}, ${idRef}) ${descending ? sql`<=` : sql`>=`} (${bound}, ${descending ? id - 1 : id + 1})` }]
      : [amongTies(sql<boolean>`(${key} = ${bound} AND ${idRef} ${cmp} ${id})`), { where: sql<boolean>`${key} ${cmp} ${bound}` }];
  return descending && mayBeEmpty(field) ? [...after, amongTies(sql<boolean>`${key} IS NULL`)] : after;
}

/** Creates the Portuguese collation on PostgreSQL (migrations; SQLite needs none). */
export async function createPortugueseCollation(db: Db, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`CREATE COLLATION IF NOT EXISTS ${sql.id(PT_COLLATION)} (provider = icu, locale = 'pt-PT')`.execute(db);
}

/**
 * The index a list sorted by `column` walks: the order key, then `_id`. Migrations call it with
 * literal names, never with a definition, so a released migration always creates the same index.
 */
export async function createTextOrderIndex(db: Db, engine: Engine, table: string, column: string): Promise<void> {
  const nulls = engine === 'postgres' ? sql` NULLS FIRST` : sql``;
  await sql`CREATE INDEX ${sql.id(`${table}_${column}_order`)} ON ${sql.table(table)} (${orderKey(engine, column)}${nulls}, ${sql.ref('_id')})`.execute(db);
}
