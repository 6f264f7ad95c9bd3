import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ImportCommitResult, ImportDefaults, ImportMapping } from '../../../core/contract.js';
import type { Caller } from '../../auth/caller.js';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { BULK_CHANGE_ROWS, vacuumAnalyze } from '../../db/vacuum.js';
import { conflict, HttpError } from '../../errors.js';
import type { JobDefinition } from '../../jobs/types.js';
import { isUniqueViolation } from '../../resources/db-errors.js';
import { publishChange } from '../../resources/events.js';
import { commitQueue, type Actor } from '../../resources/handlers.js';
import type { ImportRun, RecordChange } from './kind.js';
import { importKindOf } from './kinds.js';
import { inFileDuplicate, judgeChunk, type SeenKeys } from './judge-rows.js';
import { rowReader } from './parse-rows.js';
import { readSpreadsheet } from './read-file.js';
import { readBatch, readContent, setState } from './store.js';

const COMMIT_JOB = 'imports.commit';

/**
 * Rows per transaction. Each chunk commits with the batch's count of rows done, so a run taken
 * over after a crash goes on after the last chunk that committed, never writing a row twice;
 * between chunks the job reports its progress (and other requests get the database).
 */
export const COMMIT_CHUNK = 500;
/** Refused rows named in the job's result; the rest are counted. */
const MAX_FAILURES = 200;

interface CommitPayload {
  batch: number;
  /** Who committed, as they were: every row is written with their permissions. */
  caller: Caller;
  address: string | null;
}

// The job runs with no request: it reaches the app serving its context (set by the module's routes).
const apps = new WeakMap<ServerContext, FastifyInstance>();
export const serveImportJobs = (app: FastifyInstance) => apps.set(app.ctx, app);

const emptyResult = (): ImportCommitResult => ({ created: 0, updated: 0, unchanged: 0, skipped: 0, failures: [] });

/**
 * POST /imports/:id/commit: a checked batch becomes 'committing' and its job is queued, in one
 * transaction; the job's key is the batch, so committing again answers the same job.
 */
export async function startCommit(app: FastifyInstance, id: number, actor: Actor): Promise<number> {
  const { db, engine } = app.ctx.database;
  const jobId = await db.transaction().execute(async (trx) => {
    const batch = await readBatch(trx, id, engine === 'postgres');
    if (batch.job_id !== null) return Number(batch.job_id);
    if (batch.state !== 'checked') throw conflict('Verifique primeiro a importação: só se grava o que foi verificado.');
    const payload: CommitPayload = { batch: id, caller: actor.caller, address: actor.address };
    const job = await app.jobs.enqueue(trx, { name: COMMIT_JOB, key: `${COMMIT_JOB}:${id}`, payload, requestedBy: actor.caller.kind === 'user' ? actor.caller.id : null, maxAttempts: 5 });
    await setState(trx, id, 'committing', app.ctx.now(), { job_id: Number(job._id) });
    return Number(job._id);
  });
  app.jobs.wake();
  return jobId;
}

async function recordChanges(trx: Db, batchId: number, changes: readonly RecordChange[], stamp: string): Promise<void> {
  for (const change of changes) {
    await trx
      .insertInto('import_batch_changes')
      .values({
        created_at: stamp,
        updated_at: stamp,
        batch_id: batchId,
        resource: change.resource,
        record_id: change.recordId,
        action: change.action,
        before: change.before === null ? null : JSON.stringify(change.before),
      })
      .onConflict((oc) => oc.columns(['batch_id', 'resource', 'record_id']).doNothing())
      .execute();
  }
}

