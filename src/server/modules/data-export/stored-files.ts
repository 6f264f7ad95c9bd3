import type { Db } from '../../db/database.js';
import { openIfStored, type FileStore } from '../../files/store.js';
import { csvHeader, csvLine } from './csv-values.js';
import { EXPORT_PAGE } from './resources.js';
import type { ZipEntrySum, ZipWriter } from '../../zip/writer.js';

/** What the manifest says of the stored files. */
export interface ExportedFiles {
  count: number;
  bytes: number;
  /** The list of files (their records and where each is in the zip). */
  csv: string;
  json: string;
  /** Files whose bytes were not in the store (their records stay in the list, with no path). */
  missing: number[];
}

interface FileRow {
  _id: number;
  created_at: string;
  original_name: string;
  content_type: string;
  size: number;
  sha256: string;
  storage_key: string;
  owner_resource: string | null;
  owner_record: number | null;
  owner_field: string | null;
}

/** Already compressed: stored as they are in the zip. */
const COMPRESSED = /^(image\/(jpeg|png|webp|gif|avif)|application\/(pdf|zip|gzip))$/;

/** A name safe in any unzip tool (no folders, no odd characters), after the file's _id that keeps it unique. */
const entryName = (row: FileRow) => {
  const safe = row.original_name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '').slice(-100);
  return `files/${row._id}-${safe || 'ficheiro'}`;
};

/**
 * Files that are a file job's result (an earlier export, a download of treasury documents, a
 * print run of cards): made again from the data on demand, and an export inside the next one
 * would double every export's size.
 */
async function jobOutputs(db: Db): Promise<Set<number>> {
  const files = new Set<number>();
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('jobs').select(['_id', 'result']).where('_id', '>', after).where('result', 'is not', null).orderBy('_id').limit(EXPORT_PAGE).execute();
    for (const row of rows) {
      try {
        const result: unknown = JSON.parse(String(row.result));
        const file = result && typeof result === 'object' ? (result as { file?: unknown }).file : undefined;
        if (typeof file === 'number') files.add(file);
      } catch {
        // A result that is not JSON names no file.
      }
    }
    if (rows.length < EXPORT_PAGE) return files;
    after = Number(rows.at(-1)!._id);
  }
}

async function* fileRows(db: Db): AsyncGenerator<FileRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('files')
      .select(['_id', 'created_at', 'original_name', 'content_type', 'size', 'sha256', 'storage_key', 'owner_resource', 'owner_record', 'owner_field'])
      .where('_id', '>', after)
      .orderBy('_id')
      .limit(EXPORT_PAGE)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({ ...r, _id: Number(r._id), size: Number(r.size), owner_record: r.owner_record === null ? null : Number(r.owner_record) }));
    if (rows.length < EXPORT_PAGE) return;
    after = Number(rows.at(-1)!._id);
  }
}

/** How many files an export will hold (for its progress). */
export async function measureFiles(db: Db): Promise<{ count: number }> {
  const outputs = await jobOutputs(db);
  let count = 0;
  for await (const rows of fileRows(db)) {
    for (const row of rows) if (!outputs.has(row._id)) count += 1;
  }
  return { count };
}

const INDEX_COLUMNS = [
  ['_id', 'Identificador'],
  ['path', 'Caminho no arquivo'],
  ['originalName', 'Nome original'],
  ['contentType', 'Tipo'],
  ['size', 'Tamanho (bytes)'],
  ['sha256', 'SHA-256'],
  ['owner_resource', 'Recurso'],
  ['owner_record', 'Registo'],
  ['owner_field', 'Campo'],
  ['created_at', 'Criado em'],
] as const;

type IndexEntry = Record<(typeof INDEX_COLUMNS)[number][0], string | number | null>;

/**
 * Every stored file (photos, documents, card and receipt PDFs, imported statements) under
 * `files/`, byte for byte, then their list (`csv/files.csv`, `json/files.json`) saying which
 * record's field holds each. The list is written after the bytes, from a second walk, so no
 * entry waits in memory for another.
 */
export async function exportFiles(zip: ZipWriter, db: Db, store: FileStore, onFile: () => Promise<void>): Promise<{ files: ExportedFiles; entries: ZipEntrySum[] }> {
  const outputs = await jobOutputs(db);
  const entries: ZipEntrySum[] = [];
  const missing: number[] = [];
  let count = 0;
  let bytes = 0;
  for await (const rows of fileRows(db)) {
    for (const row of rows) {
      if (outputs.has(row._id)) continue;
      // Opened before its entry is added: a file gone from the store is noted, not half-written;
      // any other failure (the store unreachable) fails the run, which is attempted again.
      const source = await openIfStored(store, row.storage_key);
      if (!source) {
        missing.push(row._id);
        await onFile();
        continue;
      }
      const sum = await zip.add(entryName(row), source, !COMPRESSED.test(row.content_type));
      entries.push(sum);
      count += 1;
      bytes += sum.size;
      await onFile();
    }
  }

  const gone = new Set(missing);
  const csv = zip.entry('csv/files.csv', true);
  const csvLines: string[] = [];
  const jsonItems: string[] = [];
  const index = async function* () {
    for await (const rows of fileRows(db)) {
      yield rows
        .filter((row) => !outputs.has(row._id))
        .map((row): IndexEntry => ({
          _id: row._id,
          path: gone.has(row._id) ? null : entryName(row),
          originalName: row.original_name,
          contentType: row.content_type,
          size: row.size,
          sha256: row.sha256,
          owner_resource: row.owner_resource,
          owner_record: row.owner_record,
          owner_field: row.owner_field,
          created_at: row.created_at,
        }));
    }
  };
  // The list is small per file (one line each): the CSV first, whole, then the JSON.
  await csv.write(csvHeader(INDEX_COLUMNS.map(([, label]) => ({ label }))));
  for await (const page of index()) {
    for (const item of page) csvLines.push(csvLine(INDEX_COLUMNS.map(([name]) => (item[name] === null ? '' : String(item[name])))));
    await csv.write(csvLines.splice(0).join(''));
  }
  entries.push(await csv.end());
  const json = zip.entry('json/files.json', true);
  await json.write('[');
  let first = true;
  for await (const page of index()) {
    for (const item of page) {
      jsonItems.push(`${first ? '' : ','}\n${JSON.stringify(item)}`);
      first = false;
    }
    await json.write(jsonItems.splice(0).join(''));
  }
  await json.write(first ? ']\n' : '\n]\n');
  entries.push(await json.end());
  return { files: { count, bytes, csv: 'csv/files.csv', json: 'json/files.json', missing }, entries };
}
