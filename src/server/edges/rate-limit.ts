/**
 * Fixed-window request counters for public routes, per key (a token's hash, a client address):
 * the payment-information page, card verification, applications and their files, a member's
 * own payment requests. In memory, per server instance: these routes are read by one person
 * at a time, and their tokens are long, so the limits only have to stop a script hammering a
 * page or the payment provider (each request for a reference reaches it), not a distributed guess.
 * Several instances each allow the limit; keys seen last in an old window are dropped so the
 * map stays small.
 */
export interface WindowLimit {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts a request for `key`; answers how long to wait when it is over the limit, else 0. */
  hit(key: string, now: number): number;
}

/** Keys kept at most; beyond it, the windows already over are swept. */
const SWEEP_ABOVE = 10_000;

export function createRateLimiter({ max, windowMs }: WindowLimit): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key, now) {
      let window = windows.get(key);
      if (!window || now - window.start >= windowMs) {
        if (windows.size >= SWEEP_ABOVE) for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count > max ? window.start + windowMs - now : 0;
    },
  };
}
