import type { ImportBatch, ImportDefaults, ImportKind, ImportMapping, ImportRowResult, ImportState, ImportSummary } from '../../../core/contract.js';
import type { Selectable } from 'kysely';
import type { Db, Tables } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { headerKey } from './header-names.js';

const COLUMNS = ['_id', 'created_at', 'kind', 'file_name', 'row_count', 'mapping', 'defaults', 'state', 'summary', 'created_by', 'committed_at', 'undone_at', 'job_id', 'committed_rows', 'result'] as const;

/** A batch as the module reads it: every column of its table except the file's hash and updated_at. */
export type BatchRow = Pick<Selectable<Tables['import_batches']>, (typeof COLUMNS)[number]>;

const json = <T>(text: string | null, fallback: T): T => (text === null ? fallback : (JSON.parse(text) as T));

export async function insertBatch(
  db: Db,
  batch: { kind: ImportKind; fileName: string; sha256: string; rowCount: number; mapping: ImportMapping; defaults: ImportDefaults; createdBy: number | null; content: Buffer },
  now: number,
): Promise<number> {
  const stamp = new Date(now).toISOString();
  const row = await db
    .insertInto('import_batches')
    .values({
      created_at: stamp,
      updated_at: stamp,
      kind: batch.kind,
      file_name: batch.fileName.slice(0, 255),
      file_sha256: batch.sha256,
      row_count: batch.rowCount,
      mapping: JSON.stringify(batch.mapping),
      defaults: JSON.stringify(batch.defaults),
      state: 'uploaded',
      created_by: batch.createdBy,
    })
    .returning('_id')
    .executeTakeFirstOrThrow();
  const id = Number(row._id);
  await db.insertInto('import_batch_files').values({ batch_id: id, content: batch.content, check_rows: null }).execute();
  return id;
}

/** The batch, or a 404 in pt-PT. `lock` holds it for the transaction on PostgreSQL (SQLite serialises writes). */
export async function readBatch(db: Db, id: number, lock = false): Promise<BatchRow> {
  let query = db.selectFrom('import_batches').select(COLUMNS).where('_id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Importação não encontrada.');
  return { ...row, _id: Number(row._id), row_count: Number(row.row_count), committed_rows: Number(row.committed_rows) };
}

export async function readContent(db: Db, id: number): Promise<Buffer> {
  const row = await db.selectFrom('import_batch_files').select('content').where('batch_id', '=', id).executeTakeFirstOrThrow();
  return Buffer.from(row.content);
}

export async function readCheckRows(db: Db, id: number): Promise<ImportRowResult[]> {
  const row = await db.selectFrom('import_batch_files').select('check_rows').where('batch_id', '=', id).executeTakeFirst();
  return json<ImportRowResult[]>(row?.check_rows ?? null, []);
}

const summaryOf = (rows: readonly ImportRowResult[]): ImportSummary => {
  const summary: ImportSummary = { create: 0, update: 0, unchanged: 0, duplicate: 0, error: 0 };
  for (const row of rows) summary[row.outcome] += 1;
  return summary;
};

/**
 * Keeps a check: its mapping, counts and rows on the batch, and the mapping by header name as the
 * next upload's suggestion for this kind. Nothing else is written by a check.
 */
export async function saveCheck(db: Db, batch: BatchRow, header: readonly string[], mapping: ImportMapping, defaults: ImportDefaults, rows: readonly ImportRowResult[], now: number): Promise<ImportSummary> {
  const stamp = new Date(now).toISOString();
  const summary = summaryOf(rows);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('import_batches')
      .set({ state: 'checked', mapping: JSON.stringify(mapping), defaults: JSON.stringify(defaults), summary: JSON.stringify(summary), updated_at: stamp })
      .where('_id', '=', batch._id)
      .where('state', 'in', ['uploaded', 'checked'])
      .execute();
    await trx.updateTable('import_batch_files').set({ check_rows: JSON.stringify(rows) }).where('batch_id', '=', batch._id).execute();
    const kept: Record<string, string | null> = {};
    header.forEach((text, column) => {
      if (text.trim() !== '') kept[headerKey(text)] = mapping[String(column)] ?? null;
    });
    const value = { mapping: JSON.stringify(kept), defaults: JSON.stringify(defaults), updated_at: stamp };
    await trx.insertInto('import_mappings').values({ kind: batch.kind, ...value }).onConflict((oc) => oc.column('kind').doUpdateSet(value)).execute();
  });
  return summary;
}

/** The mapping (by header name) and defaults kept from the last check of this kind. */
export async function keptMapping(db: Db, kind: ImportKind): Promise<{ mapping: Record<string, string | null>; defaults: ImportDefaults }> {
  const row = await db.selectFrom('import_mappings').select(['mapping', 'defaults']).where('kind', '=', kind).executeTakeFirst();
  return { mapping: json(row?.mapping ?? null, {}), defaults: json(row?.defaults ?? null, {}) };
}

export async function setState(db: Db, id: number, state: ImportState, now: number, extra: { committed_at?: string; undone_at?: string; job_id?: number } = {}): Promise<void> {
  await db.updateTable('import_batches').set({ state, updated_at: new Date(now).toISOString(), ...extra }).where('_id', '=', id).execute();
}

/** A batch as the API shows it. */
export async function batchView(db: Db, batch: BatchRow): Promise<ImportBatch> {
  const user = batch.created_by === null ? undefined : await db.selectFrom('users').select(['_id', 'name']).where('_id', '=', batch.created_by).executeTakeFirst();
  const changes = await db
    .selectFrom('import_batch_changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('batch_id', '=', batch._id)
    .where('undone_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    id: batch._id,
    kind: batch.kind as ImportKind,
    fileName: batch.file_name,
    rowCount: batch.row_count,
    state: batch.state as ImportState,
    summary: json<ImportSummary | null>(batch.summary, null),
    mapping: json<ImportMapping>(batch.mapping, {}),
    defaults: json<ImportDefaults>(batch.defaults, {}),
    createdBy: user ? { id: Number(user._id), name: user.name } : null,
    createdAt: batch.created_at,
    committedAt: batch.committed_at,
    undoneAt: batch.undone_at,
    jobId: batch.job_id === null ? null : Number(batch.job_id),
    changes: Number(changes.n),
  };
}
