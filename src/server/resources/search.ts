import { sql, type RawBuilder } from 'kysely';
import { LIST_EXACT_TOTAL_LIMIT } from '../../core/contract.js';
import type { Database, Db, Engine } from '../db/database.js';
import { FOLD_FUNCTION, foldText } from '../db/fold.js';
import { isColumn, type Field, type RelatedSearch, type Resource } from './define.js';
import { FIELD_KINDS } from '../fields/index.js';

/** Trigram indexes cannot answer terms shorter than this; those fall back to a scan. */
export const TRIGRAM = 3;
const MAX_WORDS = 5;
const MAX_WORD_LENGTH = 100;
/**
 * On SQLite, a word in more of a resource's own rows than this is read from the rows, not looked
 * up (commonWords): SQLite makes a list of every id the index gives for `_id IN (…)`, in each
 * statement a page takes. At 100,000 members, "quota" is in 602,205 debts' descriptions: 306 ms
 * to list them, against 10 ms to read the first 20,000 debts in order and find it in them. As
 * many as a list counts exactly: a list searching such a word alone matches more than it counts.
 */
const COMMON = LIST_EXACT_TOTAL_LIMIT;

/** The resource's own searchable columns (its trigram index's); a searchable reference follows its record instead. */
export const searchColumns = (resource: Resource): Field[] => resource.fields.filter((f) => f.searchable && isColumn(f) && f.type !== 'reference');

/** Searchable references (`member`): the rows whose referenced record its own search finds match too. */
const searchableReferences = (resource: Resource): Field[] => resource.fields.filter((f) => f.searchable && f.type === 'reference' && f.ref !== undefined);

/**
 * Each resource with a searchable reference, copied with the resource that reference's search
 * follows (`relatedSearch`); the others as they are. A reference to a resource that is not
 * served, or that has nothing to search, is a definition mistake.
 */
export function linkRelatedSearch(resources: readonly Resource[]): Resource[] {
  const byName = new Map(resources.map((r) => [r.name, r]));
  return resources.map((resource) => {
    const references = searchableReferences(resource);
    if (references.length === 0) return resource;
    const relatedSearch: RelatedSearch[] = references.map((field) => {
      const related = byName.get(field.ref!);
      if (!related || searchColumns(related).length === 0) throw new Error(`${resource.name}.${field.name}: searchable reference to ${field.ref}, which has no search.`);
      return { field, resource: related };
    });
    return { ...resource, relatedSearch };
  });
}
/** The trigram index of a table (an FTS5 table on SQLite, a GIN index on PostgreSQL). */
const searchIndexName = (table: string) => `${table}_search`;
export const ftsTable = (resource: Resource) => searchIndexName(resource.name);

const fold = (expression: RawBuilder<unknown>) => sql<string>`${sql.id(FOLD_FUNCTION)}(${expression})`;

/** A column of a trigram index, as a migration states it: integers are cast to text. */
export interface SearchIndexColumn {
  name: string;
  integer?: boolean;
}

/** The index columns the resource's definition names now (queries must match the migrated index). */
const indexColumns = (resource: Resource): SearchIndexColumn[] =>
  searchColumns(resource).map((f) => ({ name: f.name, integer: FIELD_KINDS[f.type].searchAsText === true }));

/**
 * The one expression PostgreSQL's trigram index is built on and searched with: both must be
 * written identically for the planner to use the index. Folded: accents do not count.
 */
function searchDocument(columns: readonly SearchIndexColumn[]): RawBuilder<string> {
  const parts = columns.map((c) => (c.integer ? sql`coalesce(${sql.ref(c.name)}::text, '')` : sql`coalesce(${sql.ref(c.name)}, '')`));
  return fold(sql`(${sql.join(parts, sql` || ' ' || `)})`);
}

export const pgSearchDocument = (resource: Resource): RawBuilder<string> => searchDocument(indexColumns(resource));

export const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A column's text contains `folded` (a folded word), read row by row. A text of ASCII characters
 * alone (as many characters as bytes) folds to its lower case, so only the others are folded:
 * SQLite folds with a function of the application, a call into JavaScript for each row (at
 * 100,000 members, 630,278 debts read in 1,044 ms, 121 ms so), PostgreSQL with unaccent, which
 * leaves ASCII as it is (593 ms, 343 ms so). SQLite's LIKE already ignores the case of ASCII.
 * NULL is neither and matches nothing, as before.
 */
