import type { FastifyInstance } from 'fastify';
import type { Db, Row } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { translateDbError } from '../db-errors.js';
import type { Resource } from '../define.js';
import { owningUsers, publishChange } from '../events.js';
import { commitQueue, resourceHandlers, type Actor } from '../handlers.js';
import { authorize } from '../permissions.js';
import { readRow } from '../records.js';
import { rowPatch, type BulkRequest } from './input.js';

export type BulkOperation = 'update' | 'delete';

/** What one row's change leaves to do after its commit: the change event. */
interface RowChange {
  id: number;
  action: 'updated' | 'deleted';
  rows: (Row | undefined)[];
}

/**
 * Runs one row through the single update's or delete's own path (permission for that id,
 * validation, hooks, audit entry) inside `trx`. Null when the row was already as asked.
 */
export function rowRunner(app: FastifyInstance, resource: Resource, operation: BulkOperation, actor: Actor, request: BulkRequest) {
  const handlers = resourceHandlers(app, resource);
  const lockRows = app.ctx.database.engine === 'postgres';
  return async (trx: Db, id: number, afterCommit: (fn: () => Promise<void> | void) => void): Promise<RowChange | null> => {
    const granted = authorize(resource, actor.caller, operation, id);
    if (operation === 'delete') {
      const existing = await handlers.deleteRow(actor, trx, id, granted, undefined, afterCommit);
      return { id, action: 'deleted', rows: [existing] };
    }
    // Many-valued fields change from what each row holds: read it (locked) before the write does.
    const current = (await readRow(trx, resource, id, lockRows)) ?? {};
    const { saved, before } = await handlers.writeRow(actor, trx, { mode: 'patch', id, body: rowPatch(request, current), granted }, afterCommit);
    return saved === before ? null : { id, action: 'updated', rows: [before, saved] };
  };
}

/** A row's refusal as the answer names it: the record's id before the single operation's words. */
function rowFailure(resource: Resource, id: number, error: unknown): unknown {
  const translated = translateDbError(error, resource);
  if (!(translated instanceof HttpError)) return translated;
  const fieldErrors = translated.fieldErrors
    ? Object.fromEntries(Object.entries(translated.fieldErrors).map(([field, message]) => [field, `Registo ${id}: ${message}`]))
    : undefined;
  return new HttpError(translated.statusCode, `Registo ${id}: ${translated.message}`, fieldErrors, { ...translated.details, code: translated.code, record: id });
}

export async function announce(app: FastifyInstance, resource: Resource, changes: readonly RowChange[]): Promise<void> {
  const { db } = app.ctx.database;
  for (const change of changes) await publishChange(app.ctx.bus, resource, { action: change.action, id: change.id }, await owningUsers(db, resource, change.rows, app.ctx.now()));
}

/**
 * Every row in one transaction: the first refused row rolls all of them back and its refusal is
 * the answer. Change events and the hooks' after-commit work follow the commit.
 */
export async function runInOneTransaction(app: FastifyInstance, resource: Resource, operation: BulkOperation, actor: Actor, request: BulkRequest): Promise<number> {
  const run = rowRunner(app, resource, operation, actor, request);
  const deferred = commitQueue();
  const changes = await app.ctx.database.db.transaction().execute(async (trx) => {
    const done: RowChange[] = [];
    for (const id of request.ids) {
      try {
        const change = await run(trx, id, deferred.add);
        if (change) done.push(change);
      } catch (error) {
        throw rowFailure(resource, id, error);
      }
    }
    return done;
  });
  await deferred.run();
  await announce(app, resource, changes);
  return request.ids.length;
}
