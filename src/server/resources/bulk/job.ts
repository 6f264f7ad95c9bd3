import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../auth/caller.js';
import type { ServerContext } from '../../context.js';
import { BULK_CHANGE_ROWS, vacuumAnalyze } from '../../db/vacuum.js';
import { HttpError } from '../../errors.js';
import type { JobDefinition } from '../../jobs/types.js';
import { commitQueue } from '../handlers.js';
import type { BulkRequest } from './input.js';
import { announce, rowFailure, rowRunner, type BulkOperation } from './run.js';

export const BULK_JOB = 'records.bulk';

/** Above this many rows a bulk action runs as a background job with progress, row by row. */
export const BULK_JOB_THRESHOLD = 200;

/** Refusals kept in the job's result, so a run over many bad rows keeps a readable result. */
const MAX_REPORTED_FAILURES = 100;

export interface BulkPayload extends BulkRequest {
  resource: string;
  operation: BulkOperation;
  /** Who asked, as they were when they asked: every row is checked against their permissions. */
  caller: Caller;
  address: string | null;
}

export interface BulkResult {
  done: number;
  failed: number;
  failures: { id: number; message: string }[];
}

// The job runs with no request: it reaches the app serving its context (set by bulkRoutes).
const apps = new WeakMap<ServerContext, FastifyInstance>();
export const serveBulkJobs = (app: FastifyInstance) => apps.set(app.ctx, app);

/**
 * A bulk action over many rows: each row in its own transaction through the single update's or
 * delete's path, so one refused row is reported and the others go on. Idempotent: an update
 * already applied changes nothing, and a row already deleted counts as done.
 */
export const bulkJob: JobDefinition = {
  name: BULK_JOB,
  label: 'Alteração em massa de registos',
  maxAttempts: 3,
  async run({ ctx, payload, progress }): Promise<BulkResult> {
    const app = apps.get(ctx);
    if (!app) throw new Error('records.bulk: no app serves this context');
    const request = payload as BulkPayload;
    const resource = app.registry.resourceByName(request.resource);
    if (!resource) throw new Error(`records.bulk: unknown resource ${request.resource}`);
    const run = rowRunner(app, resource, request.operation, { caller: request.caller, address: request.address }, request);
    const result: BulkResult = { done: 0, failed: 0, failures: [] };
    const total = request.ids.length;
    for (const [index, id] of request.ids.entries()) {
      const deferred = commitQueue();
      try {
        const change = await ctx.database.db.transaction().execute((trx) => run(trx, id, deferred.add));
        await deferred.run();
        if (change) await announce(app, resource, [change]);
        result.done += 1;
      } catch (error) {
        const failure = rowFailure(resource, id, error);
        if (!(failure instanceof HttpError)) throw failure;
        if (request.operation === 'delete' && failure.statusCode === 404) result.done += 1;
        else {
          result.failed += 1;
          const message = failure.fieldErrors ? Object.values(failure.fieldErrors).join(' ') : failure.message;
          if (result.failures.length < MAX_REPORTED_FAILURES) result.failures.push({ id, message });
        }
      }
      await progress(index + 1, total);
    }
    // Many rows rewritten one by one: tidied at once rather than when autovacuum comes by.
    if (result.done >= BULK_CHANGE_ROWS) await vacuumAnalyze(ctx.database, [resource.name]);
    return result;
  },
};
