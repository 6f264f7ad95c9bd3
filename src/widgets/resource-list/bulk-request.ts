import { ApiError, listQueryString, type Core, type JobProgress, type ListQuery } from '../../core/index.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { LIST_TEXTS } from './texts.js';

/** A bulk update's change: fields set on every row, ids added to or removed from many-valued ones. */
export interface BulkChange {
  changes?: Record<string, unknown>;
  add?: Record<string, number[]>;
  remove?: Record<string, number[]>;
}

/** What the server did: the rows, at once; or a job it follows on the jobs topic. */
export type BulkOutcome = { done: number } | { job: { _id: number; state: JobProgress['state'] }; total: number };

/** A bulk job's result (records.bulk): rows done, rows refused, and why, each reason with its rows. */
interface BulkJobResult {
  done: number;
  refused: number;
  reasons: { message: string; rows: number }[];
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The result a done bulk job carried on the jobs topic, or null if it carried none the list can read. */
export function bulkJobResult(value: unknown): BulkJobResult | null {
  if (typeof value !== 'object' || value === null) return null;
  const { done, refused, reasons } = value as Record<string, unknown>;
  if (!isCount(done) || !isCount(refused) || !Array.isArray(reasons)) return null;
  const read = reasons.filter((r): r is { message: string; rows: number } => typeof r === 'object' && r !== null && typeof (r as { message?: unknown }).message === 'string' && isCount((r as { rows?: unknown }).rows));
  return { done, refused, reasons: read.map(({ message, rows }) => ({ message, rows })) };
}

/** The rows picked, as the bulk routes take them: ids, or the list's query for every match. */
export function bulkTarget(ids: ReadonlySet<number>, allMatching: boolean, query: ListQuery): { ids: number[] } | { query: string } {
  return allMatching ? { query: listQueryString(query) } : { ids: [...ids] };
}

/** POST {res}/bulk_update or bulk_delete. */
export async function sendBulk(core: Core, resource: string, operation: 'update' | 'delete', body: object): Promise<BulkOutcome> {
  const answer = await core.http.post<{ data: BulkOutcome }>(`${resource}/bulk_${operation}`, body);
  return answer.data.data;
}

/** The refusal in words: the field messages of a 422 (each names its record), else the server's message. */
export function bulkFailure(error: unknown): string {
  const data = error instanceof ApiError ? (error.data as { errors?: Record<string, unknown> } | null) : null;
  const messages = data?.errors ? Object.values(data.errors).filter((m): m is string => typeof m === 'string') : [];
  return messages.length > 0 ? messages.join(' ') : describeFailure(error, LIST_TEXTS.bulkFailed);
}
