import { sql, type RawBuilder } from 'kysely';
import { LIST_ALL } from '../../core/contract.js';
import type { Database, Row } from '../db/database.js';
import { isColumn, type Resource } from './define.js';
import type { ListParams } from './list-params.js';
import type { RowScope } from './permissions.js';
import { commonWords, relatedIds, searchCondition, searchReading, searchWords, type RelatedIds } from './search.js';
import type { ChangeCache } from './change-cache.js';
import { countMatches, idSpan, knownLargeTotal } from './total.js';
import { computedSelections } from '../fields/index.js';
import { listOrder, rowsAfter, type RowsAfterPart } from './text-order.js';
import { cursorAfter } from './list-cursor.js';
import { containsCondition, filtersByContains } from './text-filter.js';
import { RECORD_JSON } from './record-json.js';

/** Pages deeper than this fetch ids first and rows second, so skipped rows are never read whole. */
const DEFERRED_JOIN_OFFSET = 1000;

/**
 * A search known to match more rows than LIST_EXACT_TOTAL_LIMIT, on SQLite, reads its page by
 * walking the list's order index and keeping the matches, instead of sorting every match: at
 * 1,000,000 members "maria" (17,171 matches) took 50 ms sorted by name, 10 ms walked. The walk
 * reads at most WALK_MARGIN times the rows the density of matches needs for a page, and never
 * more than MAX_WALK; a page it does not fill (matches bunched further down the order) is read
 * the usual way.
 */
const WALK_MARGIN = 4;
const MAX_WALK = 100_000;

/**
 * A search that reads each row's own text (searchReading 'rows': words no trigram index
 * answers), on SQLite, looks for its page among the first FIRST_WALK rows in order (at most
 * FIRST_WALK_PER_ROW rows for each row of the page). A page they do not fill is read by walking
 * on when they held some matches, at a density that fills it before half the table; otherwise
 * (a rare term) every match is found first and sorted. Left to itself, SQLite walks the order
 * index to spare a sort and tests each row it reaches: a rare term read the whole table through
 * that index (571,336 payments at 100,000 members: 188 ms, against 73 ms for a scan of the table
 * and a sort of its matches, on a loaded machine).
 */
const FIRST_WALK = 20_000;
const FIRST_WALK_PER_ROW = 200;

/**
 * When the first rows do not hold the page, every match of such a search is found: its common
 * words (search.ts commonWords) through their index again if it lists at most this many ids, not
 * by reading every row. At 100,000 members, "joia" (28,073 debts' descriptions, none among the
 * first 20,000 by due date): 6 ms to list them, against a scan of 630,278 debts (about 400 ms).
 */
const GATHER_FROM_INDEX = 100_000;

const columnNames = (resource: Resource): string[] => resource.fields.filter(isColumn).map((f) => f.name);

/**
 * WHERE conditions of a list: filters, range bounds, declared filters, search (`common`: its
 * words read from the rows, not looked up, search.ts commonWords; `ids`: the few records its words
 * find through a searchable reference, search.ts relatedIds), and the caller's own record when
 * that is all they may see.
 */
