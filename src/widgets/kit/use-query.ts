import { useCallback, useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { isNotFound, isSilentFailure, queryKey, recordQuery, type ListMeta, type Queries, type QueryEntry, type QuerySpec } from '../../core/index.js';

/**
 * What a component shows for a query: 'loading' until there is an answer (and after a
 * timeout, which the spec keeps silent), 'notFound' on a 404, 'failed' on any other error.
 */
export type QueryStatus = 'idle' | 'loading' | 'loaded' | 'notFound' | 'failed';

export interface QueryView<T> {
  status: QueryStatus;
  /** The last answer's `data`, kept while it is read again. */
  data: T | undefined;
  meta: ListMeta | undefined;
  error: unknown;
  /** Read again in the background while `data` is shown. */
  refreshing: boolean;
  refresh(): void;
}

function statusOf(entry: QueryEntry<unknown>): QueryStatus {
  const error = entry.error.value;
  if (entry.state.value === 'not-loaded' && error !== null && !isSilentFailure(error)) return isNotFound(error) ? 'notFound' : 'failed';
  return entry.data.value !== undefined && entry.state.value !== 'not-loaded' ? 'loaded' : 'loading';
}

/** Holds the core query for `spec` while the component is mounted; null holds nothing ('idle'). */
export function useQuery<T>(queries: Queries, spec: QuerySpec | null): QueryView<T> {
  useSignals();
  const key = spec ? queryKey(spec) : null;
  const [held, setHeld] = useState<QueryEntry<T> | undefined>(undefined);
  useEffect(() => {
    if (!spec) {
      setHeld(undefined);
      return undefined;
    }
    const handle = queries.hold<T>(spec);
    setHeld(handle.entry);
    return handle.release;
    // The key stands for the spec: a new object with the same path and parameters is the same query.
  }, [queries, key]);
  // Until the effect holds the new key, an entry someone else holds already answers.
  const entry = held && held.key === key ? held : spec ? queries.peek<T>(spec) : undefined;
  const refresh = useCallback(() => void entry?.refresh(), [entry]);
  if (!spec) return { status: 'idle', data: undefined, meta: undefined, error: null, refreshing: false, refresh };
  if (!entry) return { status: 'loading', data: undefined, meta: undefined, error: null, refreshing: false, refresh };
  const status = statusOf(entry);
  return {
    status,
    data: entry.data.value,
    meta: entry.meta.value,
    error: entry.error.value,
    refreshing: status === 'loaded' && entry.state.value === 'loading',
    refresh,
  };
}

export interface RecordView<T> extends Omit<QueryView<T>, 'data'> {
  record: T | undefined;
}

/** One record (GET {resource}/{id}), read again when that record changes; no id holds nothing. */
export function useRecord<T>(queries: Queries, resource: string, id: string | number | null | undefined): RecordView<T> {
  const present = id !== null && id !== undefined && id !== '';
  const { data, ...view } = useQuery<T>(queries, present ? recordQuery(resource, id) : null);
  return { ...view, record: data };
}
