import { useEffect, useState } from 'react';
import type { ApiRecord, ListStore } from '../../core/index.js';

export type RecordStatus = 'new' | 'loading' | 'loaded' | 'not-found' | 'failed';

/** The record being edited (GET {res}/{id}); none for a new one. */
export function useRecord(store: ListStore, recordId: string | undefined) {
  const [record, setRecord] = useState<ApiRecord | null>(null);
  const [status, setStatus] = useState<RecordStatus>(recordId ? 'loading' : 'new');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!recordId) {
      setRecord(null);
      setStatus('new');
      return;
    }
    let live = true;
    setStatus('loading');
    store.read(recordId).then(
      (found) => {
        if (!live) return;
        setRecord(found);
        setStatus(found ? 'loaded' : 'not-found');
      },
      () => {
        if (live) setStatus('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [store, recordId, attempt]);

  return { record, setRecord, status, retry: () => setAttempt((n) => n + 1) };
}
