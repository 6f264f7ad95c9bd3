// The imports API as the page uses it: send a file, check it with a mapping (a dry run), read the
// report, commit (a server job), list earlier imports and undo one. Failures carry the server's
// pt-PT words (see failureText).
import { ApiError, type Core, type ValidationErrorResponse } from '../../core/index.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { downloadFile } from '../shared/download.js';
import type { ImportBlockedAnswer, ImportBlocker, ImportCheck, ImportCommitStarted, ImportDefaults, ImportKind, ImportMapping, ImportOutcome, ImportRowsPage, ImportUndoResult, ImportUpload } from '../../core/index.js';

export const IMPORTS = 'imports';
/** What an import or its undoing changes: open lists of these read again. */
const CHANGED = [IMPORTS, 'members', 'unsettled_payments', 'payments', 'payment_allocations', 'member_balances', 'treasury_docs'];

/** The server's words for a failure: field errors joined, else its message, else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  const errors = error instanceof ApiError && error.status === 422 ? (error.data as Partial<ValidationErrorResponse> | null)?.errors : undefined;
  return errors && Object.keys(errors).length > 0 ? Object.values(errors).join(' ') : describeFailure(error, fallback);
}

export async function uploadImport(core: Core, kind: ImportKind, file: File, onProgress: (fraction: number) => void): Promise<ImportUpload> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  const response = await core.http.upload<{ data: ImportUpload }>(IMPORTS, form, onProgress);
  return response.data.data;
}

export async function checkImport(core: Core, id: number, mapping: ImportMapping, defaults: ImportDefaults): Promise<ImportCheck> {
  const response = await core.http.post<{ data: ImportCheck }>(`${IMPORTS}/${id}/check`, { mapping, defaults });
  return response.data.data;
}

/** One page of the last check's rows, of one outcome or all. */
export async function importRows(core: Core, id: number, outcome: ImportOutcome | null, page: number): Promise<ImportRowsPage> {
  const response = await core.http.get<{ data: ImportRowsPage }>(`${IMPORTS}/${id}/rows`, { params: { outcome: outcome ?? undefined, _page: page } });
  return response.data.data;
}

/** Saves the check's report: the file's rows with their outcome and errors. */
export const downloadReport = (core: Core, id: number, fileName: string): Promise<void> =>
  downloadFile(core, `${core.api}/${IMPORTS}/${id}/report.csv`, `relatorio-${fileName.replace(/\.[^.]+$/, '')}.csv`, 'text/csv');

/** Queues the import's job; its progress arrives on the realtime `jobs` topic. */
export async function commitImport(core: Core, id: number): Promise<number> {
  const response = await core.http.post<{ data: ImportCommitStarted }>(`${IMPORTS}/${id}/commit`, {});
  return response.data.data.jobId;
}

/** Lists and pages that show what an import changed read again (after its job ended, or an undo). */
export function importChanged(core: Core): void {
  for (const resource of CHANGED) core.queries.invalidate(resource);
}

export type UndoOutcome = { undone: true; result: ImportUndoResult } | { undone: false; blockers: ImportBlocker[] };

/** Undoes a batch (with `rest`, all but what later work depends on); a refusal lists that work. */
export async function undoImport(core: Core, id: number, rest: boolean): Promise<UndoOutcome> {
  try {
    const result = await core.queries.action<ImportUndoResult>(`${IMPORTS}/${id}/undo`, rest ? { rest: true } : {}, { invalidates: CHANGED });
    return { undone: true, result };
  } catch (e) {
    const data = e instanceof ApiError && e.status === 409 ? (e.data as Partial<ImportBlockedAnswer> | null) : null;
    if (data?.code === 'import_blocked' && Array.isArray(data.blockers)) return { undone: false, blockers: data.blockers };
    throw e;
  }
}