export function folds(engine: Engine, column: string, folded: string): RawBuilder<boolean> {
  const text = sql`CAST(${sql.ref(column)} AS TEXT)`;
  const like = (expression: RawBuilder<unknown>) => sql<boolean>`${expression} LIKE ${likePattern(folded)} ESCAPE '\\'`;
  if (engine === 'postgres') return sql<boolean>`(CASE WHEN octet_length(${text}) = char_length(${text}) THEN ${like(sql`lower(${text})`)} ELSE ${like(fold(text))} END)`;
  return sql<boolean>`(CASE WHEN length(${text}) < octet_length(${text}) THEN ${like(fold(text))} ELSE ${like(text)} END)`;
}

/** Every searchable column read and folded, without an index (short words, small tables). */
function scan(engine: Engine, resource: Resource, word: string): RawBuilder<boolean> {
  const ors = searchColumns(resource).map((f) => folds(engine, f.name, foldText(word)));
  return sql<boolean>`(${sql.join(ors, sql` OR `)})`;
}

// Requests with these are refused before a search is built; should one get here, it separates words.
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * Words of a search: every word must appear somewhere in the searchable fields. Composed
 * (NFC), as stored text usually is; a word that folds to nothing (only accents) is no word.
 */
export function searchWords(term: string): string[] {
  return term
    .normalize('NFC')
    .replace(CONTROL, ' ')
    .split(/\s+/)
    .filter((w) => foldText(w).length > 0)
    .slice(0, MAX_WORDS)
    .map((w) => [...w].slice(0, MAX_WORD_LENGTH).join(''));
}

/** An FTS5 string: every character literal, operators and quotes included (a quote is doubled). */
export const ftsString = (word: string) => `"${word.replace(/"/g, '""')}"`;

const NONE: ReadonlySet<string> = new Set();

/**
 * The words the trigram index answers, and those read from every row. PostgreSQL: one ILIKE
 * over the indexed document beats one per column even when the word is too short for the index;
 * but not beside a searchable reference, whose `member IN (…)` is no index condition, so the
 * planner cannot join the two in one OR of indexes: it walks the order index and folds each
 * row's document instead, slower than reading the column (at 100,000 members, a payment
 * reference no row has: 1,332 ms against 303 ms). SQLite's FTS5 matches nothing for words under
 * three characters once its own folding is done: those scan, as do the words commonWords names.
 */
function splitWords(engine: Engine, resource: Resource, words: readonly string[], common: ReadonlySet<string> = NONE): { indexed: string[]; scanned: string[] } {
  const postgres = (resource.relatedSearch ?? []).length === 0 ? [...words] : [];
  const indexed = !resource.searchIndex ? [] : engine === 'postgres' ? postgres : words.filter((w) => [...foldText(w)].length >= TRIGRAM && !common.has(w));
  return { indexed, scanned: words.filter((w) => !indexed.includes(w)) };
}

/**
 * The words of `term` (among `of`, when given) the resource's own trigram index finds in more than
 * `limit` rows, on SQLite, for a resource searched through a searchable reference too (payments,
 * debts): those are read from the rows, walking the list's first rows in order (list-query.ts),
 * where they abound. Each word costs a count of at most `limit` + 1 ids, in the index's order
 * (1 to 2 ms for COMMON, 6 to 25 ms for ten times as many).
 */
