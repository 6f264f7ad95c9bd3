import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import type { Job } from './store.js';

/** What a job's handler receives for one attempt. */
export interface JobRunContext {
  /** The database itself, not a transaction: the handler opens the transactions it needs. */
  db: Db;
  /** The run's payload, as enqueued (parsed JSON). */
  payload: unknown;
  /** The row as claimed for this attempt (`attempts` counts it). */
  job: Job;
  ctx: ServerContext;
  /**
   * Reports `done` of `total` units. Written to the row and announced to staff at most every
   * 250 ms or each 1 %; it also renews the attempt's lease, so long jobs should call it. Throws
   * when the run must stop (the server is closing, or the lease was lost to another instance):
   * let it propagate, the run is then attempted again. Called inside a transaction the run
   * opened, it writes nothing (that would wait for the connection the transaction holds: on
   * SQLite the only one) and the report waits for the first one made after the transaction
   * ends: report between transactions that each commit a step, for a bar that moves.
   */
  progress(done: number, total: number): Promise<void>;
}

/** A cron pattern (croner syntax, read in Europe/Lisbon time), or null for on-demand runs only. */
type Schedule = string | null;

/**
 * A kind of background job, declared by a module (ModuleDefinition.jobs).
 *
 * `run` MUST BE IDEMPOTENT: a run is attempted again after an error, and after its server
 * instance died midway (its lease expires and another instance claims the row), so one run
 * may execute partly or wholly several times. Write with unique keys and upserts (INSERT ...
 * ON CONFLICT DO NOTHING), never check-then-insert, so any number of attempts has the effect
 * of one.
 */
export interface JobDefinition {
  /** Unique, lower-case with dots, e.g. 'dues.generate'. */
  name: string;
  /** pt-PT, e.g. 'Geração das quotas'. */
  label: string;
  /** When scheduled runs happen: a pattern, or a function of the settings (read at every tick) returning one. */
  schedule?: Schedule | ((ctx: ServerContext, db: Db) => Promise<Schedule> | Schedule);
  /** Payload for the scheduled run at `at` (e.g. its year). */
  scheduledPayload?: (at: Date) => unknown;
  /** Attempts before a run is marked failed (default 5). */
  maxAttempts?: number;
  /**
   * Whether the done event on the jobs topic (heard by staff) carries the run's result, so whoever
   * started it can say what it did: only for results every staff member may read anyway.
   */
  resultForStaff?: boolean;
  /**
   * The lane its runs wait in: an instance runs one job of a lane at a time, and its lanes beside
   * each other. 'main' unless said. A long run that holds no transaction and whose heavy work
   * is off the event loop (the backup: minutes at 100,000 members) has a lane of its own, so
   * that it does not hold every other job until it ends.
   */
  lane?: string;
  /** Does the work; what it resolves to is stored as the run's result (JSON). */
  run(job: JobRunContext): Promise<unknown>;
}
