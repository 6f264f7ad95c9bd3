// The core's one source of time: every reading of the time and every timer in the core goes
// through a Clock, so a test can move time on by hand instead of waiting for it.

/** A pending timer, opaque: only the clock that made it can clear it. */
export type TimerHandle = { readonly __timer: unique symbol };

export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
  setTimeout(run: () => void, ms: number): TimerHandle;
  clearTimeout(timer: TimerHandle | undefined): void;
  setInterval(run: () => void, ms: number): TimerHandle;
  clearInterval(timer: TimerHandle | undefined): void;
}

type NativeTimer = ReturnType<typeof globalThis.setTimeout>;

/** The browser's own time and timers. */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms) as unknown as TimerHandle,
  clearTimeout: (timer) => globalThis.clearTimeout(timer as unknown as NativeTimer | undefined),
  setInterval: (run, ms) => globalThis.setInterval(run, ms) as unknown as TimerHandle,
  clearInterval: (timer) => globalThis.clearInterval(timer as unknown as NativeTimer | undefined),
};