/** Runs `write` inside a savepoint: a refused row is rolled back alone and its chunk goes on. */
async function inSavepoint<T>(trx: Db, write: () => Promise<T>): Promise<T> {
  await sql`SAVEPOINT import_row`.execute(trx);
  try {
    const result = await write();
    await sql`RELEASE SAVEPOINT import_row`.execute(trx);
    return result;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT import_row`.execute(trx);
    await sql`RELEASE SAVEPOINT import_row`.execute(trx);
    throw error;
  }
}

/** A row's refusal in pt-PT (its field messages, or a value another record took meanwhile), or null for a failure of the run itself. */
const refusal = (error: unknown): string | null => {
  if (error instanceof HttpError) return error.fieldErrors ? Object.values(error.fieldErrors).join(' ') : error.message;
  return isUniqueViolation(error) ? 'Outro registo passou a ter um destes valores entretanto (número, NIF ou e-mail).' : null;
};

/**
 * The commit: every row judged again and written through its resource's own write path, chunk
 * by chunk, each created or changed record kept in import_batch_changes with its state before.
 * Idempotent: a committed batch answers its result; a run taken over goes on after the rows
 * committed; a row whose record is already as the file says is unchanged.
 */
export const commitJob: JobDefinition = {
  name: COMMIT_JOB,
  label: 'Gravação de uma importação',
  maxAttempts: 5,
  resultForStaff: true,
  async run({ ctx, payload, progress }): Promise<ImportCommitResult> {
    const app = apps.get(ctx);
    if (!app) throw new Error(`${COMMIT_JOB}: no app serves this context`);
    const { batch: id, caller, address } = payload as CommitPayload;
    const { db } = ctx.database;
    const batch = await readBatch(db, id);
    const result: ImportCommitResult = batch.result ? (JSON.parse(batch.result) as ImportCommitResult) : emptyResult();
    if (batch.state !== 'committing') return result;
    const kind = importKindOf(batch.kind);
    if (!kind) throw new Error(`${COMMIT_JOB}: unknown kind ${batch.kind}`);
    const sheet = await readSpreadsheet(await readContent(db, id));
    const run: ImportRun = { purpose: 'commit', app, actor: { caller, address }, batchId: id, fields: kind.fields(app), mapping: JSON.parse(batch.mapping) as ImportMapping, defaults: JSON.parse(batch.defaults) as ImportDefaults };
    const reader = await rowReader(db, sheet, run.fields, run.mapping, run.defaults);
    const handler = await kind.handler(run);
    const seen: SeenKeys = new Map();
    // The rows a previous attempt committed: only their keys matter now (a later row repeating one is a duplicate).
    for (const row of sheet.rows.slice(0, batch.committed_rows)) inFileDuplicate(handler, reader.read(row), seen);
    const total = sheet.rows.length;
    const touched = new Set<string>();
    for (let start = batch.committed_rows; start < total; start += COMMIT_CHUNK) {
      const end = Math.min(total, start + COMMIT_CHUNK);
      const deferred = commitQueue();
      const chunk = structuredClone(result);
      const lastIds = new Map<string, number>();
      await db.transaction().execute(async (trx) => {
        const stamp = new Date(ctx.now()).toISOString();
        const rows = sheet.rows.slice(start, end).map((row) => reader.read(row));
        const judgedRows = await judgeChunk(handler, trx, rows, seen);
        for (const [index, judged] of judgedRows.entries()) {
          const { outcome } = judged.result;
          if (outcome === 'unchanged') chunk.unchanged += 1;
          if (outcome !== 'create' && outcome !== 'update') {
            if (outcome !== 'unchanged') chunk.skipped += 1;
            continue;
          }
          try {
            const changes = await inSavepoint(trx, () => handler.write(trx, judged, deferred.add));
            await recordChanges(trx, id, changes, stamp);
            for (const change of changes) lastIds.set(change.resource, change.recordId);
            if (changes.length === 0) chunk.unchanged += 1;
            else if (outcome === 'create') chunk.created += 1;
            else chunk.updated += 1;
          } catch (error) {
            const message = refusal(error);
            if (message === null) throw error;
            chunk.skipped += 1;
            if (chunk.failures.length < MAX_FAILURES) chunk.failures.push({ line: rows[index]!.line, message });
          }
        }
        await trx.updateTable('import_batches').set({ committed_rows: end, result: JSON.stringify(chunk), updated_at: stamp }).where('_id', '=', id).execute();
      });
      Object.assign(result, chunk);
      await deferred.run();
      for (const [resource, recordId] of lastIds) {
        touched.add(resource);
        const definition = app.registry.resourceByName(resource);
        // One announcement per chunk and resource: open lists refresh once, not per row.
        if (definition) await publishChange(ctx.bus, definition, { action: 'created', id: recordId }, []);
      }
      await progress(end, total);
    }
    await setState(db, id, 'committed', ctx.now(), { committed_at: new Date(ctx.now()).toISOString() });
    // Many rows written one by one: the planner's statistics are refreshed at once.
    if (result.created + result.updated >= BULK_CHANGE_ROWS) await vacuumAnalyze(ctx.database, [...touched]);
    return result;
  },
};
