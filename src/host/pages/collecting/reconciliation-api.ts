// The reconciliation API as the review screen uses it: upload a statement, preview it with the
// reviewer's decisions, confirm. Errors surface as the server's pt-PT messages.
import { ApiError, type Core, type ValidationErrorResponse } from '../../../core/index.js';
import { describeFailure } from '../../../widgets/feature-kit/server-message.js';

export type Confidence = 'reference' | 'member' | 'manual';

export type Decision = { line: number; reject: true } | { line: number; member: number; debts: number[] };

export interface ReviewLine {
  line: number;
  date: string;
  amount: number;
  entity: string | null;
  reference: string | null;
  description: string | null;
  transactionId: string | null;
  match: { kind: 'payment_request' | 'member'; member: number; debts: { debt: number; amount: number }[] } | null;
  confidence: Confidence | null;
  credit: number;
  reason: string | null;
  message: string;
  /** Confirm only: the payment the line recorded and its receipt. */
  payment?: number | null;
  receipt?: { _id: number; number: string } | null;
}

export interface NamedMember {
  _id: number;
  number: number | null;
  name: string;
}

export interface NamedDebt {
  _id: number;
  member: number;
  description: string;
  due_date: string;
  amount: number;
}

export interface Review {
  file: number;
  file_name: string;
  source: 'multibanco' | 'bank';
  imported: { _id: number; file_name: string; created_at: string } | null;
  lines: number;
  matched: number;
  matchedAmount: number;
  unmatched: number;
  results: ReviewLine[];
  members: NamedMember[];
  debts: NamedDebt[];
}

export interface Confirmed {
  import: { _id: number; recorded: number; recorded_amount: number; lines: number; unmatched: number };
  payments: number[];
  receipts: { _id: number; number: string; payment: number }[];
  results: ReviewLine[];
  members: NamedMember[];
  debts: NamedDebt[];
}

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

export async function previewStatement(core: Core, file: number, decisions: readonly Decision[]): Promise<Review> {
  const response = await core.http.post<{ data: Review }>(`${RESOURCE}/preview`, { file, decisions });
  return response.data.data;
}

export const confirmStatement = (core: Core, file: number, decisions: readonly Decision[]): Promise<Confirmed> =>
  core.queries.action<Confirmed>(`${RESOURCE}/confirm`, { file, decisions }, { invalidates: CHANGED });
