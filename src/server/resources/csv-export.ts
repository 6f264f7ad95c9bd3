import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import { LIST_AFTER } from '../../core/contract.js';
import type { Caller } from '../auth/caller.js';
import { loose, type Database, type Row } from '../db/database.js';
import { computedExpression, FIELD_KINDS } from '../fields/index.js';
import { CSV_SEPARATOR, LINE_END } from '../../core/csv.js';
import { cellWriter, csvHead, exportColumns, type CellWriter, type ReferenceLabels } from './csv-cells.js';
import { isColumn, type Field, type Resource } from './define.js';
import { parseListParams, type ListParams } from './list-params.js';
import { orderedPages, orderedValuePages, startedStream, type SelectItem } from './list-stream.js';
import { authorize, canReadField, permission, type RowScope } from './permissions.js';
import type { Registry } from './registry.js';
import type { RouteDoc } from '../openapi/route-doc.js';

type Query = Record<string, string | string[] | undefined>;

/** The export's own parameter: the columns, by field name, in order (`_columns=number,name,state`). */
const EXPORT_COLUMNS = '_columns';

/** Where a resource's list is exported: GET /api/{resource}/export.csv (a static segment, so no record id clashes). */
export const exportPath = (resource: Resource): string => `/${resource.name}/export.csv`;

/** The fields a person recognises a record by, in the order the interface looks for them (widgets/shared/reference-cache.ts). */
const LABEL_FIELDS = ['name', 'username', 'title', 'subject', 'label', 'code', 'number'];

// Referenced names an export keeps per resource (households, people) before it starts afresh: its memory stays small.
const MAX_KEPT_NAMES = 50_000;

// Ids per statement when reading referenced names: far below either engine's limit on parameters.
const IDS_PER_READ = 500;

/**
 * Names of referenced records, read as the export needs them and kept for the rest of it. The
 * caller sees the names they could read in the interface: of the records they may list (or, when
 * they may list none, read), within their scope; any other is written as '#id', as the table shows it.
 */
function referenceNames(database: Database, registry: Registry, caller: Caller) {
  const known = new Map<string, Map<number, string>>();
  async function read(ref: Resource, ids: number[]): Promise<Row[]> {
    const list = permission(ref, caller, 'list');
    const granted = list === 'none' ? permission(ref, caller, 'read') : list;
    if (granted !== 'all' && typeof granted !== 'object') return [];
    const names = LABEL_FIELDS.map((name) => ref.field(name)).filter((f): f is Field => f !== undefined && isColumn(f) && canReadField(f, caller));
    let query = loose(database.db).selectFrom(ref.name).select(['_id', ...names.map((f) => f.name)]).where('_id', 'in', ids);
    if (typeof granted === 'object') query = query.where(granted.column, '=', granted.value);
    const rows = await query.execute();
    return rows.map((row) => {
      const label = names
        .map((f) => (row[f.name] === null || row[f.name] === undefined ? null : FIELD_KINDS[f.type].output(row[f.name], f)))
        .find((value): value is string => typeof value === 'string' && value.trim() !== '');
      return { _id: row._id, label: label ?? `#${String(row._id)}` };
    });
  }
  return {
    async of(field: Field, ids: ReadonlySet<number>): Promise<ReferenceLabels | undefined> {
      const ref = field.ref ? registry.resourceByName(field.ref) : undefined;
      if (!ref) return undefined;
      const kept = known.get(ref.name);
      // Names of a few states or categories are read once; of a million people, forgotten now and then.
      const names = kept && kept.size <= MAX_KEPT_NAMES ? kept : new Map<number, string>();
      known.set(ref.name, names);
      const missing = [...ids].filter((id) => !names.has(id));
      for (let i = 0; i < missing.length; i += IDS_PER_READ) {
        const part = missing.slice(i, i + IDS_PER_READ);
        for (const row of await read(ref, part)) names.set(Number(row._id), String(row.label));
        // Remembered as unnamed too, so a record the caller may not read is asked for once.
        for (const id of part) if (!names.has(id)) names.set(id, `#${id}`);
      }
      return names;
    },
  };
}

