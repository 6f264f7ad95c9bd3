import { Cron } from 'croner';
import type { JobScheduleEntry } from '../../core/contract.js';
import type { ServerContext } from '../context.js';
import type { JobRegistry } from './registry.js';
import { enqueueJob, latestRuns, type Job } from './store.js';
import type { JobDefinition } from './types.js';

/** Schedules are read as the association's wall clock: "5 January at 00:00" is Lisbon's midnight, summer or winter. */
const JOBS_TIMEZONE = 'Europe/Lisbon';

const cronOf = (pattern: string) => new Cron(pattern, { timezone: JOBS_TIMEZONE });

/** The latest occurrence at or before `now` (croner counts a run earlier in the reference's second). */
const latestOccurrence = (pattern: string, now: number): number | undefined => cronOf(pattern).previousRuns(1, new Date(now + 1))[0]?.getTime();

/** One row per occurrence, whichever instance's scheduler sees it first. */
const scheduleKey = (name: string, at: Date) => `${name}:schedule:${at.toISOString()}`;

async function patternOf(definition: JobDefinition, ctx: ServerContext): Promise<string | null> {
  const { schedule } = definition;
  return typeof schedule === 'function' ? schedule(ctx, ctx.database.db) : (schedule ?? null);
}

const invalidPattern = (pattern: string) => `O agendamento "${pattern}" não é um padrão cron válido.`;

export interface SchedulerOptions {
  /** At its first tick, an instance still enqueues an occurrence missed up to this long ago (the server was down). */
  catchUpMs: number;
  log(message: string): void;
}

/**
 * Enqueues scheduled runs on the server clock (ctx.now), with no timer of its own: whoever
 * calls `enqueueDue` (the engine's tick) sets the pace, so tests drive it with fake time. An
 * occurrence missed between two ticks is run once, not once per tick it was missed by; every
 * instance may tick, the occurrence's key keeps it to one run.
 */
export function createScheduler(ctx: ServerContext, registry: JobRegistry, options: SchedulerOptions) {
  // Up to when each job's occurrences were looked at by this instance.
  const seenUntil = new Map<string, number>();
  const reported = new Set<string>();

  function report(definition: JobDefinition, error: unknown) {
    const message = `job ${definition.name}: schedule not usable: ${error instanceof Error ? error.message : String(error)}`;
    // Once per distinct problem, not at every tick.
    if (!reported.has(message)) options.log(message);
    reported.add(message);
  }

  return {
    /** Enqueues each scheduled job's latest occurrence not yet looked at; returns the rows (existing ones when taken already). */
    async enqueueDue(): Promise<Job[]> {
      const rows: Job[] = [];
      for (const definition of registry.definitions) {
        if (definition.schedule === undefined || definition.schedule === null) continue;
        const now = ctx.now();
        const from = seenUntil.get(definition.name) ?? now - options.catchUpMs;
        try {
          const pattern = await patternOf(definition, ctx);
          const occurrence = pattern === null ? undefined : latestOccurrence(pattern, now);
          if (occurrence !== undefined && occurrence > from) {
            const at = new Date(occurrence);
            const request = { name: definition.name, key: scheduleKey(definition.name, at), payload: definition.scheduledPayload?.(at), runAt: occurrence };
            rows.push(await enqueueJob(ctx.database.db, { ...request, ...(definition.maxAttempts ? { maxAttempts: definition.maxAttempts } : {}) }, now));
          }
          seenUntil.set(definition.name, now);
        } catch (error) {
          report(definition, error);
        }
      }
      return rows;
    },

    /** Every declared job with its pattern, next run and latest run, for the administrators' view. */
    async entries(): Promise<JobScheduleEntry[]> {
      const latest = await latestRuns(ctx.database.db, registry.names);
      const entries: JobScheduleEntry[] = [];
      for (const definition of registry.definitions) {
        let schedule: string | null = null;
        let nextRun: string | null = null;
        let problem: string | null = null;
        try {
          schedule = await patternOf(definition, ctx);
          if (schedule !== null) {
            try {
              nextRun = cronOf(schedule).nextRun(new Date(ctx.now()))?.toISOString() ?? null;
            } catch {
              problem = invalidPattern(schedule);
            }
          }
        } catch {
          problem = 'Não foi possível ler o agendamento desta tarefa.';
        }
        const run = latest.get(definition.name);
        entries.push({
          name: definition.name,
          label: definition.label,
          schedule,
          nextRun,
          problem,
          lastRun: run ? { id: run._id, state: run.state, runAt: run.run_at, finishedAt: run.finished_at, error: run.last_error } : null,
        });
      }
      return entries;
    },
  };
}