export async function commonWords(database: Database, resource: Resource, term: string, limit = COMMON, of?: ReadonlySet<string>): Promise<ReadonlySet<string>> {
  if (database.engine !== 'sqlite' || (resource.relatedSearch ?? []).length === 0) return NONE;
  const { indexed } = splitWords(database.engine, resource, searchWords(term));
  const fts = sql.table(ftsTable(resource));
  const common = new Set<string>();
  for (const word of indexed.filter((w) => of === undefined || of.has(w))) {
    const found = await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${ftsString(word)} LIMIT ${limit + 1})`.execute(database.db);
    if (Number(found.rows[0]?.n ?? 0) > limit) common.add(word);
  }
  return common;
}

/**
 * On PostgreSQL, a word its searchable references' searches find in at most this many records
 * each is searched as `member = ANY(their ids)`, an array the planner reads, not as `member IN
 * (SELECT …)`: beside the row's own text through its trigram index, the planner can join both
 * indexes in one OR and sort the few rows they give, or walk the list's order when they are many.
 * A word found in more records keeps `member IN (SELECT …)`. Each word costs one lookup of at
 * most `limit` + 1 ids. An object, so that a test can lower it to see both ways on a small
 * database (below 0: no word is looked up, every one searched as before).
 */
export const RELATED_IDS = { limit: 1000 };

/**
 * A word the planner's statistics expect in more than this many times RELATED_IDS.limit records
 * is not looked up: the lookup of 1,001 of the 1,746 members of "maria" (at 100,000) cost 15 to
 * 30 ms for nothing, the planner's estimate (2,020) a fraction of a millisecond.
 */
const MANY_ESTIMATE = 2;
/** Never fewer than this, though: a lowered limit (tests) still looks words up on a small table. */
const MANY_ESTIMATE_FLOOR = 1000;

/**
 * A word the planner expects in more than this many of the rows' own text is not looked up: its
 * matches abound, a walk in the list's order finds a page soon, and the own text is read from the
 * rows as before (folding each row's document instead, the 28,073 debts whose description says
 * "joia" at 100,000 members took 290 to 451 ms).
 */
const OWN_FEW = 5000;

/**
 * How the words of a search through a searchable reference read on PostgreSQL (relatedIds): for
 * a word named, the ids of the few records each reference's search finds (in relatedSearch's
 * order), its own text looked up in its trigram index too. A word not named is searched as before.
 */
export type RelatedIds = ReadonlyMap<string, readonly (readonly number[])[]>;

/**
 * For each word of `term`, the ids of the records each searchable reference's search finds for
 * it when they are few (RELATED_IDS). PostgreSQL alone (SQLite answers `member IN (SELECT …)`
 * from its indexes already), for a resource whose own text, if any, has a trigram index, and
 * words the trigram indexes answer (three characters or more).
 */
export async function relatedIds(database: Database, resource: Resource, term: string, limit = RELATED_IDS.limit): Promise<RelatedIds | undefined> {
  const related = resource.relatedSearch ?? [];
  const own = searchColumns(resource).length > 0;
  if (database.engine !== 'postgres' || related.length === 0 || (own && !resource.searchIndex) || limit < 0) return undefined;
  const found = new Map<string, number[][]>();
  for (const word of searchWords(term)) {
    if (found.has(word) || [...foldText(word)].length < TRIGRAM) continue;
    if (own && (await estimatedRows(database, resource, ownIndexedCondition(resource, word))) > OWN_FEW) continue;
    const ids: number[][] = [];
    for (const { resource: other } of related) {
      if (!searchesIndexOnly(database.engine, other, word)) break;
      const condition = ownCondition(database.engine, other, [word]);
      // A word the planner expects in many more records is not looked up (a common name: its lookup would cost more than its statement).
      if ((await estimatedRows(database, other, condition)) > Math.max(MANY_ESTIMATE * limit, MANY_ESTIMATE_FLOOR)) break;
      const rows = await sql<{ _id: number }>`SELECT ${sql.ref('_id')} FROM ${sql.table(other.name)} WHERE ${condition} LIMIT ${limit + 1}`.execute(database.db);
      if (rows.rows.length > limit) break;
      ids.push(rows.rows.map((row) => Number(row._id)));
    }
    if (ids.length === related.length) found.set(word, ids);
  }
  return found;
}

/** The row's own text contains `word`, through its trigram index (PostgreSQL). */
const ownIndexedCondition = (resource: Resource, word: string) => sql<boolean>`${pgSearchDocument(resource)} LIKE ${likePattern(foldText(word))}`;

/** The planner's estimate of the rows a condition finds (PostgreSQL: its statistics, nothing read). */
async function estimatedRows(database: Database, resource: Resource, condition: RawBuilder<boolean>): Promise<number> {
  const plan = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${sql.table(resource.name)} WHERE ${condition}`.execute(database.db);
  return Number(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? Infinity);
}

