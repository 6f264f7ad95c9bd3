import type { JobScheduleEntry } from '../../core/contract.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { claimerOf, type Claimer } from './instance.js';
import { createJobRegistry, type JobRegistry } from './registry.js';
import { createScheduler } from './scheduler.js';
import { enqueueJob, type EnqueueRequest, type Job } from './store.js';
import type { JobDefinition } from './types.js';
import { createWorker } from './worker.js';

export interface JobsOptions {
  /** How long a claim holds a run without news before another instance may take it; config.jobLeaseMs by default. */
  leaseMs?: number;
  /** How often a run renews its lease; config.jobHeartbeatMs by default. */
  heartbeatMs?: number;
  /** Who this engine's claims name; by default this process of the instance the configuration names. */
  claimer?: Claimer;
  /** Delay before the next attempt after `failures` failed ones. */
  backoffMs?: (failures: number) => number;
  /** A scheduled occurrence missed by up to this long (the server was down) still runs once. */
  catchUpMs?: number;
  log?: (message: string) => void;
}

export interface TickSummary {
  /** Rows of the scheduled occurrences looked at (existing ones when another instance enqueued them first). */
  scheduled: Job[];
  /** Attempts run. */
  ran: number;
}

/** The background jobs of one server instance (app.jobs). */
export interface Jobs {
  registry: JobRegistry;
  /** enqueueJob of a declared job on the server clock; `db` may be the caller's transaction (wake after commit). */
  enqueue(db: Db, request: EnqueueRequest): Promise<Job>;
  /** Looks at the queue soon (once started): call it after the enqueuing transaction commits. */
  wake(): void;
  /** Enqueues the scheduled occurrences due and runs every due job; waits for a tick in progress first. */
  tick(): Promise<TickSummary>;
  /** Declared jobs with their next and latest runs. */
  schedule(): Promise<JobScheduleEntry[]>;
  /** Ticks every `everyMs` (unref'd timer) and on wake, until stop. */
  start(everyMs: number): void;
  /** Stops ticking; a run in progress is interrupted at its next progress report and handed back. */
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

const DEFAULT_CATCH_UP_MS = 24 * 3_600_000;
/** 1, 2, 4, 8 minutes... at most an hour: the default five attempts span about a quarter of an hour. */
const defaultBackoffMs = (failures: number) => Math.min(60_000 * 2 ** Math.max(0, failures - 1), 3_600_000);

/**
 * Passes of `work` one at a time: a pass asked for while one runs follows it, and further asks
 * before it starts share it (it will see whatever they were asked for).
 */
function serialPasses<T>(work: () => Promise<T>) {
  let chain: Promise<unknown> = Promise.resolve();
  let pending: Promise<T> | undefined;
  return {
    run(): Promise<T> {
      if (pending) return pending;
      const next = chain.then(() => {
        pending = undefined;
        return work();
      });
      pending = next;
      chain = next.catch(() => undefined);
      return next;
    },
    /** Resolves when the passes asked for so far have ended. */
    settled: () => chain,
  };
}

export function createJobs(ctx: ServerContext, modules: readonly { jobs?: readonly JobDefinition[] }[], options: JobsOptions = {}): Jobs {
  const log = options.log ?? ((message: string) => console.error(`[associa] ${message}`));
  const registry = createJobRegistry(modules);
  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  const scheduler = createScheduler(ctx, registry, { catchUpMs: options.catchUpMs ?? DEFAULT_CATCH_UP_MS, log });
  const worker = createWorker(
    ctx,
    registry,
    { leaseMs: options.leaseMs ?? ctx.config.jobLeaseMs, heartbeatMs: options.heartbeatMs ?? ctx.config.jobHeartbeatMs, claimer: options.claimer ?? claimerOf(ctx.config), backoffMs: options.backoffMs ?? defaultBackoffMs, log },
    () => closing,
  );

  // Each lane runs its due jobs one pass at a time, beside the other lanes; the scheduled
  // occurrences are enqueued one pass at a time too.
  const scheduling = serialPasses(() => scheduler.enqueueDue());
  const lanes = [...registry.lanes.values()].map((names) => serialPasses(() => worker.runDue(names)));

  async function tick(): Promise<TickSummary> {
    if (closing) return { scheduled: [], ran: 0 };
    const scheduled = await scheduling.run();
    const ran = await Promise.all(lanes.map((lane) => lane.run()));
    return { scheduled, ran: ran.reduce((sum, n) => sum + n, 0) };
  }

  const background = () => void tick().catch((error: unknown) => log(`jobs tick failed: ${error instanceof Error ? error.message : String(error)}`));

  return {
    registry,
    async enqueue(db, request) {
      const definition = registry.byName(request.name);
      // A programming error, not bad input: nothing would ever claim the row.
      if (!definition) throw new Error(`No module declares the job ${request.name}.`);
      return enqueueJob(db, { ...request, maxAttempts: request.maxAttempts ?? definition.maxAttempts }, ctx.now());
    },
    wake() {
      if (timer && !closing) background();
    },
    tick,
    schedule: () => scheduler.entries(),
    start(everyMs) {
      if (timer || closing) return;
      timer = setInterval(background, everyMs);
      timer.unref();
      background();
    },
    async stop() {
      closing = true;
      clearInterval(timer);
      await Promise.all([scheduling, ...lanes].map((passes) => passes.settled()));
    },
  };
}
