import type { EventBus } from '../realtime/bus.js';
import { BUS_RESYNC_TOPIC } from '../realtime/topics.js';

export interface ChangeCache<T> {
  get(key: string): T | undefined;
  /**
   * Keeps `value` under `key`. `since` is `version()` read before the value's computation began:
   * when a change came in between, the value may predate it and is not kept (a read that began
   * before a write and ended after its event must not stand for the state after it).
   */
  set(key: string, value: T, since?: number): void;
  /** Counts the change events seen: read it before computing a value to keep. */
  version(): number;
  /** `value`, kept under `key`, grew (a cached page's compressed form): counted again, older entries going first to make room. */
  resized(key: string, value: T): void;
  close(): void;
}

export interface ChangeCacheOptions<T> {
  /** Longest an entry is reused, as a safety net for writes that raise no event. */
  ttlMs: number;
  /** Entries kept at most; the oldest goes first. */
  maxEntries: number;
  /**
   * Size accounting for large values (answers): at most `maxBytes` by `sizeOf` are kept, the
   * oldest going first, and a value over an eighth of it (when set) is never kept. A value that
   * grows once kept is counted again through `resized`.
   */
  bytes?: { maxBytes: number; sizeOf: (value: T) => number };
  /**
   * Keep a value only when its key was set before within the TTL: a key asked for once (a
   * one-off search, a query with a parameter of its own on every request) never displaces
   * the answers that are asked for again, nor turns every answer into long-lived garbage.
   */
  admitOnRepeat?: boolean;
}

/**
 * A cache of list results that is emptied by any resource change event, on any instance
 * (events cross instances through the bus), and whose entries also expire after a while.
 * Any change may move any list (a deleted tag changes members filtered by it), so a change
 * clears every entry rather than guessing which ones it touched.
 */
export function createChangeCache<T>(bus: EventBus, now: () => number, options: ChangeCacheOptions<T>): ChangeCache<T> {
  const entries = new Map<string, { value: T; at: number; size: number }>();
  /** Keys whose next value is kept (admitOnRepeat): set once, or kept until dropped; with when. As many as entries at most. */
  const seen = new Map<string, number>();
  let bytes = 0;
  let changes = 0;
  const remember = (key: string, at: number) => {
    if (seen.size >= options.maxEntries) seen.delete(seen.keys().next().value!);
    seen.set(key, at);
  };
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.size;
    entries.delete(key);
  };
  /**
   * A kept entry dropped by its expiry or a change was asked for again before: its next value is
   * kept at once, so a page many ask for (an expensive deep page) is not computed twice over.
   */
  const drop = (key: string, at: number) => {
    remove(key);
    if (options.admitOnRepeat) remember(key, at);
  };
  const unsubscribe = bus.subscribe((event) => {
    if (event.topic.endsWith(' changed') || event.topic === BUS_RESYNC_TOPIC) {
      const at = now();
      changes += 1;
      for (const key of [...entries.keys()]) drop(key, at);
    }
  });
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const at = now();
      if (at - entry.at > options.ttlMs) {
        drop(key, at);
        return undefined;
      }
      return entry.value;
    },
    version: () => changes,
    set(key, value, since) {
      if (since !== undefined && since !== changes) return;
      const at = now();
      // A kept key takes its new value (answers computed side by side, the last to finish
      // last): judged as a first request again, it would be dropped and computed over and over.
      if (options.admitOnRepeat && !entries.has(key)) {
        const first = seen.get(key);
        seen.delete(key);
        if (first === undefined || at - first > options.ttlMs) {
          remember(key, at);
          return;
        }
      }
      remove(key);
      const size = options.bytes ? options.bytes.sizeOf(value) : 0;
      if (options.bytes && size > options.bytes.maxBytes / 8) return;
      while (entries.size > 0 && (entries.size >= options.maxEntries || (options.bytes && bytes + size > options.bytes.maxBytes))) remove(entries.keys().next().value!);
      entries.set(key, { value, at, size });
      bytes += size;
    },
    resized(key, value) {
      const entry = entries.get(key);
      // Dropped or replaced meanwhile: what grew is no longer counted here.
      if (!options.bytes || entry?.value !== value) return;
      const size = options.bytes.sizeOf(value);
      bytes += size - entry.size;
      entry.size = size;
      // The entry that grew stays (it fitted when set, and a request is using it now); older ones make room.
      for (const other of entries.keys()) {
        if (bytes <= options.bytes.maxBytes) break;
        if (other !== key) remove(other);
      }
    },
    close: unsubscribe,
  };
}