/** Whether every word of `term` is looked up in the trigram index, none read from every row. */
function searchesIndexOnly(engine: Engine, resource: Resource, term: string): boolean {
  if ((resource.relatedSearch ?? []).length > 0) return false;
  const words = searchWords(term);
  return words.length > 0 && splitWords(engine, resource, words).scanned.length === 0;
}

/**
 * How a list finds the matches of a search of `term` (list-query.ts), undefined when there is
 * nothing to search:
 * - 'rows': the resource's own text is read row by row (a word its trigram index does not answer
 *   or finds in too many rows, or it has none), so every row is tested;
 * - 'references': through a searchable reference, each part of a word an index lookup (the
 *   resource's own trigram index, the referenced resource's), the other words read from the rows
 *   it finds;
 * - 'index': its own trigram index alone;
 * - 'mixed': through a searchable reference whose record's search reads rows (a list made once).
 */
type SearchReading = 'rows' | 'references' | 'index' | 'mixed';

export function searchReading(engine: Engine, resource: Resource, term: string, common?: ReadonlySet<string>): SearchReading | undefined {
  const related = resource.relatedSearch ?? [];
  const own = searchColumns(resource).length > 0;
  const words = searchWords(term);
  if ((!own && related.length === 0) || words.length === 0) return undefined;
  const { indexed, scanned } = splitWords(engine, resource, words, common);
  // Through a reference, one word found through the indexes alone is enough: the rows it gives are few, and the others are read from them.
  if (own && scanned.length > 0 && (related.length === 0 || indexed.length === 0)) return 'rows';
  if (related.length === 0) return 'index';
  return related.every((r) => searchesIndexOnly(engine, r.resource, term)) ? 'references' : 'mixed';
}

/** Every word in the resource's own searchable columns: through its trigram index where it can, else read from every row. */
function ownCondition(engine: Engine, resource: Resource, words: readonly string[], common?: ReadonlySet<string>): RawBuilder<boolean> {
  const conditions: RawBuilder<boolean>[] = [];
  const { indexed, scanned } = splitWords(engine, resource, words, common);
  if (indexed.length > 0 && engine === 'sqlite') {
    // Each word as an FTS5 string: a trigram "phrase" is a substring match.
    const match = indexed.map(ftsString).join(' AND ');
    conditions.push(sql<boolean>`${sql.ref('_id')} IN (SELECT rowid FROM ${sql.table(ftsTable(resource))} WHERE ${sql.table(ftsTable(resource))} MATCH ${match})`);
  } else if (indexed.length > 0) {
    const doc = pgSearchDocument(resource);
    for (const w of indexed) conditions.push(sql<boolean>`${doc} LIKE ${likePattern(foldText(w))}`);
  }
  for (const w of scanned) conditions.push(scan(engine, resource, w));
  return sql<boolean>`(${sql.join(conditions, sql` AND `)})`;
}

/**
 * One word in the row's own columns or in a related record's (`member IN (the members whose own
 * search finds it)`): the related search runs once, through that resource's own index, and the
 * rows are then found by their reference's index.
 */
function wordWithRelated(engine: Engine, resource: Resource, related: readonly RelatedSearch[], word: string, common?: ReadonlySet<string>, ids?: readonly (readonly number[])[]): RawBuilder<boolean> {
  const own = searchColumns(resource).length > 0;
  if (ids !== undefined) {
    // The own text read as before and through its trigram index, and the few records' ids
    // (relatedIds): the planner can join both indexes in one OR; walking the rows in order
    // instead, it folds a row's document only where the text read as before has the word.
    const ors = own ? [sql<boolean>`(${ownCondition(engine, resource, [word], common)} IS TRUE AND ${ownIndexedCondition(resource, word)})`] : [];
    related.forEach(({ field }, i) => {
      // One array, whatever the number of ids (a statement takes at most 65,535 parameters); the planner still reads it.
      if (ids[i]!.length > 0) ors.push(sql<boolean>`${sql.ref(field.name)} = ANY(${ids[i]!}::integer[])`);
    });
    return ors.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`(${sql.join(ors, sql` OR `)})`;
  }
  const ors = own ? [ownCondition(engine, resource, [word], common)] : [];
  for (const { field, resource: other } of related) {
    ors.push(sql<boolean>`${sql.ref(field.name)} IN (SELECT ${sql.ref('_id')} FROM ${sql.table(other.name)} WHERE ${ownCondition(engine, other, [word])})`);
  }
  return sql<boolean>`(${sql.join(ors, sql` OR `)})`;
}

