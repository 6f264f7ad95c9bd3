import { Readable } from 'node:stream';
import type pg from 'pg';
import { sql, type AliasedRawBuilder, type RawBuilder } from 'kysely';
import type { ListMeta } from '../../core/contract.js';
import type { Caller } from '../auth/caller.js';
import type { Database, Row } from '../db/database.js';
import { computedSelections, FIELD_KINDS } from '../fields/index.js';
import { isColumn, type Field, type Resource } from './define.js';
import type { ListParams } from './list-params.js';
import { searchedConditions } from './list-query.js';
import type { RowScope } from './permissions.js';
import { RECORD_JSON, recordJson as recordJsonOf } from './record-json.js';
import { toRecord, withLinks } from './records.js';
import { listOrder, rowsAfter } from './text-order.js';

/**
 * Rows per statement of a streamed answer. Each page is one seek on the list's order index from
 * where the last one ended (never an offset), short enough that SQLite's synchronous reads and
 * the formatting of a page hold the event loop a few milliseconds, long enough that a million
 * rows are two thousand statements. A page's rows and its text live until it is written: at
 * 1,000 rows they outlived the server's young generation (4 MB semi-spaces, decision 0038), were
 * copied and promoted, and garbage collection took about a second of a million-row export's
 * four on SQLite (decision 0066).
 */
export const STREAM_PAGE_ROWS = 500;

/** Bytes a streamed answer keeps ready ahead of the socket; past them no page is read until it drains. */
const STREAM_BUFFER_BYTES = 256 * 1024;

/** One item of a select list: a column or an expression with its name. */
export type SelectItem = RawBuilder<unknown> | AliasedRawBuilder<unknown, string>;

/** A sort value as list cursors carry it (list-cursor.ts): text columns as text, others as numbers. */
function cursorValue(field: Field, value: unknown): unknown {
  if (field.name === '_id' || value === null || value === undefined) return null;
  return FIELD_KINDS[field.type].column === 'text' ? String(value) : Number(value);
}

/** How a page's statement gives its rows, and where the next page continues from one of them. */
interface RowShape<R> {
  run(query: RawBuilder<Row>): Promise<R[]>;
  cursor(row: R): { value: unknown; id: number };
}

/**
 * Every row of a list's query (its filters, ranges, declared filters, search and the caller's
 * scope, as the list route applies them) in the list's order, page after page: each page starts
 * after the last row of the one before (the list's own cursor condition, text-order.ts), so a row
 * inserted meanwhile can neither repeat nor push aside a row that was there when the reading
 * began. `columns` is the select list; `_id` and the sort column are added for the next page.
 */
export function orderedPages(
  database: Database,
  resource: Resource,
  params: ListParams,
  scope: RowScope | undefined,
  columns: readonly SelectItem[],
  pageRows = STREAM_PAGE_ROWS,
): AsyncGenerator<Row[], void, undefined> {
  const { field } = params.sort;
  return keysetPages(database, resource, params, scope, columns, pageRows, {
    run: async (query) => (await query.execute(database.db)).rows,
    cursor: (row) => ({ value: cursorValue(field, row[field.name]), id: Number(row._id) }),
  });
}

/**
 * On PostgreSQL, orderedPages' rows as arrays of values: the select list's, then `_id`, then
 * the sort column (unless it is `_id`), read from the pool as the driver's array rows (no object
 * per row: a third less of the reading's processor time). Same statements, same pages.
 */
export function orderedValuePages(
  database: Database & { pool: pg.Pool },
  resource: Resource,
  params: ListParams,
  scope: RowScope | undefined,
  columns: readonly SelectItem[],
  pageRows = STREAM_PAGE_ROWS,
): AsyncGenerator<unknown[][], void, undefined> {
  const { field } = params.sort;
  const { pool, db } = database;
  const idAt = columns.length;
  const sortAt = field.name === '_id' ? idAt : idAt + 1;
  return keysetPages(database, resource, params, scope, columns, pageRows, {
    async run(query) {
      const { sql: text, parameters } = query.compile(db);
      return (await pool.query<unknown[]>({ text, values: [...parameters], rowMode: 'array' })).rows;
    },
    cursor: (row) => ({ value: cursorValue(field, row[sortAt]), id: Number(row[idAt]) }),
  });
}