function listConditions(database: Database, resource: Resource, params: ListParams, scope?: RowScope, common?: ReadonlySet<string>, ids?: RelatedIds): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  if (scope) conditions.push(sql<boolean>`${sql.ref(scope.column)} = ${scope.value}`);
  for (const { field, values } of params.filters) {
    const present = values.filter((v) => v !== null);
    const parts: RawBuilder<boolean>[] = [];
    if (field.type === 'references' && field.through) {
      const { table, self, other } = field.through;
      if (present.length > 0) {
        parts.push(sql<boolean>`${sql.ref('_id')} IN (SELECT ${sql.ref(self)} FROM ${sql.table(table)} WHERE ${sql.ref(other)} IN (${sql.join(present)}))`);
      }
      if (present.length < values.length) {
        parts.push(sql<boolean>`${sql.ref('_id')} NOT IN (SELECT ${sql.ref(self)} FROM ${sql.table(table)})`);
      }
    } else if (filtersByContains(field)) {
      for (const value of present) parts.push(containsCondition(database.engine, resource, field, String(value)));
      if (present.length < values.length) parts.push(sql<boolean>`${sql.ref(field.name)} IS NULL`);
    } else {
      if (present.length === 1) parts.push(sql<boolean>`${sql.ref(field.name)} = ${present[0]}`);
      if (present.length > 1) parts.push(sql<boolean>`${sql.ref(field.name)} IN (${sql.join(present)})`);
      if (present.length < values.length) parts.push(sql<boolean>`${sql.ref(field.name)} IS NULL`);
    }
    conditions.push(sql<boolean>`(${sql.join(parts, sql` OR `)})`);
  }
  // Range types are stored as numbers or as fixed-width ISO text, so both engines compare them in order.
  for (const { field, bound, value } of params.ranges) {
    conditions.push(sql<boolean>`${sql.ref(field.name)} ${bound === 'gte' ? sql`>=` : sql`<=`} ${value}`);
  }
  for (const { filter, value } of params.declared) {
    conditions.push(sql<boolean>`(${filter.where(value, params.now, resource.name)})`);
  }
  if (params.search) {
    const condition = searchCondition(database.engine, resource, params.search, common, ids);
    if (condition) conditions.push(condition);
  }
  return conditions;
}

/**
 * A page's statement, read in SQLite's reader thread (sqlite-reader.ts, decision 0065) when it may
 * walk far (`far`: a deep page by number, a search) and no transaction is open, so that the
 * event loop answers other requests meanwhile; on the connection otherwise, or when the thread is
 * not there.
 */
async function readRows(database: Database, query: RawBuilder<Row>, far: boolean): Promise<Row[]> {
  if (far && database.reader && !database.db.isTransaction) {
    const rows = await database.reader.rows(query.compile(database.db));
    if (rows) return rows;
  }
  return (await query.execute(database.db)).rows;
}

const whereClause = (conditions: RawBuilder<boolean>[]) =>
  conditions.length === 0 ? sql`` : sql` WHERE ${sql.join(conditions, sql` AND `)}`;

/**
 * One page of rows (stored shape), the total number of matches and, after a full page, the
 * cursor of the next. A cursor page (`_after`) seeks to its first row on the order index; a
 * page number walks past the rows before it (deep ones by id first, see DEFERRED_JOIN_OFFSET).
 * With `recordJson` (record-json.ts), each row is only that JSON as RECORD_JSON, `_id` and the
 * sort column (for the next cursor).
 */
