import { useEffect, useRef } from 'react';
import { watchRecord, type ApiRecord, type Core, type ListStore } from '../../core/index.js';
import { isNewer } from './record-version.js';

export type RemoteChange = { kind: 'updated'; record: ApiRecord } | { kind: 'deleted' };

export interface RemoteChangeOptions {
  /** The stored state the form is based on now. */
  current(): ApiRecord | null;
  /** Settles when the form's own save in flight (if any) has finished. */
  settled(): Promise<unknown>;
  onChange(change: RemoteChange): void;
}

/**
 * Hears, over realtime, when someone else updates or deletes the record being edited. The form's
 * own save raises the same event: updates are read back after that save settles and reported
 * only when newer than what the form holds.
 */
export function useRemoteChange(core: Core, store: ListStore, recordId: string | undefined, options: RemoteChangeOptions): void {
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    if (!recordId) return;
    let live = true;
    // One read at a time, in order: a burst of events ends on the newest state.
    let checking = Promise.resolve();
    const check = async () => {
      await latest.current.settled();
      const fresh = await store.read(recordId).catch(() => undefined);
      if (!live || fresh === undefined) return;
      if (fresh === null) latest.current.onChange({ kind: 'deleted' });
      else if (isNewer(fresh, latest.current.current())) latest.current.onChange({ kind: 'updated', record: fresh });
    };
    const stop = watchRecord(core.realtime, store.resource, recordId, (action) => {
      if (action === 'deleted') latest.current.onChange({ kind: 'deleted' });
      else checking = checking.then(check);
    });
    return () => {
      live = false;
      stop();
    };
  }, [core, store, recordId]);
}
