import type { EventBus } from '../realtime/bus.js';
import { BUS_RESYNC_TOPIC } from '../realtime/topics.js';

export interface ChangeCache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  close(): void;
}

export interface ChangeCacheOptions {
  /** Longest an entry is reused, as a safety net for writes that raise no event. */
  ttlMs: number;
  /** Entries kept at most; the oldest goes first. */
  maxEntries: number;
}

/**
 * A cache of list results that is emptied by any resource change event, on any instance
 * (events cross instances through the bus), and whose entries also expire after a while.
 * Any change may move any list (a deleted tag changes members filtered by it), so a change
 * clears every entry rather than guessing which ones it touched.
 */
export function createChangeCache<T>(bus: EventBus, now: () => number, options: ChangeCacheOptions): ChangeCache<T> {
  const entries = new Map<string, { value: T; at: number }>();
  const unsubscribe = bus.subscribe((event) => {
    if (event.topic.endsWith(' changed') || event.topic === BUS_RESYNC_TOPIC) entries.clear();
  });
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.at > options.ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, at: now() });
    },
    close: unsubscribe,
  };
}
