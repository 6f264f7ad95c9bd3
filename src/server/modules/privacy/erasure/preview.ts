import type { Db } from '../../../db/database.js';
import { erasureCounts, erasureRefusal, type ErasedPart } from './erase.js';
import { keptData, type KeptItem } from './kept.js';
import { readTarget, type Schema } from './target.js';

/** A member's erasure as it happened (who, when, on which request). */
export interface ErasureRecord {
  erased_at: string;
  reason: 'pedido' | 'retencao';
  request: number | null;
  actor_name: string | null;
}

export interface ErasurePreview {
  member: { _id: number; number: number; erased_at: string | null; left_on: string | null };
  /** Why it cannot be erased now (pt-PT); null: it can. */
  refusal: string | null;
  erased: ErasedPart[];
  kept: KeptItem[];
  /** Done already: how. */
  erasure: ErasureRecord | null;
  /** The member's open erasure requests, for the erasure to answer. */
  requests: { _id: number; received_on: string; due_on: string; requester_name: string }[];
}

/** GET /members/{id}/erasure's answer; undefined when there is no such member. */
export async function erasurePreview(db: Db, id: number, schema: Schema): Promise<ErasurePreview | undefined> {
  const target = await readTarget(db, id);
  if (!target) return undefined;
  const done = await db.selectFrom('member_erasures').select(['erased_at', 'reason', 'request', 'actor_name']).where('member', '=', id).executeTakeFirst();
  const requests = await db
    .selectFrom('data_subject_requests')
    .select(['_id', 'received_on', 'due_on', 'requester_name'])
    .where('member', '=', id)
    .where('kind', '=', 'apagamento')
    .where('status', '=', 'aberto')
    .orderBy('received_on')
    .execute();
  return {
    member: {
      _id: id,
      number: target.number,
      erased_at: target.member.erased_at ? String(target.member.erased_at) : null,
      left_on: target.member.left_on ? String(target.member.left_on) : null,
    },
    refusal: await erasureRefusal(db, target),
    erased: done ? [] : await erasureCounts(db, target, schema),
    kept: await keptData(db, target, schema),
    erasure: done ? { erased_at: done.erased_at, reason: done.reason, request: done.request, actor_name: done.actor_name } : null,
    requests: requests.map((r) => ({ _id: Number(r._id), received_on: String(r.received_on), due_on: String(r.due_on), requester_name: String(r.requester_name) })),
  };
}
