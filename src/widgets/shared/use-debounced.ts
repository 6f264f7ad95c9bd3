import { useEffect, useMemo, useRef } from 'react';

export interface Debounced<Args extends unknown[]> {
  (...args: Args): void;
  /** Runs a pending call now (e.g. on Enter). */
  flush(): void;
  cancel(): void;
}

/** `fn` called once input has paused for `ms`; pending calls are dropped on unmount. */
export function useDebounced<Args extends unknown[]>(fn: (...args: Args) => void, ms: number): Debounced<Args> {
  const latest = useRef(fn);
  latest.current = fn;
  const debounced = useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let pending: Args | null = null;
    const run = () => {
      timer = null;
      const args = pending;
      pending = null;
      if (args) latest.current(...args);
    };
    const call = ((...args: Args) => {
      pending = args;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(run, ms);
    }) as Debounced<Args>;
    call.flush = () => {
      if (timer !== null) clearTimeout(timer);
      run();
    };
    call.cancel = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending = null;
    };
    return call;
  }, [ms]);
  useEffect(() => debounced.cancel, [debounced]);
  return debounced;
}
