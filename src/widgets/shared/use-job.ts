// A server job started by an action, followed on the realtime `jobs` topic until it is done or
// has failed (events heard before the action answered are kept: a short job can end first).
import { useCallback, useEffect, useRef, useState } from 'react';
import { jobProgressOf, JOBS_TOPIC, type Core, type JobProgress } from '../../core/index.js';

export type JobView =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'running'; job: number; state: 'queued' | 'running'; progress: number; total: number | null }
  | { phase: 'done'; job: number; result: unknown }
  | { phase: 'failed'; job: number | null };

const viewOf = (event: JobProgress): JobView =>
  event.state === 'done'
    ? { phase: 'done', job: event.id, result: event.result }
    : event.state === 'failed'
      ? { phase: 'failed', job: event.id }
      : { phase: 'running', job: event.id, state: event.state, progress: event.progress, total: event.total };

export interface JobFollower {
  view: JobView;
  /** Before the request that starts the job. */
  starting(): void;
  /** The job the server answered with (null: nothing was started). */
  follow(job: { _id: number; state: JobProgress['state'] } | null): void;
  reset(): void;
}

export function useJob(core: Core): JobFollower {
  const [view, setView] = useState<JobView>({ phase: 'idle' });
  const heard = useRef(new Map<number, JobProgress>());
  const current = useRef<number | null>(null);

  useEffect(
    () =>
      core.realtime.subscribe(JOBS_TOPIC, (payload) => {
        const event = jobProgressOf(payload);
        if (!event) return;
        heard.current.set(event.id, event);
        if (current.current === event.id) setView(viewOf(event));
      }),
    [core],
  );

  const starting = useCallback(() => {
    heard.current.clear();
    current.current = null;
    setView({ phase: 'starting' });
  }, []);

  const follow = useCallback((job: { _id: number; state: JobProgress['state'] } | null) => {
    if (!job) {
      current.current = null;
      setView({ phase: 'idle' });
      return;
    }
    current.current = job._id;
    setView(viewOf(heard.current.get(job._id) ?? { id: job._id, name: '', state: job.state, progress: 0, total: null }));
  }, []);

  const reset = useCallback(() => {
    current.current = null;
    setView({ phase: 'idle' });
  }, []);

  return { view, starting, follow, reset };
}
