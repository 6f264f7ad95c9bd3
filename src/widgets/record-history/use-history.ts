import { useCallback, useEffect, useState } from 'react';
import type { AuditHistoryEntry } from '../../core/audit.js';
import { isSilentFailure, type Core, type ListResponse, type ResourceChange } from '../../core/index.js';

/** Entries per page: a record's recent story at a glance, older pages on request. */
export const HISTORY_PAGE_SIZE = 20;

export type HistoryLoad =
  | { state: 'loading' }
  | { state: 'loaded'; entries: AuditHistoryEntry[]; total: number }
  | { state: 'failed'; error: unknown };

/**
 * One page of `GET {resource}/{id}/history` (newest first), read again when the record
 * changes: its change event arrives after the audit entry has committed.
 */
export function useHistory(core: Core, resource: string, recordId: string, page: number) {
  const [load, setLoad] = useState<HistoryLoad>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setLoad((previous) => (previous.state === 'loaded' ? previous : { state: 'loading' }));
    core.http
      .get<ListResponse<AuditHistoryEntry>>(`${encodeURIComponent(resource)}/${encodeURIComponent(recordId)}/history`, {
        params: { _page: page, _limit: HISTORY_PAGE_SIZE },
      })
      .then(
        (res) => {
          if (!current) return;
          const entries = Array.isArray(res.data?.data) ? res.data.data : [];
          setLoad({ state: 'loaded', entries, total: Number(res.data?.meta?.total ?? entries.length) });
        },
        (error: unknown) => current && !isSilentFailure(error) && setLoad({ state: 'failed', error }),
      );
    return () => {
      current = false;
    };
  }, [core, resource, recordId, page, round]);
  useEffect(
    () =>
      core.realtime.subscribe(`${resource} changed`, (payload) => {
        if (String((payload as Partial<ResourceChange> | null)?.id) === recordId) setRound((n) => n + 1);
      }),
    [core, resource, recordId],
  );
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { load, reload };
}
