// The reconciliation API as the review screen uses it: upload a statement, preview it with the
// reviewer's decisions, confirm. Errors surface as the server's pt-PT messages.
import { ApiError, type Core, type ReconciliationConfirmed, type ReconciliationDecision, type ReconciliationReview, type ValidationErrorResponse } from '../../../core/index.js';
import { describeFailure } from '../../feature-kit/server-message.js';

const RESOURCE = 'reconciliation_imports';
/** What a confirmed import changes, so open lists and statements read again. */
const CHANGED = [RESOURCE, 'reconciliation_import_lines', 'payments', 'payment_allocations', 'unsettled_payments', 'member_balances', 'payment_requests', 'treasury_docs'];

/** The server's words for a failure: field errors joined, else its message, else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  const errors = error instanceof ApiError && error.status === 422 ? (error.data as Partial<ValidationErrorResponse> | null)?.errors : undefined;
  return errors ? Object.values(errors).join(' ') : describeFailure(error, fallback);
}

export async function uploadStatement(core: Core, file: File): Promise<number> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await core.http.upload<{ data: { _id: number } }>('files?kind=statement', form);
  return response.data.data._id;
}

export async function previewStatement(core: Core, file: number, decisions: readonly ReconciliationDecision[]): Promise<ReconciliationReview> {
  const response = await core.http.post<{ data: ReconciliationReview }>(`${RESOURCE}/preview`, { file, decisions });
  return response.data.data;
}

export const confirmStatement = (core: Core, file: number, decisions: readonly ReconciliationDecision[]): Promise<ReconciliationConfirmed> =>
  core.queries.action<ReconciliationConfirmed>(`${RESOURCE}/confirm`, { file, decisions }, { invalidates: CHANGED });
