import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ImportBlocker, ImportUndoResult } from '../../../core/contract.js';
import { conflict, HttpError } from '../../errors.js';
import { publishChange } from '../../resources/events.js';
import { commitQueue, type Actor } from '../../resources/handlers.js';
import { readBatch, setState } from './store.js';
import { recordKey, type UndoChange, type UndoContext } from './undo-registry.js';
import { IMPORT_UNDOERS } from './undoers.js';

const BLOCKED_MESSAGE = 'Não é possível anular toda a importação: há trabalho posterior que depende dela. Pode anular o resto, deixando estes registos como estão.';

const blocked = (blockers: ImportBlocker[]) => new HttpError(409, BLOCKED_MESSAGE, undefined, { code: 'import_blocked', blockers });

/** Why the database refused a restore, for the list: a record made since refers to it. */
function refusalOf(error: unknown): string {
  if (error instanceof HttpError) return error.message;
  return 'Outros registos criados depois da importação dependem deste.';
}

/**
 * Anular importação: every record the batch created or changed and not yet restored goes back
 * to its state before the batch, newest change first, in one transaction. Later work that
 * depends on a record (ResourceUndo.blockers, or a restore the database refuses) makes it a 409
 * `import_blocked` listing that work, and nothing changes; with `rest`, the other records are
 * restored and those stay (the batch is then partly undone, and may be undone again later).
 */
export async function undoBatch(app: FastifyInstance, id: number, actor: Actor, rest: boolean): Promise<ImportUndoResult> {
  const { db, engine } = app.ctx.database;
  const deferred = commitQueue();
  const touched = new Set<string>();
  const answer = await db.transaction().execute(async (trx) => {
    const batch = await readBatch(trx, id, engine === 'postgres');
    if (batch.state === 'undone') throw conflict('Esta importação já foi anulada.');
    if (batch.state !== 'committed' && batch.state !== 'partly_undone') {
      throw conflict(batch.state === 'committing' ? 'A importação ainda está a ser gravada: aguarde que termine para a anular.' : 'Esta importação ainda não foi gravada: não há nada a anular.');
    }
    const rows = await trx.selectFrom('import_batch_changes').selectAll().where('batch_id', '=', id).where('undone_at', 'is', null).orderBy('_id', 'desc').execute();
    const changes: UndoChange[] = rows.map((r) => ({
      id: Number(r._id),
      resource: r.resource,
      recordId: Number(r.record_id),
      action: r.action as UndoChange['action'],
      before: r.before === null ? null : (JSON.parse(r.before) as UndoChange['before']),
      at: r.created_at,
    }));
    const undo: UndoContext = { app, trx, actor, batchId: id, afterCommit: deferred.add, batchRecords: new Set(changes.map((c) => recordKey(c.resource, c.recordId))) };
    const blockers: ImportBlocker[] = [];
    for (const [resource, undoer] of IMPORT_UNDOERS) {
      const own = changes.filter((c) => c.resource === resource);
      if (own.length > 0) blockers.push(...(await undoer.blockers(undo, own)));
    }
    for (const change of changes) if (!IMPORT_UNDOERS.has(change.resource)) throw new Error(`imports: no undo for resource ${change.resource}`);
    if (blockers.length > 0 && !rest) throw blocked(blockers);
    const kept = new Set(blockers.map((b) => recordKey(b.record.resource, b.record.id)));
    const stamp = new Date(app.ctx.now()).toISOString();
    let undone = 0;
    for (const change of changes) {
      if (kept.has(recordKey(change.resource, change.recordId))) continue;
      await sql`SAVEPOINT import_undo`.execute(trx);
      try {
        await IMPORT_UNDOERS.get(change.resource)!.restore(undo, change);
        await sql`RELEASE SAVEPOINT import_undo`.execute(trx);
      } catch (error) {
        await sql`ROLLBACK TO SAVEPOINT import_undo`.execute(trx);
        await sql`RELEASE SAVEPOINT import_undo`.execute(trx);
        if (!(error instanceof HttpError) && !isConstraint(error)) throw error;
        kept.add(recordKey(change.resource, change.recordId));
        const label = await IMPORT_UNDOERS.get(change.resource)!.label(undo, change);
        blockers.push({ resource: change.resource, id: change.recordId, label, reason: refusalOf(error), record: { resource: change.resource, id: change.recordId } });
        continue;
      }
      await trx.updateTable('import_batch_changes').set({ undone_at: stamp, updated_at: stamp }).where('_id', '=', change.id).execute();
      touched.add(change.resource);
      undone += 1;
    }
    if (blockers.length > 0 && !rest) throw blocked(blockers);
    const state = kept.size > 0 ? 'partly_undone' : 'undone';
    await setState(trx, id, state, app.ctx.now(), { undone_at: stamp });
    return { undone, kept: kept.size, state } satisfies ImportUndoResult;
  });
  await deferred.run();
  for (const resource of touched) {
    const definition = app.registry.resourceByName(resource);
    if (definition) await publishChange(app.ctx.bus, definition, { action: 'deleted', id: 0 }, []);
  }
  return answer;
}

/** A foreign key or other constraint the database enforces (SQLite's and PostgreSQL's codes). */
function isConstraint(error: unknown): boolean {
  const code = String((error as { code?: unknown }).code ?? '');
  return code.startsWith('SQLITE_CONSTRAINT') || code.startsWith('23');
}