/** The select item of an exported field: a stored column or a computed expression; linked ids are read per page, none. */
const selectItem = (f: Field): SelectItem | undefined => (isColumn(f) ? sql.ref(f.name) : f.type === 'computed' && f.computed ? computedExpression(f.computed).as(f.name) : undefined);

/** The linked ids of a many-to-many field for a page of rows, as withLinks lists them (by the other id). */
async function linkedIds(database: Database, field: Field, ids: readonly number[]): Promise<Map<number, number[]>> {
  const byId = new Map<number, number[]>(ids.map((id) => [id, []]));
  const { table, self, other } = field.through!;
  for (let i = 0; i < ids.length; i += IDS_PER_READ) {
    const links = await loose(database.db).selectFrom(table).select([self, other]).where(self, 'in', ids.slice(i, i + IDS_PER_READ)).orderBy(other).execute();
    for (const link of links) byId.get(Number(link[self]))?.push(Number(link[other]));
  }
  return byId;
}

/** One exported column: its field, how its cells are written, and where its values come from. */
interface Column {
  field: Field;
  write: CellWriter;
  /** Its place in the select list, if it has one. */
  at: number | undefined;
  /** A many-to-many field: its ids are read per page from the join table, not from the row. */
  linked: boolean;
}

/**
 * A page's rows as read: objects by column name, or (PostgreSQL, orderedValuePages) arrays in
 * the select list's order, `_id` after it. Chosen once per export, so each read is of one kind.
 */
interface RowReader {
  value(row: unknown, column: Column): unknown;
  id(row: unknown): number;
}

const byName: RowReader = {
  value: (row, column) => (row as Row)[column.field.name],
  id: (row) => Number((row as Row)._id),
};

const byPlace = (idAt: number): RowReader => ({
  value: (row, column) => (row as unknown[])[column.at!],
  id: (row) => Number((row as unknown[])[idAt]),
});

type Links = ReadonlyMap<string, Map<number, number[]>>;

const NO_IDS: readonly number[] = [];

/** A column's value in a row: the row's own, or a linked field's ids (none when it has none). */
function storedValue(reader: RowReader, column: Column, row: unknown, links: Links): unknown {
  if (column.linked) return links.get(column.field.name)!.get(reader.id(row)) ?? NO_IDS;
  return column.at === undefined ? undefined : reader.value(row, column);
}

/** The ids a column of a page refers to, as its record's JSON gives them (an id, or a list of ids). */
function referredIds(reader: RowReader, column: Column, rows: readonly unknown[], links: Links): Set<number> {
  const { output } = FIELD_KINDS[column.field.type];
  const ids = new Set<number>();
  for (const row of rows) {
    const stored = storedValue(reader, column, row, links);
    if (stored === null || stored === undefined) continue;
    const value = output(stored, column.field);
    if (Array.isArray(value)) {
      for (const id of value as unknown[]) if (typeof id === 'number') ids.add(id);
    } else if (typeof value === 'number') ids.add(value);
  }
  return ids;
}

const withPool = (database: Database): database is Database & { pool: pg.Pool } => database.pool !== undefined;

/**
 * The list's matches as CSV text, a page of lines per chunk: the header of pt-PT labels first,
 * then each row's cells as the interface shows them, referenced records by their names.
 */
