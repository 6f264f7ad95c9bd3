import { HttpError } from '../../errors.js';
import { translateDbError } from '../db-errors.js';
import type { Resource } from '../define.js';

/** One reason rows were refused, as the single operation words it, and which rows. */
export interface BulkRefusal {
  message: string;
  /** How many rows it refused. */
  rows: number;
  /** The first of them (at most MAX_IDS_PER_REASON): enough to find them, never 100,000 ids. */
  ids: number[];
}

/** Distinct reasons kept: more only when each row is refused for words of its own. */
const MAX_REASONS = 100;
const MAX_IDS_PER_REASON = 100;

/**
 * A row's refusal: its status and the single operation's words (field messages joined), without
 * the "Registo {id}:" prefix, so every row refused for the same reason counts under one. Anything
 * that is not a refusal (a broken database, a bug) is thrown again: the run fails and is retried.
 */
export function refusalOf(resource: Resource, error: unknown): { statusCode: number; reason: string } {
  const translated = translateDbError(error, resource);
  if (!(translated instanceof HttpError)) throw translated;
  const reason = translated.fieldErrors ? Object.values(translated.fieldErrors).join(' ') : translated.message;
  return { statusCode: translated.statusCode, reason };
}

/** The refused rows of a run, counted by reason. */
export function createRefusals() {
  const byReason = new Map<string, BulkRefusal>();
  let refused = 0;
  return {
    add(id: number, reason: string) {
      refused += 1;
      let entry = byReason.get(reason);
      if (!entry && byReason.size < MAX_REASONS) byReason.set(reason, (entry = { message: reason, rows: 0, ids: [] }));
      if (!entry) return;
      entry.rows += 1;
      if (entry.ids.length < MAX_IDS_PER_REASON) entry.ids.push(id);
    },
    /** `refused` counts every refused row, also those whose reason was one too many to list. */
    summary: () => ({ refused, reasons: [...byReason.values()] }),
  };
}
