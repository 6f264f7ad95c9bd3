import { useRef } from 'react';
import type { AuditHistoryEntry } from '../../core/audit.js';
import type { Core } from '../../core/index.js';
import { useQuery } from '../kit/index.js';

/** Entries per page: a record's recent story at a glance, older pages on request. */
export const HISTORY_PAGE_SIZE = 20;

export type HistoryLoad =
  | { state: 'loading' }
  | { state: 'loaded'; entries: AuditHistoryEntry[]; total: number }
  | { state: 'failed'; error: unknown };

/**
 * One page of `GET {resource}/{id}/history` (newest first), read again when the record
 * changes: its change event arrives after the audit entry has committed. While another page
 * loads, the page already shown stays.
 */
export function useHistory(core: Core, resource: string, recordId: string, page: number) {
  const query = useQuery<AuditHistoryEntry[]>(core.queries, {
    path: `${encodeURIComponent(resource)}/${encodeURIComponent(recordId)}/history`,
    params: { _page: page, _limit: HISTORY_PAGE_SIZE },
    resources: [resource],
    recordId,
  });
  const shown = useRef<{ record: string; load: HistoryLoad } | null>(null);
  const record = `${resource}/${recordId}`;
  let load: HistoryLoad;
  if (query.status === 'loaded') {
    const entries = Array.isArray(query.data) ? query.data : [];
    load = { state: 'loaded', entries, total: Number(query.meta?.total ?? entries.length) };
    shown.current = { record, load };
  } else if (query.status === 'failed' || query.status === 'notFound') load = { state: 'failed', error: query.error };
  else load = shown.current?.record === record ? shown.current.load : { state: 'loading' };
  return { load, reload: query.refresh };
}
