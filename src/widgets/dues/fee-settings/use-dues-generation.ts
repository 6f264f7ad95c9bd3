// The year's quota generation as the fee settings element follows it: one POST queues the server's job,
// then the job follower (useJob, the realtime `jobs` topic) tells how far it went until it is
// done or has failed.
import { useCallback, useEffect, useState } from 'react';
import { ApiError, isSilentFailure, type Core, type JobProgress, type ValidationErrorResponse } from '../../../core/index.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useJob, type JobView } from '../../shared/use-job.js';
import { FEE_TEXTS as T } from '../texts.js';

/** POST {api}/unsettled_payments/generate (the dues module's collection action). */
const GENERATE_PATH = 'unsettled_payments/generate';

export type Generation =
  | { phase: 'idle' }
  | { phase: 'starting'; year: number }
  | { phase: 'running'; year: number; job: number; state: 'queued' | 'running'; progress: number; total: number | null }
  | { phase: 'done'; year: number; report: GenerationReport | null }
  | { phase: 'failed'; year: number; message: string; detail: string | null };

/** What the run did (the dues.generate job's result, on its done event): members charged, debts raised, their total in cents. */
export interface GenerationReport {
  members: number;
  raised: number;
  total: number;
}

function reportOf(result: unknown): GenerationReport | null {
  if (result === null || typeof result !== 'object') return null;
  const { members, raised, total } = result as Record<string, unknown>;
  return typeof members === 'number' && typeof raised === 'number' && typeof total === 'number' ? { members, raised, total } : null;
}

interface GenerateAnswer {
  data: { job: { _id: number; state: JobProgress['state'] } };
}

/** Whether the server queued the run; if not, why (pt-PT; null when there is nothing to tell, e.g. a lapsed session). */
export type StartOutcome = { queued: true } | { queued: false; message: string | null };

/** The server's own words on the year (a 422 names the field), else its message or ours. */
function refusal(e: unknown): string | null {
  if (isSilentFailure(e)) return null;
  if (e instanceof ApiError && e.status === 422) {
    const year = (e.data as Partial<ValidationErrorResponse> | null)?.errors?.year;
    if (typeof year === 'string' && year) return year;
  }
  return describeFailure(e, T.startFailed);
}

export interface DuesGeneration {
  generation: Generation;
  /** Queues the year's generation; the progress then arrives in `generation`. */
  start(year: number): Promise<StartOutcome>;
  /** Back to idle once the outcome has been read. */
  dismiss(): void;
}

/** What the page shows of the year's run, from the job follower's view. */
function generationOf(view: JobView, year: number | null, detail: string | null): Generation {
  if (year === null || view.phase === 'idle') return { phase: 'idle' };
  switch (view.phase) {
    case 'starting':
      return { phase: 'starting', year };
    case 'running':
      return { phase: 'running', year, job: view.job, state: view.state, progress: view.progress, total: view.total };
    case 'done':
      return { phase: 'done', year, report: reportOf(view.result) };
    case 'failed':
      return { phase: 'failed', year, message: T.failed(year), detail };
  }
}

/**
 * @param readErrors whether the caller may read the jobs table (administrators): a failed run's
 * error is there, not in the progress event.
 */
export function useDuesGeneration(core: Core, readErrors: boolean): DuesGeneration {
  const job = useJob(core);
  const [year, setYear] = useState<number | null>(null);
  const [detail, setDetail] = useState<{ job: number; text: string } | null>(null);
  const failedJob = job.view.phase === 'failed' ? job.view.job : null;

  useEffect(() => {
    if (!readErrors || failedJob === null) return;
    let current = true;
    core.http
      .get<{ data: { last_error?: unknown } }>(`jobs/${failedJob}`, { quiet: true })
      .then((res) => {
        const error = res.data.data.last_error;
        if (current && typeof error === 'string' && error !== '') setDetail({ job: failedJob, text: error });
      })
      // The plain sentence stays: the detail is a help, not the message.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [core, readErrors, failedJob]);

  const { starting, follow, reset } = job;
  const start = useCallback(
    async (chosen: number): Promise<StartOutcome> => {
      setYear(chosen);
      setDetail(null);
      starting();
      try {
        const res = await core.http.post<GenerateAnswer>(GENERATE_PATH, { year: chosen });
        follow(res.data.data.job);
        return { queued: true };
      } catch (e) {
        reset();
        return { queued: false, message: refusal(e) };
      }
    },
    [core, starting, follow, reset],
  );

  const dismiss = useCallback(() => {
    reset();
    setDetail(null);
  }, [reset]);

  const shownDetail = detail !== null && detail.job === failedJob ? detail.text : null;
  return { generation: generationOf(job.view, year, shownDetail), start, dismiss };
}
