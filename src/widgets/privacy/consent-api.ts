// The consent register's calls, beside its pages: only they make them, so they stay out of the
// core chunk every page loads.
import { ApiError, type Core } from '../../core/index.js';
import type { ConsentState } from '../../core/consents.js';

export type { ConsentState };

export interface MemberConsents {
  member: number;
  purposes: ConsentState[];
}

export interface LeftOut {
  no_consent: number;
  no_email: number;
  ended: number;
}

export interface BroadcastAnswer {
  members: number;
  to_send: number;
  queued: number | null;
  left_out: LeftOut;
  dry_run: boolean;
  job: { _id: number; state: 'queued' | 'running' | 'done' | 'failed'; name: string } | null;
}

/** The query of a member's consents, read again when any consent changes. */
export const consentsQuery = (memberId: string | number) => ({ path: `members/${encodeURIComponent(String(memberId))}/consents`, resources: ['consents'] });

/** A yes or a no: the server says where it came from (the member's area, or paper when staff record it). */
export const answerConsent = (core: Core, memberId: string | number, purpose: string, granted: boolean) =>
  core.queries.action<MemberConsents>(`members/${encodeURIComponent(String(memberId))}/consents`, { purpose, granted }, { invalidates: ['consents'] });

export const broadcast = (core: Core, body: Record<string, unknown>) => core.queries.action<BroadcastAnswer>('members/broadcast', body, { invalidates: body.dry_run ? [] : ['messages'] });

/** A 422's messages by field, when the failure is one. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const cause = error instanceof Error && error.cause instanceof ApiError ? error.cause : error;
  if (!(cause instanceof ApiError) || cause.status !== 422) return {};
  const errors = (cause.data as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}
