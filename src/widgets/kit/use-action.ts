import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActionOptions, Queries } from '../../core/index.js';

export interface ActionView<T, B> {
  /** Sends the action; rejects with the server's error (also kept in `error`). */
  run(body?: B): Promise<T>;
  pending: boolean;
  error: unknown;
}

/** A write through the core's queries: what it affects is read again after it succeeds. */
export function useAction<T = unknown, B = unknown>(queries: Queries, path: string, options: ActionOptions = {}): ActionView<T, B> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const method = options.method;
  const invalidates = options.invalidates?.join('\n');
  const run = useCallback(
    async (body?: B) => {
      setPending(true);
      setError(null);
      try {
        return await queries.action<T>(path, body, { method, invalidates: invalidates === undefined ? undefined : invalidates.split('\n') });
      } catch (e) {
        if (mounted.current) setError(e);
        throw e;
      } finally {
        if (mounted.current) setPending(false);
      }
    },
    [queries, path, method, invalidates],
  );
  return { run, pending, error };
}
