import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { ListMeta } from './contract.js';
import { ApiError } from './api-error.js';
import { serializeParams, type Http, type Method, type QueryParams } from './http.js';
import type { ListState } from './list-store.js';
import type { Realtime } from './realtime.js';
import { resourceChangeOf } from './resource-change.js';

/** How long an entry nobody holds is kept, so a component that remounts finds its data. */
const QUERY_RELEASE_GRACE_MS = 5_000;

/** What to read: `GET {path}?{params}`, stale when one of `resources` changes. */
export interface QuerySpec {
  path: string;
  params?: QueryParams;
  /** Resources whose change events make the answer stale; default: the path's first segment. */
  resources?: readonly string[];
  /** Only changes of this record make it stale (a record, its history); a change without an id always does. */
  recordId?: string | number;
}

/** The server's `{data, meta}` answer, kept in signals; `state` as the core's list stores use it. */
export interface QueryEntry<T = unknown> {
  readonly key: string;
  data: ReadonlySignal<T | undefined>;
  meta: ReadonlySignal<ListMeta | undefined>;
  /** The last failure, cleared by the next success. */
  error: ReadonlySignal<unknown>;
  state: ReadonlySignal<ListState>;
  /** Reads again now, keeping the data already held until the answer arrives. */
  refresh(): Promise<void>;
}

export interface QueryHandle<T = unknown> {
  entry: QueryEntry<T>;
  /** Gives the hold back; the entry is dropped after the grace when nobody holds it. */
  release(): void;
}

export interface ActionOptions {
  method?: Exclude<Method, 'GET'>;
  /** Resources whose queries are read again after the action succeeds; default: the path's first segment. */
  invalidates?: readonly string[];
}

export interface Queries {
  /** Holds the query for `spec` (made and loaded on first hold). */
  hold<T = unknown>(spec: QuerySpec): QueryHandle<T>;
  /** The held or lingering entry for `spec`, if any. */
  peek<T = unknown>(spec: QuerySpec): QueryEntry<T> | undefined;
  /** Puts what a write answered in place of what `spec` holds, so every holder shows it at once. */
  replace<T>(spec: QuerySpec, data: T): void;
  /** Marks a resource's queries stale (those of one record when `id` is given): held ones are read again, others dropped. */
  invalidate(resource: string, id?: string | number | null): void;
  /** Sends a write (POST unless told) and then invalidates what it affects; resolves with the answer's `data`. */
  action<T = unknown>(path: string, body?: unknown, options?: ActionOptions): Promise<T>;
  /**
   * Another caller now (login, logout): nothing read for the last one may reach the next.
   * Unheld entries are dropped; held ones are read again with `reload`, emptied otherwise.
   */
  forget(options: { reload: boolean }): void;
  /** Number of entries kept (held or within their grace). */
  readonly size: number;
  dispose(): void;
}

export interface QueriesDeps {
  http: Http;
  /** Change events ('{resource} changed') invalidate; omitted, only actions and `invalidate` do. */
  realtime?: Realtime;
  graceMs?: number;
  /** The grace's timer (a core clock fits); the browser's own when omitted. */
  timers?: QueryTimers;
}

export interface QueryTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const browserTimers: QueryTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof globalThis.setTimeout>),
};

/** The same path and parameters, in any order, are one key. */
export function queryKey(spec: Pick<QuerySpec, 'path' | 'params'>): string {
  const params = spec.params ?? {};
  const sorted: QueryParams = {};
  for (const name of Object.keys(params).sort()) sorted[name] = params[name];
  return spec.path.replace(/^\/+/, '') + serializeParams(sorted);
}

/** The query of one record: `GET {resource}/{id}`, stale when that record changes. */
export function recordQuery(resource: string, id: string | number): QuerySpec {
  return { path: `${resource}/${encodeURIComponent(String(id))}`, resources: [resource], recordId: id };
}

const firstSegment = (path: string) => path.replace(/^\/+/, '').split(/[/?]/)[0] ?? '';

interface Slot {
  entry: QueryEntry<unknown>;
  resources: readonly string[];
  recordId: string | null;
  holds: number;
  dropTimer: unknown;
  load(): Promise<void>;
  abort(): void;
  empty(): void;
  settle(value: unknown): void;
}

