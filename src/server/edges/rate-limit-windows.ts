import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { serverKey } from '../db/sealing.js';
import type { RateLimiter, WindowLimit } from './rate-limit.js';

// The table as migration rate-limits/040_windows creates it (types only).
declare module '../db/tables.js' {
  interface ModuleTables {
    rate_limit_windows: {
      limiter: string;
      key_hash: string;
      /** ms since the epoch; PostgreSQL's bigint reads back as a string. */
      window_start: number | string;
      hits: number;
    };
  }
}

/** How often (by the server's clock) one limiter deletes its windows long over. */
export const SWEEP_EVERY_MS = 10 * 60_000;

/** The server key every instance hashes limit keys with (server_secrets). */
export const RATE_LIMIT_KEY_NAME = 'rate_limit_keys';

/**
 * Keys are client addresses (personal data): the table holds an HMAC of each under a server key,
 * never the address; a plain hash of an IPv4 address is undone by trying all 2^32 of them.
 */
const rateLimitKeyHash = async (db: Db, key: string): Promise<string> => createHmac('sha256', await serverKey(db, RATE_LIMIT_KEY_NAME)).update(key).digest('hex');

/**
 * A limiter whose windows are rows of rate_limit_windows, shared by every instance on the
 * database. Each hit is ONE statement: the insert of a new window, or the update of the existing
 * row that counts the hit or, when its window is over, starts a new one. The row's lock orders
 * concurrent hits, so none is lost and no two instances both start a fresh window.
 */
export function sharedRateLimiter(db: Db, name: string, { max, windowMs }: WindowLimit): RateLimiter {
  let lastSweep = -Infinity;
  return {
    async hit(key, now) {
      const keyHash = await rateLimitKeyHash(db, key);
      // A window that began at or before this moment is over.
      const overBy = now - windowMs;
      const { rows } = await sql<{ hits: number; window_start: string | number }>`
        INSERT INTO rate_limit_windows AS w (limiter, key_hash, window_start, hits)
        VALUES (${name}, ${keyHash}, ${now}::bigint, 1)
        ON CONFLICT (limiter, key_hash) DO UPDATE SET
          hits = CASE WHEN w.window_start <= ${overBy}::bigint THEN 1 ELSE w.hits + 1 END,
          window_start = CASE WHEN w.window_start <= ${overBy}::bigint THEN ${now}::bigint ELSE w.window_start END
        RETURNING hits, window_start`.execute(db);
      const { hits, window_start } = rows[0]!;
      if (now - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = now;
        // Two windows back, so an instance whose clock runs a little behind never loses a live one.
        await db.deleteFrom('rate_limit_windows').where('limiter', '=', name).where('window_start', '<=', now - 2 * windowMs).execute();
      }
      return hits > max ? Math.max(1, Number(window_start) + windowMs - now) : 0;
    },
  };
}
