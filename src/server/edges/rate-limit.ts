import type { ServerContext } from '../context.js';
import { sharedRateLimiter } from './rate-limit-windows.js';

/**
 * Fixed-window request counters for public routes, per key (a token's hash, a client address,
 * a member): the payment-information page, card verification, applications and their files, a
 * member's own payment requests. These routes are read by one person at a time and their tokens
 * are long, so the limits only have to stop a script hammering a page or the payment provider
 * (each request for a reference reaches it), not a distributed guess.
 *
 * On PostgreSQL the windows live in the database (rate-limit-windows.ts), so however many
 * instances serve the routes, a key gets the limit once in total. On SQLite only one process
 * serves a database, and the windows stay in its memory.
 */
export interface WindowLimit {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts a request for `key`; answers how long to wait (ms) when it is over the limit, else 0. */
  hit(key: string, now: number): Promise<number>;
}

/** Keys kept at most; beyond it, the windows already over are swept. */
const SWEEP_ABOVE = 10_000;

/** One process's windows: dropped with the server; keys seen last in an old window are swept so the map stays small. */
function memoryRateLimiter({ max, windowMs }: WindowLimit): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async hit(key, now) {
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

/**
 * The limiter named `name` (unique per limit, e.g. 'cards.verify': on PostgreSQL it names the
 * counters every instance shares) allowing `limit.max` requests per key and window.
 */
export function createRateLimiter(ctx: Pick<ServerContext, 'database'>, name: string, limit: WindowLimit): RateLimiter {
  return ctx.database.engine === 'postgres' ? sharedRateLimiter(ctx.database.db, name, limit) : memoryRateLimiter(limit);
}