export function createQueries(deps: QueriesDeps): Queries {
  const { http } = deps;
  const graceMs = deps.graceMs ?? QUERY_RELEASE_GRACE_MS;
  const timers = deps.timers ?? browserTimers;
  const slots = new Map<string, Slot>();

  function makeSlot(key: string, spec: QuerySpec): Slot {
    const data = signal<unknown>(undefined);
    const meta = signal<ListMeta | undefined>(undefined);
    const error = signal<unknown>(null);
    const state = signal<ListState>('not-loaded');
    let sequence = 0;
    let inflight: AbortController | null = null;

    async function load(): Promise<void> {
      inflight?.abort();
      const controller = new AbortController();
      inflight = controller;
      const mine = ++sequence;
      state.value = 'loading';
      try {
        const res = await http.get<{ data?: unknown; meta?: ListMeta }>(spec.path, { params: spec.params, signal: controller.signal });
        if (mine !== sequence) return;
        data.value = res.data?.data;
        meta.value = res.data?.meta;
        error.value = null;
        state.value = 'loaded';
      } catch (e) {
        if (mine !== sequence) return;
        // A timeout while data is held leaves that data standing, as the list stores do.
        if (e instanceof ApiError && e.silent && data.value !== undefined) {
          state.value = 'loaded';
          return;
        }
        error.value = e;
        state.value = 'not-loaded';
      } finally {
        if (inflight === controller) inflight = null;
      }
    }

    function abort() {
      // A later answer must not land in a dropped or emptied entry.
      sequence++;
      inflight?.abort();
      inflight = null;
    }

    const entry: QueryEntry<unknown> = { key, data, meta, error, state, refresh: load };
    return {
      entry,
      resources: spec.resources ?? [firstSegment(spec.path)],
      recordId: spec.recordId === undefined ? null : String(spec.recordId),
      holds: 0,
      dropTimer: null,
      load,
      abort,
      settle(value) {
        // A read sent before the write may answer after it: the write's answer is newer.
        abort();
        data.value = value;
        error.value = null;
        state.value = 'loaded';
      },
      empty() {
        abort();
        data.value = undefined;
        meta.value = undefined;
        error.value = null;
        state.value = 'not-loaded';
      },
    };
  }

  function drop(key: string, slot: Slot) {
    if (slots.get(key) !== slot) return;
    slot.abort();
    slots.delete(key);
  }

  function invalidate(resource: string, id?: string | number | null) {
    for (const [key, slot] of [...slots]) {
      if (!slot.resources.includes(resource)) continue;
      if (slot.recordId !== null && id !== undefined && id !== null && String(id) !== slot.recordId) continue;
      if (slot.holds > 0) void slot.load();
      else drop(key, slot);
    }
  }

  const stopListening = deps.realtime?.subscribe('*', (payload, topic) => {
    const change = resourceChangeOf(topic, payload);
    if (change) invalidate(change.resource, change.id);
  });

  return {
    hold<T>(spec: QuerySpec): QueryHandle<T> {
      const key = queryKey(spec);
      let slot = slots.get(key);
      if (!slot) {
        slot = makeSlot(key, spec);
        slots.set(key, slot);
        void slot.load();
      }
      const held = slot;
      held.holds++;
      if (held.dropTimer !== null) {
        timers.clearTimeout(held.dropTimer);
        held.dropTimer = null;
      }
      let released = false;
      return {
        entry: held.entry as QueryEntry<T>,
        release() {
          if (released) return;
          released = true;
          held.holds--;
          if (held.holds > 0) return;
          held.dropTimer = timers.setTimeout(() => {
            held.dropTimer = null;
            if (held.holds === 0) drop(key, held);
          }, graceMs);
        },
      };
    },
    peek: <T>(spec: QuerySpec) => slots.get(queryKey(spec))?.entry as QueryEntry<T> | undefined,
    replace(spec, value) {
      slots.get(queryKey(spec))?.settle(value);
    },
    invalidate,
    async action<T>(path: string, body?: unknown, options: ActionOptions = {}): Promise<T> {
      const res = await http.request<{ data?: T }>(options.method ?? 'POST', path, body);
      for (const resource of options.invalidates ?? [firstSegment(path)]) invalidate(resource);
      return res.data?.data as T;
    },
    forget({ reload }) {
      for (const [key, slot] of [...slots]) {
        if (slot.holds === 0) drop(key, slot);
        else if (reload) {
          slot.empty();
          void slot.load();
        } else slot.empty();
      }
    },
    get size() {
      return slots.size;
    },
    dispose() {
      stopListening?.();
      for (const [key, slot] of [...slots]) {
        if (slot.dropTimer !== null) timers.clearTimeout(slot.dropTimer);
        drop(key, slot);
      }
    },
  };
}

/** True when the query failed because the server has no such record (404). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
