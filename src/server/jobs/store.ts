import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Db, Engine, Tables } from '../db/database.js';
import type { JobsTable } from '../db/tables.js';
import type { Claimer } from './instance.js';

/*
 * The `jobs` rows as a queue. State: queued -> running -> done, or back to queued with a later
 * run_at after a failed attempt, or failed after the last one. While a row is running,
 * lease_until says how long its instance holds it; past that the instance is taken for dead
 * and any instance may claim the row again. Each claim raises `attempts`, which therefore
 * names the claim: an instance writes an outcome only while the row is running under its own
 * attempt, so a claim taken over by another instance cannot be overwritten by the first.
 * Each claim also names its claimer (claimed_by, claimed_process): a row still running under
 * this instance's name but another process's was left by a previous process of this instance,
 * gone since this one replaced it, and is due at once rather than at the end of its lease.
 */

export type Job = Selectable<JobsTable>;

const JOBS_TABLE = 'jobs';
const DEFAULT_MAX_ATTEMPTS = 5;
const LAST_ERROR_MAX_LENGTH = 2000;
// SQLite claims by trying a few due rows in turn: another instance may take any of them first.
const SQLITE_CANDIDATES = 10;

const iso = (ms: number) => new Date(ms).toISOString();
const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export interface EnqueueRequest {
  /** The job's kind, e.g. 'dues.generate'. */
  name: string;
  /** One row per key, e.g. 'dues.generate:2027': enqueuing a key again returns its row. */
  key: string;
  payload?: unknown;
  /** Earliest start (ms); now when absent. */
  runAt?: number;
  /** users._id of who asked for the run, if a person did. */
  requestedBy?: number | null;
  maxAttempts?: number;
}

/**
 * Queues a run unless its key exists; returns the row either way. Takes the caller's
 * transaction, so an action can enqueue inside its unit of work (then wake the worker after
 * commit). On PostgreSQL a concurrent insert of the same key waits for the other transaction
 * and then finds its row.
 */
