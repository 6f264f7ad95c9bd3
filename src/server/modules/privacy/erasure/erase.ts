import { sql } from 'kysely';
import { lisbonDay } from '../../../../core/days.js';
import { recordAudit, type AuditActor } from '../../../audit/record.js';
import type { Db, Engine } from '../../../db/database.js';
import { conflict, notFound } from '../../../errors.js';
import type { FileStore } from '../../../files/store.js';
import { ERASURE_STEPS, type StepContext } from './steps.js';
import { readTarget, type ErasureTarget, type Schema } from './target.js';

export type ErasureReason = 'pedido' | 'retencao';

export interface EraseOptions {
  memberId: number;
  actor: AuditActor;
  address: string | null;
  reason: ErasureReason;
  /** The data-subject request it answers (validated by the caller), if any. */
  request: number | null;
  now: number;
  schema: Schema;
  engine: Engine;
}

export interface ErasedPart {
  key: string;
  label: string;
  count: number;
}

export interface ErasureOutcome {
  member: number;
  erased_at: string;
  erased: ErasedPart[];
  /** Bytes to remove once the transaction committed (photos, documents, card PDFs). */
  removeAfterCommit: string[];
}

const ERASED_ANSWER = (day: string) =>
  `Dados pessoais apagados em ${day.split('-').reverse().join('/')}. Ficam, pelo prazo legal, os documentos fiscais (recibos e donativos) e a contabilidade, ligados ao número de sócio.`;

/** Why this member cannot be erased now (pt-PT), or null. */
export async function erasureRefusal(db: Db, target: ErasureTarget): Promise<string | null> {
  if (target.member.erased_at) return 'Os dados pessoais deste sócio já foram apagados.';
  const state = await db.selectFrom('member_states').select(['marksEnd', 'name']).where('_id', '=', Number(target.member.state)).executeTakeFirst();
  if (!state || !Number(state.marksEnd)) {
    return `O sócio está no estado «${state?.name ?? '?'}». Mude primeiro o estado para um estado de saída (por exemplo, Desistente): um sócio ativo continua a receber quotas e mensagens.`;
  }
  const pending = await db.selectFrom('direct_debit_items').select('_id').where('member', '=', target.id).where('pending_debt', 'is not', null).limit(1).executeTakeFirst();
  if (pending) return 'Há uma cobrança por débito direto deste sócio à espera do banco: registe primeiro o seu resultado.';
  return null;
}

/** What each step would touch, read in `db` (the preview, and the erasure's own summary). */
export async function erasureCounts(db: Db, target: ErasureTarget, schema: Schema): Promise<ErasedPart[]> {
  const step: StepContext = { db, target, schema, stamp: '', removeAfterCommit: [] };
  const parts: ErasedPart[] = [];
  for (const s of ERASURE_STEPS) parts.push({ key: s.key, label: s.label, count: await s.count(step) });
  return parts;
}

/**
 * Erases a member's personal data inside `trx` (the caller's one transaction): every step of
 * ERASURE_STEPS, the record of the erasure (member_erasures, unique per member), the request it
 * answers marked answered, and an audit entry that holds no personal data. Fiscal documents,
 * donations and the ledger are not touched. Refused (409) when erasureRefusal says so; the
 * member is locked first, so two erasures at once make one.
 */
export async function eraseMember(trx: Db, options: EraseOptions): Promise<ErasureOutcome> {
  const { memberId: id, now, schema } = options;
  if (options.engine === 'postgres') await sql`SELECT _id FROM members WHERE _id = ${id} FOR UPDATE`.execute(trx);
  const target = await readTarget(trx, id);
  if (!target) throw notFound('Sócio não encontrado.');
  const refusal = await erasureRefusal(trx, target);
  if (refusal) throw conflict(refusal);
  if (options.request !== null && !target.requests.includes(options.request)) target.requests.push(options.request);
  const stamp = new Date(now).toISOString();
  const step: StepContext = { db: trx, target, schema, stamp, removeAfterCommit: [] };
  const erased = await erasureCounts(trx, target, schema);
  for (const s of ERASURE_STEPS) await s.erase(step);

  const actor = options.actor;
  const actorId = actor.kind === 'user' || actor.kind === 'apiKey' ? actor.id : null;
  await trx
    .insertInto('member_erasures')
    .values({
      created_at: stamp,
      updated_at: stamp,
      member: id,
      erased_at: stamp,
      reason: options.reason,
      request: options.request,
      actor_kind: actor.kind,
      actor_id: actorId,
      actor_name: actor.kind === 'anonymous' ? null : actor.name.slice(0, 200),
      summary: JSON.stringify(erased.map(({ key, count }) => ({ key, count }))),
    })
    .execute();
  const audit = { at: now, actor, address: options.address } as const;
  await recordAudit(trx, { ...audit, resource: 'members', recordId: id, action: 'erase', changes: { erased_at: [null, stamp], request: [null, options.request] } });

  if (options.request !== null) {
    const request = await trx.selectFrom('data_subject_requests').selectAll().where('_id', '=', options.request).executeTakeFirstOrThrow();
    const day = lisbonDay(now);
    const answer = request.answer && String(request.answer).trim() !== '' ? request.answer : ERASED_ANSWER(day);
    const closing = request.status === 'aberto';
    await trx
      .updateTable('data_subject_requests')
      .set({
        member: id,
        requester_name: 'Titular apagado',
        requester_contact: null,
        ...(closing ? { status: 'respondido', answered_on: day, answer, handled_by: actor.kind === 'user' ? actor.id : null } : {}),
        updated_at: stamp,
        _version: sql`_version + 1`,
      })
      .where('_id', '=', options.request)
      .execute();
    await recordAudit(trx, {
      ...audit,
      resource: 'data_subject_requests',
      recordId: options.request,
      action: 'update',
      changes: closing ? { status: [request.status, 'respondido'], answered_on: [request.answered_on ?? null, day] } : { member: [request.member ?? null, id] },
    });
  }
  return { member: id, erased_at: stamp, erased, removeAfterCommit: step.removeAfterCommit };
}

/** Removes the erased files' bytes after the commit; a failure leaves unreferenced bytes, never a broken row. */
export async function removeErasedBytes(store: FileStore, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => store.remove(key)));
}
