import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../auth/caller.js';
import type { ServerContext } from '../../context.js';
import { BULK_CHANGE_ROWS, vacuumAnalyze } from '../../db/vacuum.js';
import type { JobDefinition } from '../../jobs/types.js';
import { commitQueue } from '../handlers.js';
import type { BulkRequest } from './input.js';
import { createRefusals, refusalOf, type BulkRefusal } from './refusals.js';
import { announce, rowRunner, type BulkOperation } from './run.js';

export const BULK_JOB = 'records.bulk';

/** Above this many rows a bulk action runs as a background job with progress, row by row. */
export const BULK_JOB_THRESHOLD = 200;

export interface BulkPayload extends BulkRequest {
  resource: string;
  operation: BulkOperation;
  /** Who asked, as they were when they asked: every row is checked against their permissions. */
  caller: Caller;
  address: string | null;
}

/** What a run did: `done + refused` is every row asked for, and its final progress. */
export interface BulkResult {
  /** Rows changed or deleted (a row a previous attempt deleted counts as deleted). */
  done: number;
  /** Rows the single update or delete refused, left as they were. */
  refused: number;
  /** Why, each reason once in the single operation's own words, with its rows. */
  reasons: BulkRefusal[];
}

// The job runs with no request: it reaches the app serving its context (set by bulkRoutes).
const apps = new WeakMap<ServerContext, FastifyInstance>();
export const serveBulkJobs = (app: FastifyInstance) => apps.set(app.ctx, app);

/**
 * A bulk action over many rows: each row in its own transaction through the single update's or
 * delete's path, so one refused row is reported and the others go on. Idempotent: an update
 * already applied changes nothing, and a row a previous attempt may have deleted counts as done
 * (on the first attempt, a row not found is refused as the single delete refuses it).
 */
export const bulkJob: JobDefinition = {
  name: BULK_JOB,
  label: 'Alteração em massa de registos',
  maxAttempts: 3,
  // Whoever started it is told how many rows were refused and why (the list's bulk bar).
  resultForStaff: true,
  async run({ ctx, payload, job, progress }): Promise<BulkResult> {
    const app = apps.get(ctx);
    if (!app) throw new Error('records.bulk: no app serves this context');
    const request = payload as BulkPayload;
    const resource = app.registry.resourceByName(request.resource);
    if (!resource) throw new Error(`records.bulk: unknown resource ${request.resource}`);
    const run = rowRunner(app, resource, request.operation, { caller: request.caller, address: request.address }, request);
    const refusals = createRefusals();
    let done = 0;
    const total = request.ids.length;
    for (const [index, id] of request.ids.entries()) {
      const deferred = commitQueue();
      try {
        const change = await ctx.database.db.transaction().execute((trx) => run(trx, id, deferred.add));
        await deferred.run();
        if (change) await announce(app, resource, [change]);
        done += 1;
      } catch (error) {
        const refusal = refusalOf(resource, error);
        if (request.operation === 'delete' && refusal.statusCode === 404 && job.attempts > 1) done += 1;
        else refusals.add(id, refusal.reason);
      }
      await progress(index + 1, total);
    }
    // Many rows rewritten one by one: tidied at once rather than when autovacuum comes by.
    if (done >= BULK_CHANGE_ROWS) await vacuumAnalyze(ctx.database, [resource.name]);
    return { done, ...refusals.summary() };
  },
};
