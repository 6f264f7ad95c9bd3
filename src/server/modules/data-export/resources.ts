import type { ApiRecord } from '../../../core/contract.js';
import type { Caller } from '../../auth/caller.js';
import { loose, type Db } from '../../db/database.js';
import { computedSelections } from '../../fields/index.js';
import type { Field, Resource } from '../../resources/define.js';
import { canReadField, permission } from '../../resources/permissions.js';
import { toRecord, withLinks } from '../../resources/records.js';
import { csvHeader, csvLine, csvText } from './csv-values.js';
import type { ZipEntrySum, ZipWriter } from '../../zip/writer.js';

/** Rows read per query: a page of a keyset walk, never a whole table. */
export const EXPORT_PAGE = 500;

/** What the manifest says of one exported resource. */
export interface ExportedResource {
  name: string;
  label: string;
  /** Records in the JSON file. */
  count: number;
  /** Rows in the CSV file (the same, unless records were added or removed while it was written). */
  csvRows: number;
  csv: string;
  json: string;
}

/** The resources `caller` may read every row of (an administrator: all but those no one reads). */
export const exportableResources = (resources: readonly Resource[], caller: Caller): Resource[] => resources.filter((r) => permission(r, caller, 'read') === 'all');

/** The columns of a resource's CSV: what the caller may read, the record's _id first. */
function exportedFields(resource: Resource, caller: Caller): Field[] {
  const readable = resource.fields.filter((f) => canReadField(f, caller) && f.type !== 'password');
  return [...readable.filter((f) => f.name === '_id'), ...readable.filter((f) => f.name !== '_id')];
}

export async function countRows(db: Db, resource: Resource): Promise<number> {
  const row = await loose(db).selectFrom(resource.name).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The records of a resource as `caller` receives them from the API, in _id order, a page at a
 * time after the last _id seen (keyset: each page is one indexed range, however deep).
 */
async function* recordsOf(db: Db, resource: Resource, caller: Caller): AsyncGenerator<ApiRecord[]> {
  let after = 0;
  for (;;) {
    const rows = await loose(db).selectFrom(resource.name).selectAll().select(computedSelections(resource)).where('_id', '>', after).orderBy('_id').limit(EXPORT_PAGE).execute();
    if (rows.length === 0) return;
    after = Number(rows.at(-1)!._id);
    yield (await withLinks(db, resource, rows)).map((row) => toRecord(resource, row, caller));
    if (rows.length < EXPORT_PAGE) return;
  }
}

/**
 * One resource into the zip as `csv/{name}.csv` (Excel in Portuguese: BOM, `;`, decimal comma)
 * and then `json/{name}.json` (an array of the API's records). One entry after the other, each
 * from its own walk of the table: the zip holds back a later entry's bytes until the earlier one
 * ends, so two entries written side by side would keep one of them in memory.
 */
export async function exportResource(
  zip: ZipWriter,
  db: Db,
  resource: Resource,
  caller: Caller,
  onRows: (count: number) => Promise<void>,
): Promise<{ resource: ExportedResource; entries: ZipEntrySum[] }> {
  const fields = exportedFields(resource, caller);
  const csvPath = `csv/${resource.name}.csv`;
  const jsonPath = `json/${resource.name}.json`;

  const csv = zip.entry(csvPath, true);
  await csv.write(csvHeader(fields));
  let rows = 0;
  for await (const records of recordsOf(db, resource, caller)) {
    await csv.write(records.map((record) => csvLine(fields.map((f) => csvText(f, record[f.name])))).join(''));
    rows += records.length;
    await onRows(records.length);
  }
  const csvSum = await csv.end();

  const json = zip.entry(jsonPath, true);
  await json.write('[');
  let count = 0;
  for await (const records of recordsOf(db, resource, caller)) {
    await json.write(records.map((record, i) => `${count + i === 0 ? '' : ','}\n${JSON.stringify(record)}`).join(''));
    count += records.length;
    await onRows(records.length);
  }
  await json.write(count === 0 ? ']\n' : '\n]\n');
  const jsonSum = await json.end();

  return { resource: { name: resource.name, label: resource.label, count, csvRows: rows, csv: csvPath, json: jsonPath }, entries: [csvSum, jsonSum] };
}
