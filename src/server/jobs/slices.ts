import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How long work on the main thread runs before it lets the event loop turn. On SQLite every
 * statement is synchronous and its `await` never leaves the microtask queue, so a loop of
 * statements or of drawing holds every request (read only in a later phase of the loop) until
 * it yields; 25 ms keeps a request's wait well under 100 ms while costing a job one turn of
 * the loop (microseconds) per slice.
 */
const SLICE_MS = 25;

export interface TimeSlices {
  /**
   * Call between units of work (a card drawn, a document checked): once the current slice has
   * run `budgetMs`, waits one turn of the event loop (setImmediate: pending I/O, so requests,
   * runs first) and starts the next slice. Cheap when the slice still has time.
   */
  pause(): Promise<void>;
  /** Slices ended by a pause so far (how often the work let others in). */
  readonly pauses: number;
}

/**
 * Time-boxed slices for long synchronous work. Each unit must leave the work resumable at the
 * pause (no transaction held across it: on SQLite that would keep the only connection, and
 * every request's statement with it, for the whole wait).
 */
export function timeSlices(budgetMs: number = SLICE_MS): TimeSlices {
  let started = performance.now();
  let pauses = 0;
  return {
    async pause() {
      if (performance.now() - started < budgetMs) return;
      await nextTurn();
      pauses += 1;
      started = performance.now();
    },
    get pauses() {
      return pauses;
    },
  };
}