export async function listRows(
  database: Database,
  resource: Resource,
  params: ListParams,
  scope?: RowScope,
  largeTotals?: ChangeCache<number>,
  recordJson?: RawBuilder<string>,
): Promise<{ rows: Row[]; total: number; exact: boolean; next?: string }> {
  const { engine } = database;
  // On SQLite, a search's most common words are read from the rows the page walks, not listed from the index.
  const common = params.search === undefined ? undefined : await commonWords(database, resource, params.search);
  const conditions = listConditions(database, resource, params, scope, common, params.search === undefined ? undefined : await relatedIds(database, resource, params.search));
  // One common word and nothing else: it matches more rows than a count would count (commonWords).
  const beyondExact = common !== undefined && common.size > 0 && conditions.length === 1 && searchWords(params.search ?? '').length === 1;
  const { after } = params;
  const sortOrder = listOrder(engine, params.sort.field, params.sort.descending);
  const sortColumn = params.sort.field.name;
  const columns = recordJson
    ? sql.join([recordJson.as(RECORD_JSON), sql.ref('_id'), ...(sortColumn === '_id' ? [] : [sql.ref(sortColumn)])])
    : sql.join([...columnNames(resource).map((c) => sql.ref(c)), ...computedSelections(resource)]);
  const table = sql.table(resource.name);
  const all = params.limit === LIST_ALL;
  const offset = all || after ? 0 : (params.page - 1) * params.limit;
  const page = (where: RawBuilder<unknown>, limit: number, order = sortOrder, idsFirst = offset >= DEFERRED_JOIN_OFFSET) => {
    const paging = all ? sql`` : sql` LIMIT ${limit} OFFSET ${offset}`;
    return idsFirst
      ? sql<Row>`SELECT ${columns} FROM ${table} WHERE ${sql.ref('_id')} IN (SELECT ${sql.ref('_id')} FROM ${table}${where} ORDER BY ${order}${paging}) ORDER BY ${order}`
      : sql<Row>`SELECT ${columns} FROM ${table}${where} ORDER BY ${order}${paging}`;
  };
  // The first `walk` rows in order (from the cursor), then the matches among them: for a search
  // of the trigram index alone, whose condition reads `_id` only.
  const walked = (length: number, part: RawBuilder<boolean> | undefined, limit: number, order = sortOrder) =>
    sql<Row>`SELECT ${columns} FROM ${table} WHERE ${sql.ref('_id')} IN (SELECT ${sql.ref('_id')} FROM (SELECT ${sql.ref('_id')} FROM ${table}${whereClause(part ? [part] : [])} ORDER BY ${order} LIMIT ${length})${whereClause(conditions)}) ORDER BY ${order} LIMIT ${limit}`;
  // The same for conditions on other columns: the walked rows are read whole (from a subquery of
  // ids alone, the conditions would read the outer row's columns, and run once for each), and
  // named as the table, for conditions that name it.
  const walkedRows = (length: number, part: RowsAfterPart | undefined, limit: number) => {
    const order = part?.order ?? sortOrder;
    const rows = sql`SELECT * FROM ${table}${whereClause(part ? [part.where] : [])} ORDER BY ${order} LIMIT ${length}`;
    return sql<Row>`SELECT ${columns} FROM (${rows}) AS ${table}${whereClause(conditions)} ORDER BY ${order} LIMIT ${limit}`;
  };
  // Every match (from the cursor) first, then their order: the planner finds them as the
  // conditions let it (a scan, a reference's index, a filter's) and sorts only them.
  const gathered = (part: RowsAfterPart | undefined, limit: number, found = conditions) => {
    const where = whereClause(part ? [...found, part.where] : found);
    return sql<Row>`SELECT ${columns} FROM ${table} WHERE ${sql.ref('_id')} IN (SELECT ${sql.ref('_id')} FROM ${table}${where}) ORDER BY ${part?.order ?? sortOrder} LIMIT ${limit}`;
  };

  // How a first or cursor page of a search finds its rows on SQLite (searchReading, search.ts).
  // PostgreSQL's planner weighs these itself (the same reading of rows, a walk first then every
  // match sorted, took a rare term's payments from 95 ms to 463 ms at 100,000 members).
  const reading = engine === 'sqlite' && !all && offset === 0 && params.search !== undefined ? searchReading(engine, resource, params.search, common) : undefined;
  // Through a searchable reference, every part an index lookup: counting the matches is cheap
  // (at most LIST_EXACT_TOTAL_LIMIT + 1 of them, through the same indexes), so they are counted
  // first, and many of them are found by walking the order as far as their density needs; few
  // are found through the indexes and sorted. At 100,000 members with a search index on
  // payments, "maria" (9,968 payments): 31 ms sorted, 5 ms walked, for an 8 ms count.
  const countedFirst = reading === 'references' ? await countMatches(database, resource, conditions, largeTotals) : undefined;
  // A first or cursor page whose one condition is a search of the trigram index (no filter, no
  // scope), once an earlier page found it matches many rows (a rare word pays nothing to find out).
  const large = reading === 'index' && conditions.length === 1 ? knownLargeTotal(database, resource, conditions, largeTotals) : undefined;
  const known = countedFirst ?? (large === undefined ? undefined : { total: large, exact: false });
  const walk = known === undefined || known.total <= params.limit ? undefined : await walkLength(database, resource, params.limit, known.total);
  let span: { lo: number; hi: number } | undefined;
  let gatherConditions: RawBuilder<boolean>[] | undefined;
  // Reads that may walk far run in SQLite's reader thread (readRows).
  const far = offset >= DEFERRED_JOIN_OFFSET || params.search !== undefined;
  const read = async (part: RowsAfterPart | undefined, limit: number): Promise<Row[]> => {
    if (reading === 'rows') {
      const length = Math.min(FIRST_WALK, FIRST_WALK_PER_ROW * limit);
      const found = await readRows(database, walkedRows(length, part, limit), far);
      if (found.length === limit) return found;
      span ??= await idSpan(database, resource);
      const rows = span.hi - span.lo + 1;
      // The walk read every row; or it found some matches, and walking on (the planner's own
      // statement) fills the page long before the end of the order, if they go on as they began.
      if (rows <= length) return found;
      if (found.length > 0 && (limit * length) / found.length <= rows / 2) return await readRows(database, page(whereClause(part ? [...conditions, part.where] : conditions), limit, part?.order, part?.idsFirst), far);
      if (common === undefined || common.size === 0) return await readRows(database, gathered(part, limit), far);
      gatherConditions ??= listConditions(database, resource, params, scope, await commonWords(database, resource, params.search!, GATHER_FROM_INDEX, common));
      return await readRows(database, gathered(part, limit, gatherConditions), far);
    }
    if (walk !== undefined) {
      const statement = reading === 'references' ? walkedRows(walk, part, limit) : walked(walk, part?.where, limit, part?.order);
      const found = await readRows(database, statement, far);
      if (found.length === limit) return found;
    }
    return await readRows(database, page(whereClause(part ? [...conditions, part.where] : conditions), limit, part?.order, part?.idsFirst), far);
  };

  let rows: Row[];
  if (after) {
    // Each part of "after the cursor" in order, until the page is full.
    rows = [];
    for (const part of rowsAfter(engine, params.sort.field, params.sort.descending, after.value, after.id)) {
      rows.push(...(await read(part, params.limit - rows.length)));
      if (rows.length >= params.limit) break;
    }
  } else {
    rows = await read(undefined, params.limit);
  }

  // A page shorter than the limit (and not empty past the end) already tells the total; not
  // a cursor page, whose offset is unknown.
  const counted =
    known ??
    (!after && (all || (rows.length < params.limit && (rows.length > 0 || offset === 0)))
      ? { total: offset + rows.length, exact: true }
      : await countMatches(database, resource, conditions, largeTotals, beyondExact));
  const last = rows.at(-1);
  const more = !all && last !== undefined && rows.length === params.limit && !(counted.exact && !after && offset + rows.length >= counted.total);
  return { rows, ...counted, ...(more ? { next: cursorAfter(params.sort, last) } : {}) };
}

