import type { ServerContext } from '../context.js';
import { runInTransactionScope, type TransactionScope } from '../db/transaction-scope.js';
import { announceProgress, announceState } from './announce.js';
import type { Claimer } from './instance.js';
import { createProgressReporter, JobInterrupted } from './progress.js';
import type { JobRegistry } from './registry.js';
import { claimNextJob, markJobDone, markJobFailed, recordProgress, releaseJob, renewLease, type Job, type Progress } from './store.js';

export interface WorkerOptions {
  /** How long a claim holds a run without news (the heartbeat and progress renew it). */
  leaseMs: number;
  /** How often a run in progress renews its lease; below leaseMs. */
  heartbeatMs: number;
  /** Who this worker's claims name: runs its instance's previous process left are taken back at once. */
  claimer: Claimer;
  /** Delay before the next attempt after `failures` failed ones. */
  backoffMs(failures: number): number;
  log(message: string): void;
}

/** What an expired lease after the last attempt means to the administrator reading the row. */
const INTERRUPTED_TOO_OFTEN = 'A tarefa foi interrompida (o servidor parou durante a execução) e esgotou as tentativas.';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'Erro desconhecido.';

function parsePayload(text: string | null): unknown {
  return text === null ? null : (JSON.parse(text) as unknown);
}

/** Runs due jobs of the kinds it is given on this instance, one at a time, until none is due or the server closes. */
export function createWorker(ctx: ServerContext, registry: JobRegistry, options: WorkerOptions, stopping: () => boolean) {
  const { db, engine } = ctx.database;

  async function fail(job: Job, error: string, retryAt: number | undefined, progress: Progress) {
    if (await markJobFailed(db, job, ctx.now(), error, retryAt, progress)) await announceState(ctx.bus, job, retryAt === undefined ? 'failed' : 'queued', progress);
    options.log(`job ${job.key} attempt ${job.attempts}/${job.max_attempts} failed${retryAt === undefined ? ' for good' : ''}: ${error}`);
  }

  async function attempt(job: Job): Promise<void> {
    const definition = registry.byName(job.name)!;
    const initial: Progress = { done: job.progress, total: job.total };
    // Claimed again after its lease expired on the last attempt: the run kills its instance, or keeps being cut short.
    if (job.attempts > job.max_attempts) return fail(job, INTERRUPTED_TOO_OFTEN, undefined, initial);
    await announceState(ctx.bus, job, 'running', initial);
    // The transactions the run has open, whichever handle of the database began them.
    const scope: TransactionScope = { open: 0 };
    const heartbeat = startHeartbeat(job, scope);
    const reporter = createProgressReporter({
      now: () => ctx.now(),
      initial,
      stopping,
      leaseLost: heartbeat.lost,
      inTransaction: () => scope.open > 0,
      write: async (progress) => {
        const ours = await recordProgress(db, job, ctx.now(), progress, options.leaseMs);
        if (ours) await announceProgress(ctx.bus, job, 'running', progress);
        return ours;
      },
    });
    try {
      if (heartbeat.lost()) throw new JobInterrupted('lease lost');
      const result = await runInTransactionScope(scope, () => definition.run({ db, payload: parsePayload(job.payload), job, ctx, progress: reporter.report }));
      if (await markJobDone(db, job, ctx.now(), result, reporter.current())) await announceState(ctx.bus, job, 'done', reporter.current(), definition.resultForStaff ? { value: result } : undefined);
      else options.log(`job ${job.key}: another instance took the run over; this attempt's result is dropped`);
    } catch (error) {
      if (error instanceof JobInterrupted) {
        // Closing: handed back at once rather than left to its lease. Lease lost: the other instance has it.
        if (error.reason === 'closing' && (await releaseJob(db, job, ctx.now(), reporter.current()))) await announceState(ctx.bus, job, 'queued', reporter.current());
        options.log(`job ${job.key}: ${error.message}`);
        return;
      }
      const retryAt = job.attempts >= job.max_attempts ? undefined : ctx.now() + options.backoffMs(job.attempts);
      await fail(job, errorText(error), retryAt, reporter.current());
    } finally {
      heartbeat.stop();
    }
  }

  /**
   * Renews the run's lease every heartbeatMs while it runs, however long a step takes: only an
   * instance that died (or froze longer than the lease) loses its run to another. On SQLite a
   * write waits for the run's own open transaction (one connection), so the beat is skipped then;
   * a single SQLite instance has no one to lose the run to.
   */
  function startHeartbeat(job: Job, scope: TransactionScope) {
    let lost = false;
    let beating = false;
    const timer = setInterval(() => {
      if (beating || lost || (engine === 'sqlite' && scope.open > 0)) return;
      beating = true;
      renewLease(db, job, ctx.now(), options.leaseMs)
        .then((ours) => {
          lost = !ours;
          if (lost) options.log(`job ${job.key}: another instance took the run over; it stops at its next progress report`);
        })
        .catch((error: unknown) => options.log(`job ${job.key}: lease not renewed: ${errorText(error)}`))
        .finally(() => {
          beating = false;
        });
    }, options.heartbeatMs);
    timer.unref();
    return { lost: () => lost, stop: () => clearInterval(timer) };
  }

  return {
    /** Claims and runs due jobs of these kinds (a lane's) until none is left; returns how many attempts ran. */
    async runDue(names: readonly string[]): Promise<number> {
      let ran = 0;
      while (!stopping()) {
        const job = await claimNextJob(db, engine, names, ctx.now(), options.leaseMs, options.claimer);
        if (!job) break;
        await attempt(job);
        ran += 1;
      }
      return ran;
    },
  };
}
