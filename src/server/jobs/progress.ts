import type { Progress } from './store.js';

/** Progress is written at most this often, or when it crosses a whole percent. */
const PROGRESS_INTERVAL_MS = 250;

/** Thrown by `progress()` when the run must stop: the server is closing, or the claim was lost. */
export class JobInterrupted extends Error {
  constructor(readonly reason: 'closing' | 'lease lost') {
    super(reason === 'closing' ? 'Run interrupted: the server is closing.' : 'Run interrupted: another instance took the job over.');
    this.name = 'JobInterrupted';
  }
}

export interface ProgressReporter {
  report(done: number, total: number): Promise<void>;
  /** The last reported progress, written or not. */
  current(): Progress;
}

export interface ReporterOptions {
  now(): number;
  initial: Progress;
  /** Stores and announces; false when the claim is no longer this instance's. */
  write(progress: Progress): Promise<boolean>;
  /** Whether the run must stop now. */
  stopping(): boolean;
  /** Whether the heartbeat found the claim taken by another instance. */
  leaseLost(): boolean;
  /**
   * Whether the run has a transaction of its own open. Writing then would wait for a connection
   * that transaction holds (on SQLite the only one: for ever, and every request with it), so the
   * report is held in memory and written at the first report made after it ends, or with the
   * run's outcome.
   */
  inTransaction(): boolean;
}

const percent = ({ done, total }: Progress) => (total ? Math.floor((done * 100) / total) : 0);

const count = (value: number, what: string) => {
  if (!Number.isFinite(value)) throw new TypeError(`progress: ${what} must be a finite number, got ${value}`);
  return Math.max(0, Math.floor(value));
};

/**
 * A run's `progress(done, total)`: a handler may call it for every unit; the row and the
 * realtime channel hear of it only every PROGRESS_INTERVAL_MS or each percent, and at the end;
 * never from inside the run's own transaction (held back until it ends).
 */
export function createProgressReporter(options: ReporterOptions): ProgressReporter {
  let latest = options.initial;
  let written: { at: number; percent: number } | undefined;
  let heldBack = false;
  return {
    async report(done, total) {
      if (options.stopping()) throw new JobInterrupted('closing');
      if (options.leaseLost()) throw new JobInterrupted('lease lost');
      const next = { done: count(done, 'done'), total: count(total, 'total') };
      latest = next;
      const now = options.now();
      const due = heldBack || !written || now - written.at >= PROGRESS_INTERVAL_MS || percent(next) !== written.percent || next.done >= next.total;
      if (!due) return;
      if (options.inTransaction()) {
        heldBack = true;
        return;
      }
      heldBack = false;
      if (!(await options.write(next))) throw new JobInterrupted('lease lost');
      written = { at: now, percent: percent(next) };
    },
    current: () => latest,
  };
}
