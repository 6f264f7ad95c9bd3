import { LIST_MAX_LIMIT, queryParams, type ApiRecord, type Core, type ExplainerField, type ListQuery, type ListResponse } from '../../core/index.js';
import type { ReferenceCache } from '../shared/reference-cache.js';
import { buildCsv } from './csv.js';
import { csvFileName, downloadBlob } from '../shared/download.js';

/** How far an export is: pages read, and pages in all once the first page said how many rows match. */
export interface ExportProgress {
  pages: number;
  total: number | null;
}

/**
 * Every row matching the query (its search, filters and sort; not its page), read in pages of
 * the largest size the server allows: one unlimited request for a big result could outlast the
 * 10 s request timeout, pages of 500 never do.
 */
async function fetchAllRows(core: Core, resource: string, query: ListQuery, signal: AbortSignal, onProgress: (progress: ExportProgress) => void): Promise<ApiRecord[]> {
  const rows: ApiRecord[] = [];
  let expected: number | null = null;
  for (let page = 1; ; page += 1) {
    const params = queryParams({ ...query, page, limit: LIST_MAX_LIMIT });
    const res = await core.http.get<ListResponse<ApiRecord>>(resource, { params, signal });
    const data = Array.isArray(res.data?.data) ? res.data.data : [];
    rows.push(...data);
    const matching = res.data?.meta?.total;
    if (page === 1 && typeof matching === 'number') expected = Math.max(1, Math.ceil(matching / LIST_MAX_LIMIT));
    const last = data.length < LIST_MAX_LIMIT;
    // Rows added while reading make one page more than the first count said.
    onProgress({ pages: page, total: expected === null ? null : last ? page : Math.max(expected, page + 1) });
    if (last) return rows;
  }
}

/** Reads the reference names the rows need, so the file shows names as the table does. */
async function referenceLabels(cache: ReferenceCache, fields: readonly ExplainerField[], rows: readonly ApiRecord[]) {
  for (const field of fields) {
    if (!field.ref) continue;
    const ids = rows.flatMap((row) => {
      const value = row[field.name];
      return (Array.isArray(value) ? value : [value]).filter((id): id is number => typeof id === 'number');
    });
    await cache.ensure(field.ref, ids);
  }
  return cache.labels.value;
}

export interface ExportRequest {
  core: Core;
  cache: ReferenceCache;
  resource: string;
  label: string;
  fields: readonly ExplainerField[];
  query: ListQuery;
  /** Aborting stops the reading; nothing is downloaded after it. */
  signal: AbortSignal;
  onProgress(progress: ExportProgress): void;
}

/** Reads, builds and downloads the file; false when cancelled before the download. */
export async function exportCsv({ core, cache, resource, label, fields, query, signal, onProgress }: ExportRequest): Promise<boolean> {
  const rows = await fetchAllRows(core, resource, query, signal, onProgress);
  const labels = await referenceLabels(cache, fields, rows);
  if (signal.aborted) return false;
  const csv = buildCsv(fields, rows, labels);
  downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), csvFileName(label));
  return true;
}
