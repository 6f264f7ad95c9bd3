// The year's quota generation as the back office follows it: one POST queues the server's job,
// then the realtime `jobs` topic tells how far it went until it is done or has failed.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isSilentFailure, jobProgressOf, JOBS_TOPIC, type Core, type JobProgress, type ValidationErrorResponse } from '../../../core/index.js';
import { describeFailure } from '../../../widgets/feature-kit/server-message.js';
import { FEE_TEXTS as T } from './texts.js';

/** POST {api}/unsettled_payments/generate (the dues module's collection action). */
const GENERATE_PATH = 'unsettled_payments/generate';

export type Generation =
  | { phase: 'idle' }
  | { phase: 'starting'; year: number }
  | { phase: 'running'; year: number; job: number; state: 'queued' | 'running'; progress: number; total: number | null }
  | { phase: 'done'; year: number }
  | { phase: 'failed'; year: number; message: string; detail: string | null };

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

/**
 * @param readErrors whether the caller may read the jobs table (administrators): a failed run's
 * error is there, not in the progress event.
 */
export function useDuesGeneration(core: Core, readErrors: boolean): DuesGeneration {
  const [generation, setGeneration] = useState<Generation>({ phase: 'idle' });
  // Events heard before the POST answered: a short run can finish before its id is known.
  const heard = useRef(new Map<number, JobProgress>());
  const run = useRef<{ year: number; job: number | null } | null>(null);

  const readError = useCallback(
    async (job: number, year: number) => {
      if (!readErrors) return;
      try {
        const res = await core.http.get<{ data: { last_error?: unknown } }>(`jobs/${job}`, { quiet: true });
        const error = res.data.data.last_error;
        if (typeof error !== 'string' || error === '' || run.current?.job !== job) return;
        setGeneration({ phase: 'failed', year, message: T.failed(year), detail: error });
      } catch {
        // The plain sentence stays: the detail is a help, not the message.
      }
    },
    [core, readErrors],
  );

  const follow = useCallback(
    (event: JobProgress, year: number) => {
      if (event.state === 'done') {
        run.current = null;
        setGeneration({ phase: 'done', year });
      } else if (event.state === 'failed') {
        setGeneration({ phase: 'failed', year, message: T.failed(year), detail: null });
        void readError(event.id, year);
      } else {
        setGeneration({ phase: 'running', year, job: event.id, state: event.state, progress: event.progress, total: event.total });
      }
    },
    [readError],
  );

  useEffect(
    () =>
      core.realtime.subscribe(JOBS_TOPIC, (payload) => {
        const event = jobProgressOf(payload);
        if (!event) return;
        heard.current.set(event.id, event);
        const current = run.current;
        if (current && current.job === event.id) follow(event, current.year);
      }),
    [core, follow],
  );

  const start = useCallback(
    async (year: number): Promise<StartOutcome> => {
      heard.current.clear();
      run.current = { year, job: null };
      setGeneration({ phase: 'starting', year });
      try {
        const res = await core.http.post<GenerateAnswer>(GENERATE_PATH, { year });
        const job = res.data.data.job;
        run.current = { year, job: job._id };
        follow(heard.current.get(job._id) ?? { id: job._id, name: '', state: job.state, progress: 0, total: null }, year);
        return { queued: true };
      } catch (e) {
        run.current = null;
        setGeneration({ phase: 'idle' });
        return { queued: false, message: refusal(e) };
      }
    },
    [core, follow],
  );

  const dismiss = useCallback(() => {
    run.current = null;
    setGeneration({ phase: 'idle' });
  }, []);

  return { generation, start, dismiss };
}
