import type { EventBus } from '../realtime/bus.js';
import { createChangeCache, type ChangeCache } from './change-cache.js';
import type { CompressibleBody } from '../edges/compressed-body.js';

/** What list requests reuse between changes: estimated totals and whole answers. */
export interface ListCaches {
  /** Estimated totals (over the exact-count limit) by resource and conditions. */
  totals: ChangeCache<number>;
  /** Serialised list answers (with their compressed forms, made once) by resource, the caller's scope and the query. */
  pages: ChangeCache<CompressibleBody>;
  /** Resources whose `beforeRead` already brought their rows up to a day (upToDateKey), until a change. */
  upToDate: ChangeCache<true>;
  close(): void;
}

export function createListCaches(bus: EventBus, now: () => number): ListCaches {
  const totals = createChangeCache<number>(bus, now, { ttlMs: 30_000, maxEntries: 1000 });
  // A page of 100 members is about 50 KB of JSON and 12 KB compressed. Only pages asked for a
  // second time are kept: under a load of distinct queries (1,000,000 members, a parameter of
  // its own on every request), keeping each answer for a while promoted every one of them to
  // V8's old space, which grew to 150 MB of garbage between collections (RSS 300 MB).
  const kept = createChangeCache<CompressibleBody>(bus, now, {
    ttlMs: 5_000,
    maxEntries: 200,
    admitOnRepeat: true,
    // The JSON and the compressed forms made so far; each form made later is counted as it is added.
    bytes: { maxBytes: 16 * 1024 * 1024, sizeOf: (body) => body.size },
  });
  const pages: ChangeCache<CompressibleBody> = {
    ...kept,
    set(key, body, since) {
      body.onGrow(() => kept.resized(key, body));
      kept.set(key, body, since);
    },
  };
  // A resource brought up to today stays so until the calendar or a write moves it: writes keep
  // their rows current and raise a change event. The expiry is the safety net for a write that
  // raises none, as for the totals.
  const upToDate = createChangeCache<true>(bus, now, { ttlMs: 30_000, maxEntries: 100 });
  return {
    totals,
    pages,
    upToDate,
    close() {
      totals.close();
      kept.close();
      upToDate.close();
    },
  };
}

/** The key of `upToDate`: the resource and the Lisbon day its rows were brought up to. */
export const upToDateKey = (resource: string, day: string): string => `${resource}\u0000${day}`;

/** The same query in any parameter order is the same key. */
export function listKey(resource: string, scope: string, query: Record<string, unknown>): string {
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([resource, scope, entries]);
}