async function* csvChunks(database: Database, registry: Registry, resource: Resource, params: ListParams, caller: Caller, fields: readonly Field[], scope?: RowScope): AsyncGenerator<string, void, undefined> {
  const names = referenceNames(database, registry, caller);
  const items: SelectItem[] = [];
  const columns: Column[] = fields.map((field) => {
    const item = selectItem(field);
    if (item) items.push(item);
    return { field, write: cellWriter(field), at: item ? items.length - 1 : undefined, linked: field.type === 'references' && field.through !== undefined };
  });
  const linked = columns.filter((c) => c.linked);
  const arrays = withPool(database);
  const reader = arrays ? byPlace(items.length) : byName;
  const pages: AsyncGenerator<readonly unknown[], void, undefined> = arrays ? orderedValuePages(database, resource, params, scope, items) : orderedPages(database, resource, params, scope, items);
  // Sent with the first page: a first statement that fails is still answered as an error.
  let head: string | undefined = csvHead(fields);
  for await (const rows of pages) {
    const links = new Map<string, Map<number, number[]>>();
    if (linked.length > 0) {
      const ids = rows.map((row) => reader.id(row));
      for (const { field } of linked) links.set(field.name, await linkedIds(database, field, ids));
    }
    const labels: (ReferenceLabels | undefined)[] = [];
    for (const column of columns) labels.push(column.field.ref ? await names.of(column.field, referredIds(reader, column, rows, links)) : undefined);
    // Lines joined as they are made: no array per row nor per cell.
    let text = head ?? '';
    for (const row of rows) {
      let line = '';
      for (let i = 0; i < columns.length; i += 1) {
        const column = columns[i]!;
        line += (i === 0 ? '' : CSV_SEPARATOR) + column.write(storedValue(reader, column, row, links), labels[i]);
      }
      text += line + LINE_END;
    }
    yield text;
    head = undefined;
  }
  if (head !== undefined) yield head;
}

/**
 * GET /api/{resource}/export.csv?{the list's parameters}&_columns=a,b,c: every match of the list's
 * query, in its order, as a CSV file in the form Excel set to Portuguese opens (BOM, `;`, CRLF),
 * written to the answer as it is read. The same grant as the list; paging parameters are ignored.
 */
export async function answerCsvExport(app: FastifyInstance, resource: Resource, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { ctx } = app;
  const { caller } = request;
  const granted = authorize(resource, caller, 'list');
  const asked = request.query as Query;
  const fields = exportColumns(resource, caller, asked[EXPORT_COLUMNS]);
  // The whole list, whatever page the interface shows: paging is not part of an export's query.
  const query = Object.fromEntries(Object.entries(asked).filter(([key]) => ![EXPORT_COLUMNS, '_page', '_limit', LIST_AFTER].includes(key)));
  const params = parseListParams(resource, query, ctx.now());
  const scope = typeof granted === 'object' ? granted : undefined;
  await resource.beforeRead?.(ctx.database.db, ctx.now());
  const stream = await startedStream(csvChunks(ctx.database, app.registry, resource, params, caller, fields, scope));
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${resource.name}.csv"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/** The export's entry in the OpenAPI document (the list's own parameters are documented on the list). */
export const exportDoc = (resource: Resource): RouteDoc => ({
  tags: [resource.label],
  summary: `Exportar ${resource.label} (CSV)`,
  description:
    `Todos os registos que a lista GET /api/${resource.name} encontra com os mesmos parâmetros (pesquisa, filtros, intervalos e ordenação; a paginação é ignorada), ` +
    'na ordem da lista, num ficheiro CSV como o Excel em português o abre: UTF-8 com BOM, separador ";", linhas terminadas em CRLF. ' +
    'As colunas são as indicadas em `_columns`, pela ordem dada, com os nomes dos campos em português no cabeçalho; valores como a lista os mostra ' +
    '(euros com vírgula, datas dd/mm/aaaa, Sim/Não, opções e registos referidos pelo nome). O ficheiro é enviado à medida que é lido. Quem pode ver a lista pode exportá-la.',
  query: { [EXPORT_COLUMNS]: { type: 'string', description: 'Os campos a exportar, separados por vírgulas (por exemplo, number,name,state)' } },
  responses: { 200: { description: 'O ficheiro CSV', type: 'text/csv', schema: { type: 'string' } } },
  errors: [400, 401, 403, 422],
});
