import type { BusEvent, EventBus } from '../realtime/bus.js';

export interface BusCacheOptions {
  /**
   * Longest an entry is reused: the bound on staleness if an event never arrives (a write
   * that raised none; events missed while the bus listener was down are covered by its resync).
   */
  ttlMs: number;
  maxEntries: number;
}

/** What an event drops: every entry, those the predicate picks, or nothing. */
export type BusDrop<V> = 'all' | ((value: V) => boolean) | undefined;

export interface BusCache<K, V> {
  /** The value as stored, or undefined when there is none; loaded when not cached. */
  get(key: K): Promise<V | undefined>;
  close(): void;
}

/**
 * Values read on nearly every request (the caller's account, an API key), kept until an event
 * on the bus says they changed, on whichever instance wrote. A load that started before a
 * drop is not kept, so a value read just before a change cannot outlive it.
 */
export function createBusCache<K, V>(
  bus: EventBus,
  now: () => number,
  load: (key: K) => Promise<V | undefined>,
  drops: (event: BusEvent) => BusDrop<V>,
  options: BusCacheOptions,
): BusCache<K, V> {
  const entries = new Map<K, { value: V; at: number }>();
  // Bumped on every drop: a load that saw another generation may hold what was just dropped.
  let generation = 0;
  const unsubscribe = bus.subscribe((event) => {
    const drop = drops(event);
    if (drop === undefined) return;
    generation += 1;
    if (drop === 'all') entries.clear();
    else for (const [key, entry] of entries) if (drop(entry.value)) entries.delete(key);
  });
  return {
    async get(key) {
      const entry = entries.get(key);
      if (entry && now() - entry.at <= options.ttlMs) return entry.value;
      entries.delete(key);
      const started = generation;
      const at = now();
      const value = await load(key);
      if (value !== undefined && started === generation) {
        if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { value, at });
      }
      return value;
    },
    close: unsubscribe,
  };
}