export async function enqueueJob(db: Db, request: EnqueueRequest, now: number): Promise<Job> {
  const stamp = iso(now);
  const inserted = await db
    .insertInto(JOBS_TABLE)
    .values({
      name: request.name,
      key: request.key,
      state: 'queued',
      payload: json(request.payload),
      max_attempts: request.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run_at: iso(request.runAt ?? now),
      requested_by: request.requestedBy ?? null,
      created_at: stamp,
      updated_at: stamp,
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? (await db.selectFrom(JOBS_TABLE).selectAll().where('key', '=', request.key).executeTakeFirstOrThrow());
}

/**
 * Queued rows whose time has come, running rows whose instance stopped renewing its lease, and
 * running rows this instance's previous process left behind.
 */
const due = (names: readonly string[], stamp: string, claimer: Claimer) => (eb: ExpressionBuilder<Tables, 'jobs'>) =>
  eb.and([
    eb('name', 'in', names),
    eb.or([
      eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', stamp)]),
      eb.and([eb('state', '=', 'running'), eb('lease_until', '<=', stamp)]),
      eb.and([eb('state', '=', 'running'), eb('claimed_by', '=', claimer.instance), eb('claimed_process', '<>', claimer.process)]),
    ]),
  ]);

const claimValues = (now: number, leaseMs: number, claimer: Claimer) => ({
  state: 'running' as const,
  claimed_by: claimer.instance,
  claimed_process: claimer.process,
  attempts: sql<number>`attempts + 1`,
  lease_until: iso(now + leaseMs),
  started_at: iso(now),
  finished_at: null,
  updated_at: iso(now),
  _version: sql<number>`_version + 1`,
});

/**
 * Takes the next due run of one of `names` (the kinds this instance can run), or undefined.
 * Two instances never take one row at once: PostgreSQL locks the row it picks and skips rows
 * another transaction holds; SQLite has one writer, and its UPDATE re-checks that the row is
 * still due.
 */
export async function claimNextJob(db: Db, engine: Engine, names: readonly string[], now: number, leaseMs: number, claimer: Claimer): Promise<Job | undefined> {
  if (names.length === 0) return undefined;
  const stamp = iso(now);
  const isDue = due(names, stamp, claimer);
  const candidates = (executor: Db) => executor.selectFrom(JOBS_TABLE).select('_id').where(isDue).orderBy('run_at').orderBy('_id');
  if (engine === 'postgres') {
    return db.transaction().execute(async (trx) => {
      const row = await candidates(trx).limit(1).forUpdate().skipLocked().executeTakeFirst();
      if (!row) return undefined;
      return trx.updateTable(JOBS_TABLE).set(claimValues(now, leaseMs, claimer)).where('_id', '=', row._id).returningAll().executeTakeFirstOrThrow();
    });
  }
  for (const { _id } of await candidates(db).limit(SQLITE_CANDIDATES).execute()) {
    const claimed = await db.updateTable(JOBS_TABLE).set(claimValues(now, leaseMs, claimer)).where('_id', '=', _id).where(isDue).returningAll().executeTakeFirst();
    if (claimed) return claimed;
  }
  return undefined;
}

/** The row while it is still this claim's: running under the same attempt. */
const ours = (db: Db, job: Job) =>
  db.updateTable(JOBS_TABLE).where('_id', '=', job._id).where('state', '=', 'running').where('attempts', '=', job.attempts);

const updatedOne = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1;

export interface Progress {
  done: number;
  total: number | null;
}

/** Stores progress and renews the lease; false when the claim is no longer ours. */
export async function recordProgress(db: Db, job: Job, now: number, progress: Progress, leaseMs: number): Promise<boolean> {
  const result = await ours(db, job)
    .set({ progress: progress.done, total: progress.total, lease_until: iso(now + leaseMs), updated_at: iso(now) })
    .executeTakeFirst();
  return updatedOne(result);
}

/** The heartbeat of a run in progress: its lease renewed, progress or not; false when the claim is no longer ours. */
export async function renewLease(db: Db, job: Job, now: number, leaseMs: number): Promise<boolean> {
  return updatedOne(await ours(db, job).set({ lease_until: iso(now + leaseMs) }).executeTakeFirst());
}

/** The attempt succeeded; false when the claim was lost before (its result is then dropped). */
export async function markJobDone(db: Db, job: Job, now: number, result: unknown, progress: Progress): Promise<boolean> {
  const outcome = await ours(db, job)
    .set({
      state: 'done',
      result: json(result),
      progress: progress.done,
      total: progress.total,
      last_error: null,
      lease_until: null,
      finished_at: iso(now),
      updated_at: iso(now),
      _version: sql<number>`_version + 1`,
    })
    .executeTakeFirst();
  return updatedOne(outcome);
}

/** The attempt failed: queued again at `retryAt`, or failed for good when it is undefined. */
export async function markJobFailed(db: Db, job: Job, now: number, error: string, retryAt: number | undefined, progress: Progress): Promise<boolean> {
  const outcome = await ours(db, job)
    .set({
      state: retryAt === undefined ? 'failed' : 'queued',
      run_at: iso(retryAt ?? now),
      last_error: error.slice(0, LAST_ERROR_MAX_LENGTH),
      progress: progress.done,
      total: progress.total,
      lease_until: null,
      finished_at: retryAt === undefined ? iso(now) : null,
      updated_at: iso(now),
      _version: sql<number>`_version + 1`,
    })
    .executeTakeFirst();
  return updatedOne(outcome);
}

/** Gives an interrupted attempt back (the server is closing): queued again now, the attempt not counted. */
export async function releaseJob(db: Db, job: Job, now: number, progress: Progress): Promise<boolean> {
  const outcome = await ours(db, job)
    .set({
      state: 'queued',
      run_at: iso(now),
      attempts: sql<number>`attempts - 1`,
      progress: progress.done,
      total: progress.total,
      lease_until: null,
      updated_at: iso(now),
      _version: sql<number>`_version + 1`,
    })
    .executeTakeFirst();
  return updatedOne(outcome);
}

/** The latest run of each of `names` (by creation), for the schedule view. */
export async function latestRuns(db: Db, names: readonly string[]): Promise<Map<string, Job>> {
  const latest = new Map<string, Job>();
  for (const name of names) {
    const row = await db.selectFrom(JOBS_TABLE).selectAll().where('name', '=', name).orderBy('created_at', 'desc').orderBy('_id', 'desc').limit(1).executeTakeFirst();
    if (row) latest.set(name, row);
  }
  return latest;
}
