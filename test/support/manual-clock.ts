// A clock for tests that moves only when told: timing is asserted exactly, with no sleeps.
import type { Clock, TimerHandle } from '../../src/core/clock.js';

export interface ManualClock extends Clock {
  /** Moves time on, running every timer that falls due on the way, in order of due time. */
  advance(ms: number): void;
  /** Timers still waiting to run. */
  pending(): number;
}

interface Timer {
  id: number;
  due: number;
  run: () => void;
  /** Repeats every `every` ms when set (an interval). */
  every: number | null;
}

export function manualClock(start = Date.UTC(2026, 0, 15, 9, 0, 0)): ManualClock {
  let current = start;
  let nextId = 1;
  const timers = new Map<number, Timer>();

  const schedule = (run: () => void, ms: number, every: number | null): TimerHandle => {
    const id = nextId++;
    timers.set(id, { id, due: current + Math.max(0, ms), run, every });
    return id as unknown as TimerHandle;
  };
  const clear = (handle: TimerHandle | undefined) => {
    if (handle !== undefined) timers.delete(handle as unknown as number);
  };
  const nextDue = (until: number): Timer | undefined => {
    let found: Timer | undefined;
    for (const timer of timers.values()) {
      if (timer.due <= until && (!found || timer.due < found.due || (timer.due === found.due && timer.id < found.id))) found = timer;
    }
    return found;
  };

  return {
    now: () => current,
    setTimeout: (run, ms) => schedule(run, ms, null),
    setInterval: (run, ms) => schedule(run, ms, Math.max(1, ms)),
    clearTimeout: clear,
    clearInterval: clear,
    advance(ms) {
      const target = current + ms;
      for (let timer = nextDue(target); timer; timer = nextDue(target)) {
        current = timer.due;
        if (timer.every === null) timers.delete(timer.id);
        else timer.due += timer.every;
        timer.run();
      }
      current = target;
    },
    pending: () => timers.size,
  };
}
