import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Row } from '../db/database.js';
import { diffRecords, recordAudit, type AuditChanges } from '../audit/record.js';
import { invalidRecord, notFound } from '../errors.js';
import { objectBody } from '../request-body.js';
import type { ActionDefinition } from './actions.js';
import { translateDbError } from './db-errors.js';
import { defineResource, type Resource } from './define.js';
import { publishChange, owningUsers } from './events.js';
import { commitQueue, parseId } from './handlers.js';
import { authorize, inScope } from './permissions.js';
import { readRow, toRecord } from './records.js';
import { prepareWrite } from './validate.js';

const NO_ACCESS = { list: [], read: [], create: [], update: [], delete: [] } as const;

/** An action's input fields as a resource, so they convert and validate exactly like record fields. */
export const actionInput = (resource: Resource, action: ActionDefinition): Resource =>
  defineResource({ name: resource.name, label: action.label, labelSingular: action.label, fields: action.fields ?? [], access: NO_ACCESS });

/**
 * POST /{resource}/{id}/{action} or /{resource}/{action}: checks who asks and the input, then
 * runs the action, its audit entry and (record actions) the re-read of the record in one
 * transaction; change events and the action's afterCommit work follow the commit.
 */
export function actionHandler(app: FastifyInstance, resource: Resource, action: ActionDefinition) {
  const { ctx } = app;
  const { db } = ctx.database;
  const lockRows = ctx.database.engine === 'postgres';
  const input = actionInput(resource, action);

  return async function run(request: FastifyRequest<{ Params: { id?: string } }>) {
    const { caller } = request;
    const id = action.on === 'record' ? parseId(request.params.id) : undefined;
    const granted = authorize(resource, caller, action.access, id);
    const body = request.body === undefined || request.body === null ? {} : objectBody(request);
    const stored = id === undefined ? undefined : await readRow(db, resource, id);
    if (id !== undefined && (!stored || !inScope(granted, stored))) throw notFound();
    const prepared = await prepareWrite(db, input, caller, body, 'create', undefined, app.registry);
    if (Object.keys(prepared.errors).length > 0) throw invalidRecord(prepared.errors);
    const deferred = commitQueue();
    let outcome: { data: unknown; before: Row | undefined; after: Row | undefined; changed: boolean };
    try {
      outcome = await db.transaction().execute(async (trx) => {
        const before = id === undefined ? undefined : await readRow(trx, resource, id, lockRows);
        if (id !== undefined && (!before || !inScope(granted, before))) throw notFound();
        const audit = (changes: AuditChanges | null) =>
          recordAudit(trx, { at: ctx.now(), actor: caller, address: request.ip ?? null, resource: resource.name, recordId: id ?? null, action: action.name, changes });
        // A collection action's entry names no record and no change: written first, it is not
        // among the statements after the action's last, which may hold a lock to the commit (a
        // payment's receipt numbered in its series: one round trip less for the next payment to wait).
        if (id === undefined) await audit(null);
        const data = await action.run({
          ctx,
          tokens: app.tokens,
          caller,
          db: trx,
          address: request.ip ?? null,
          afterCommit: deferred.add,
          jobs: app.jobs,
          input: { ...prepared.values, ...prepared.links },
          body,
          ...(before ? { record: before } : {}),
        });
        const after = id === undefined ? undefined : await readRow(trx, resource, id);
        const changes = before ? diffRecords(resource, before, after) : null;
        if (id !== undefined) await audit(changes);
        return { data, before, after, changed: !after || Object.keys(changes ?? {}).length > 0 };
      });
    } catch (error) {
      throw translateDbError(error, resource);
    }
    const { data, before, after, changed } = outcome;
    await deferred.run();
    // A record action that changed its record (or removed it) tells whoever may read it.
    if (id !== undefined && changed) {
      await publishChange(ctx.bus, resource, { action: after ? 'updated' : 'deleted', id }, await owningUsers(db, resource, [before, after], ctx.now()));
    }
    if (data !== undefined) return { data };
    return { data: after ? toRecord(resource, after, caller) : null };
  };
}
