// A member's erasure as the back office asks for it: the preview (GET members/{id}/erasure) and
// the erasure itself (POST members/{id}/erase, administrators only).
import type { Core } from '../../../core/core.js';
import type { QuerySpec } from '../../../core/queries.js';

export interface ErasedPart {
  key: string;
  label: string;
  count: number;
}

export interface KeptItem {
  key: string;
  label: string;
  reason: string;
  /** YYYY-MM-DD, or null: for as long as the association keeps its records. */
  until: string | null;
  count: number;
}

export interface ErasurePreview {
  member: { _id: number; number: number; erased_at: string | null; left_on: string | null };
  refusal: string | null;
  erased: ErasedPart[];
  kept: KeptItem[];
  erasure: { erased_at: string; reason: 'pedido' | 'retencao'; request: number | null; actor_name: string | null } | null;
  requests: { _id: number; received_on: string; due_on: string; requester_name: string }[];
}

export interface ErasureDone {
  member: number;
  erased_at: string;
  erased: ErasedPart[];
}

// Whatever an erasure changes makes the preview stale.
const CHANGED = ['members', 'member_applications', 'messages', 'users', 'membership_cards', 'data_subject_requests', 'member_files'];

export const erasureQuery = (memberId: string): QuerySpec => ({ path: `members/${encodeURIComponent(memberId)}/erasure`, resources: ['members', 'data_subject_requests'] });

export function eraseMember(core: Pick<Core, 'queries'>, memberId: string, confirmNumber: number, request: number | null): Promise<ErasureDone> {
  return core.queries.action<ErasureDone>(`members/${encodeURIComponent(memberId)}/erase`, { confirm_number: confirmNumber, request }, { invalidates: CHANGED });
}