/**
 * How many rows in order to walk for a page of `limit` among `matches` matches spread evenly
 * over the table, WALK_MARGIN times over; undefined when that is more than MAX_WALK.
 */
async function walkLength(database: Database, resource: Resource, limit: number, matches: number): Promise<number | undefined> {
  const { lo, hi } = await idSpan(database, resource);
  const walk = Math.ceil((WALK_MARGIN * limit * (hi - lo + 1)) / matches);
  return walk <= MAX_WALK ? Math.max(walk, limit) : undefined;
}

/**
 * A list's conditions as its pages read them where every match is read (an export, a bulk
 * action): a search's few records found through a searchable reference looked up first
 * (search.ts relatedIds, PostgreSQL).
 */
export async function searchedConditions(database: Database, resource: Resource, params: ListParams, scope?: RowScope): Promise<RawBuilder<boolean>[]> {
  return listConditions(database, resource, params, scope, undefined, params.search === undefined ? undefined : await relatedIds(database, resource, params.search));
}

/** The ids of every match of a list's conditions (a bulk action on "all that match"), in _id order. */
export async function matchingIds(database: Database, resource: Resource, params: ListParams, scope?: RowScope): Promise<number[]> {
  const where = whereClause(await searchedConditions(database, resource, params, scope));
  const rows = (await sql<{ _id: number }>`SELECT ${sql.ref('_id')} FROM ${sql.table(resource.name)}${where} ORDER BY ${sql.ref('_id')}`.execute(database.db)).rows;
  return rows.map((row) => Number(row._id));
}