async function* keysetPages<R>(
  database: Database,
  resource: Resource,
  params: ListParams,
  scope: RowScope | undefined,
  columns: readonly SelectItem[],
  pageRows: number,
  shape: RowShape<R>,
): AsyncGenerator<R[], void, undefined> {
  const { engine } = database;
  const { field, descending } = params.sort;
  const conditions = await searchedConditions(database, resource, params, scope);
  const order = listOrder(engine, field, descending);
  const table = sql.table(resource.name);
  const select = sql.join([...columns, sql.ref('_id'), ...(field.name === '_id' ? [] : [sql.ref(field.name)])]);
  const read = async (where: RawBuilder<boolean>[], limit: number, partOrder = order, idsFirst = false): Promise<R[]> => {
    const filter = where.length === 0 ? sql`` : sql` WHERE ${sql.join(where, sql` AND `)}`;
    const query = idsFirst
      ? sql<Row>`SELECT ${select} FROM ${table} WHERE ${sql.ref('_id')} IN (SELECT ${sql.ref('_id')} FROM ${table}${filter} ORDER BY ${partOrder} LIMIT ${limit}) ORDER BY ${partOrder}`
      : sql<Row>`SELECT ${select} FROM ${table}${filter} ORDER BY ${partOrder} LIMIT ${limit}`;
    return shape.run(query);
  };
  /** The page after (`value`, `id`) in order: each part of "after the cursor" in turn until it is full. */
  const after = async ({ value, id }: { value: unknown; id: number }): Promise<R[]> => {
    const rows: R[] = [];
    for (const part of rowsAfter(engine, field, descending, value, id)) {
      rows.push(...(await read([...conditions, part.where], pageRows - rows.length, part.order, part.idsFirst)));
      if (rows.length >= pageRows) break;
    }
    return rows;
  };
  let rows = params.after ? await after(params.after) : await read(conditions, pageRows);
  while (rows.length === pageRows) {
    // The next page is asked for before this one is handed on, so that PostgreSQL reads it while
    // this one is written. The statement reaches the connection only after some turns of the
    // driver's promises: the event loop's next turn waits for them, or it would be sent only once
    // this page had been written. Its failure is thrown where it is awaited; a reader that stops
    // first never awaits it.
    const next = after(shape.cursor(rows.at(-1)!));
    next.catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    yield rows;
    rows = await next;
  }
  if (rows.length > 0) yield rows;
}

/**
 * A stream of text chunks, the first one already made: whatever fails before the first byte (a
 * bad parameter, the database refusing the statement) is still answered as an error, not as a
 * cut connection. Reading stops when the socket is full (backpressure) and when it closes.
 */
export async function startedStream(chunks: AsyncGenerator<string, void, undefined>): Promise<Readable> {
  const first = await chunks.next();
  async function* all(): AsyncGenerator<Buffer, void, undefined> {
    try {
      if (!first.done) yield Buffer.from(first.value);
      for await (const chunk of chunks) yield Buffer.from(chunk);
    } finally {
      // A closed connection ends the reading too.
      await chunks.return(undefined);
    }
  }
  return Readable.from(all(), { objectMode: false, highWaterMark: STREAM_BUFFER_BYTES });
}

/**
 * Every match of a list (`_limit=-1`) as the list route's JSON, `{"data":[…],"meta":{"total":n}}`,
 * byte for byte what listAnswer gives, in chunks of a page as they are read. The records are
 * the database's JSON (record-json.ts), as listAnswer's.
 */
async function* listAllChunks(database: Database, resource: Resource, params: ListParams, caller: Caller, scope?: RowScope): AsyncGenerator<string, void, undefined> {
  const recordJson = recordJsonOf(database, resource, caller);
  const columns = recordJson ? [recordJson.as(RECORD_JSON)] : [...resource.fields.filter(isColumn).map((f) => sql.ref(f.name)), ...computedSelections(resource)];
  let total = 0;
  for await (const rows of orderedPages(database, resource, params, scope, columns)) {
    const records = recordJson
      ? rows.map((r) => r[RECORD_JSON] as string)
      : (await withLinks(database.db, resource, rows)).map((r) => JSON.stringify(toRecord(resource, r, caller)));
    yield `${total === 0 ? '{"data":[' : ','}${records.join(',')}`;
    total += rows.length;
  }
  const meta: ListMeta = { total };
  yield `${total === 0 ? '{"data":[' : ''}],"meta":${JSON.stringify(meta)}}`;
}

/**
 * The answer of `_limit=-1`: the whole JSON when it is one page (kept by the list cache, sent
 * compressed in one piece as every small answer), else a stream of it, written as it is read.
 */
export async function listAllAnswer(database: Database, resource: Resource, params: ListParams, caller: Caller, scope?: RowScope): Promise<Buffer | Readable> {
  const chunks = listAllChunks(database, resource, params, caller, scope);
  const first = await chunks.next();
  const second = first.done ? first : await chunks.next();
  // One page and the closing: the rows fit in a page, so the answer is small.
  const third = second.done ? second : await chunks.next();
  if (third.done) return Buffer.from([first, second].map((c) => (c.done ? '' : c.value)).join(''));
  async function* rest(): AsyncGenerator<string, void, undefined> {
    try {
      yield `${first.done ? '' : first.value}${second.done ? '' : second.value}${third.done ? '' : third.value}`;
      yield* chunks;
    } finally {
      await chunks.return(undefined);
    }
  }
  return startedStream(rest());
}