/**
 * A condition matching records whose searchable fields contain every word (a substring, case
 * and accents ignored). Words of 3+ characters use the trigram index: FTS5 on SQLite, pg_trgm
 * on PostgreSQL. With searchable references, each word may be in the row's own fields or in the
 * referenced record's ("Silva 2025": a member named Silva, a reference with 2025). `ids`: the
 * words whose referenced records are few, looked up first (relatedIds, PostgreSQL).
 */
export function searchCondition(engine: Engine, resource: Resource, term: string, common?: ReadonlySet<string>, ids?: RelatedIds): RawBuilder<boolean> | undefined {
  const related = resource.relatedSearch ?? [];
  if ((searchColumns(resource).length === 0 && related.length === 0) || term.trim() === '') return undefined;
  const words = searchWords(term);
  // Something was typed, but nothing that can be looked for: nothing matches (not everything).
  if (words.length === 0) return sql<boolean>`1 = 0`;
  if (related.length === 0) return ownCondition(engine, resource, words, common);
  return sql<boolean>`(${sql.join(
    words.map((w) => wordWithRelated(engine, resource, related, w, common, ids?.get(w))),
    sql` AND `,
  )})`;
}

/**
 * Creates the trigram index `<table>_search` over the columns given, holding the rows already
 * in the table, and, on SQLite, the triggers that keep it current. Migrations call it with
 * literal column lists, never with a definition, so a released migration creates the same index
 * whatever the definitions say later.
 */
export async function createSearchIndex(db: Db, engine: Engine, table: string, indexed: readonly SearchIndexColumn[]): Promise<void> {
  const columns = indexed.map((c) => c.name);
  const fts = searchIndexName(table);
  if (engine === 'postgres') {
    await sql`CREATE INDEX ${sql.id(fts)} ON ${sql.table(table)} USING gin (${searchDocument(indexed)} gin_trgm_ops)`.execute(db);
    return;
  }
  const cols = sql.join(columns.map((c) => sql.ref(c)));
  const newCols = sql.join(columns.map((c) => sql.ref(`new.${c}`)));
  const oldCols = sql.join(columns.map((c) => sql.ref(`old.${c}`)));
  await sql`CREATE VIRTUAL TABLE ${sql.table(fts)} USING fts5(${cols}, content=${sql.lit(table)}, content_rowid='_id', tokenize='trigram remove_diacritics 1')`.execute(db);
  // An external-content table starts empty: the table's rows are indexed once (PostgreSQL's CREATE INDEX does so itself).
  await sql`INSERT INTO ${sql.table(fts)}(${sql.table(fts)}) VALUES ('rebuild')`.execute(db);
  await sql`CREATE TRIGGER ${sql.id(`${fts}_insert`)} AFTER INSERT ON ${sql.table(table)} BEGIN
    INSERT INTO ${sql.table(fts)}(rowid, ${cols}) VALUES (new._id, ${newCols}); END`.execute(db);
  await sql`CREATE TRIGGER ${sql.id(`${fts}_delete`)} AFTER DELETE ON ${sql.table(table)} BEGIN
    INSERT INTO ${sql.table(fts)}(${sql.table(fts)}, rowid, ${cols}) VALUES ('delete', old._id, ${oldCols}); END`.execute(db);
  await sql`CREATE TRIGGER ${sql.id(`${fts}_update`)} AFTER UPDATE OF ${cols} ON ${sql.table(table)} BEGIN
    INSERT INTO ${sql.table(fts)}(${sql.table(fts)}, rowid, ${cols}) VALUES ('delete', old._id, ${oldCols});
    INSERT INTO ${sql.table(fts)}(rowid, ${cols}) VALUES (new._id, ${newCols}); END`.execute(db);
}
