import { monitorEventLoopDelay } from 'node:perf_hooks';
import { runInTransactionScope } from '../src/server/db/transaction-scope.js';

/** The sampling period (ms): a block shorter than this can go unseen, any longer one is seen whole. */
const RESOLUTION_MS = 5;

export interface JobRun<T> {
  result: T;
  seconds: number;
  /** The longest the event loop was held meanwhile (ms): the longest a request would have waited behind the work. */
  loopMaxMs: number;
}

/**
 * Runs a job's work in this process as the job worker runs it (in a transaction scope of its
 * own: on SQLite the loop turns before each of its statements), timed, with the event loop
 * watched meanwhile (monitorEventLoopDelay).
 */
export async function asJob<T>(work: () => Promise<T>): Promise<JobRun<T>> {
  const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  loop.enable();
  const started = performance.now();
  try {
    const result = await runInTransactionScope({ open: 0 }, work);
    return { result, seconds: (performance.now() - started) / 1000, loopMaxMs: Math.max(0, loop.max / 1e6 - RESOLUTION_MS) };
  } finally {
    loop.disable();
  }
}
