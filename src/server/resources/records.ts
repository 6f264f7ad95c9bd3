import type { ApiRecord } from '../../core/contract.js';
import { loose, type Db, type Row } from '../db/database.js';
import type { Caller } from '../auth/caller.js';
import type { Resource } from './define.js';
import { canReadField } from './permissions.js';
import { FIELD_KINDS, computedSelections } from '../fields/index.js';

const manyFields = (resource: Resource) => resource.fields.filter((f) => f.type === 'references' && f.through);

/** Adds the id lists of many-to-many fields (e.g. members.tags) to stored rows, with one query per field. */
export async function withLinks(db: Db, resource: Resource, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((r) => Number(r._id));
  for (const field of manyFields(resource)) {
    const { table, self, other } = field.through!;
    const byId = new Map<number, number[]>(ids.map((id) => [id, []]));
    if (ids.length > 0) {
      // Chunked: SQLite limits the number of bound parameters.
      for (let i = 0; i < ids.length; i += 5000) {
        const links = await loose(db).selectFrom(table).select([self, other]).where(self, 'in', ids.slice(i, i + 5000)).orderBy(other).execute();
        for (const link of links) byId.get(Number(link[self]))?.push(Number(link[other]));
      }
    }
    for (const row of rows) row[field.name] = byId.get(Number(row._id)) ?? [];
  }
  return rows;
}

/**
 * A stored row as `caller` receives it: booleans as true/false, ids as numbers, nothing
 * write-only and no field the caller may not read.
 */
export function toRecord(resource: Resource, row: Row, caller: Caller): ApiRecord {
  const record: Record<string, unknown> = {};
  for (const field of resource.fields) {
    if (!(field.name in row) || !canReadField(field, caller)) continue;
    const value = row[field.name];
    if (value === null || value === undefined) record[field.name] = null;
    else record[field.name] = FIELD_KINDS[field.type].output(value, field);
  }
  return record as ApiRecord;
}

/**
 * The stored row of one record with its many-to-many lists, or undefined. Every column, hashes
 * included, for hooks to compare: only toRecord's output ever leaves the server.
 */
export async function readRow(db: Db, resource: Resource, id: number, forUpdate = false): Promise<Row | undefined> {
  let query = loose(db).selectFrom(resource.name).selectAll().select(computedSelections(resource)).where('_id', '=', id);
  // Inside a write's transaction on PostgreSQL: hold the row until commit (SQLite serialises writes).
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const [withLists] = await withLinks(db, resource, [row]);
  return withLists;
}

/** Replaces the many-to-many links of one record (`created`: one just inserted, which has none yet). */
export async function writeLinks(db: Db, resource: Resource, id: number, links: Record<string, number[]>, created = false): Promise<void> {
  for (const field of manyFields(resource)) {
    const ids = links[field.name];
    if (!ids) continue;
    const { table, self, other } = field.through!;
    if (!created) await loose(db).deleteFrom(table).where(self, '=', id).execute();
    if (ids.length > 0) await loose(db).insertInto(table).values(ids.map((o) => ({ [self]: id, [other]: o }))).execute();
  }
}
