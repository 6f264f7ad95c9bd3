import { sql } from 'kysely';
import { STAFF_ROLES } from '../../../core/contract.js';
import type { Caller } from '../../auth/caller.js';
import type { Db, Row } from '../../db/database.js';
import { coded, invalidRecord } from '../../errors.js';
import { defineAction, type ActionContext } from '../../resources/actions.js';
import { publishChange } from '../../resources/events.js';
import { readRow, toRecord } from '../../resources/records.js';
import { announceLedger, announceReceipt, lockMember, OWING, recordPayment, type RecordedPayment, refreshBalances } from '../dues/public.js';
import { lisbonDay } from '../../../core/days.js';
import { batches, items } from './batches.js';
import { readCreditor } from './creditor.js';
import { mandates } from './mandates.js';

const iso = (now: number) => new Date(now).toISOString();
const userOf = (caller: Caller): number | null => (caller.kind === 'user' ? caller.id : null);

/** Why a debt asked for stayed out of a batch: a stable code and the pt-PT words staff read. */
const EXCLUSIONS = {
  not_open: 'A dívida não está em aberto.',
  no_mandate: 'O sócio não tem um mandato de débito direto ativo.',
  already_pending: 'A dívida já está pendente noutro lote de débito direto.',
  above_mandate_maximum: 'O valor excede o máximo do mandato: usa referência Multibanco.',
} as const;
type ExclusionCode = keyof typeof EXCLUSIONS;

interface Exclusion {
  debt: number;
  member: number;
  code: ExclusionCode;
  reason: string;
  /** How the debt is to be paid instead ('multibanco' for a debt above the mandate's maximum). */
  fallback: 'multibanco' | null;
}

/** The payment's external id: one per batch and debt, so confirming twice records one payment. */
const externalIdOf = (item: Row) => `sepa-dd:${Number(item.batch)}:${Number(item.debt)}`;

/** Announces, after commit, that these batches and items changed (to staff, who alone read them). */
function announce(context: ActionContext, changes: { batches?: readonly number[]; items?: readonly number[]; created?: boolean }): void {
  context.afterCommit(async () => {
    const action = changes.created ? 'created' : 'updated';
    for (const id of changes.batches ?? []) await publishChange(context.ctx.bus, batches, { action, id }, []);
    for (const id of changes.items ?? []) await publishChange(context.ctx.bus, items, { action, id }, []);
  });
}

interface Candidate {
  debt: number;
  member: number;
  amount: number;
  paid: number;
  status: string;
  mandate: number | null;
  max_amount: number | null;
  sequence: string | null;
  pending: number | null;
}

async function candidates(db: Db, chosen: readonly number[] | null, dueUntil: string | null): Promise<Candidate[]> {
  let query = db
    .selectFrom('unsettled_payments as d')
    .leftJoin('sepa_mandates as m', (join) => join.onRef('m.member', '=', 'd.member').on('m.state', '=', 'active'))
    .leftJoin('direct_debit_items as p', 'p.pending_debt', 'd._id')
    .select(['d._id as debt', 'd.member as member', 'd.amount as amount', 'd.paid as paid', 'd.status as status', 'm._id as mandate', 'm.max_amount as max_amount', 'm.sequence as sequence', 'p.batch as pending'])
    .orderBy('d.member')
    .orderBy('d.due_date')
    .orderBy('d._id');
  if (chosen) query = query.where('d._id', 'in', chosen);
  else query = query.where('d.due_date', '<=', dueUntil!).where('d.status', 'in', OWING).where('m._id', 'is not', null);
  return (await query.execute()).map((row) => ({
    debt: Number(row.debt),
    member: Number(row.member),
    amount: Number(row.amount),
    paid: Number(row.paid),
    status: String(row.status),
    mandate: row.mandate === null ? null : Number(row.mandate),
    max_amount: row.max_amount === null ? null : Number(row.max_amount),
    sequence: row.sequence === null ? null : String(row.sequence),
    pending: row.pending === null ? null : Number(row.pending),
  }));
}

const exclusion = (candidate: Pick<Candidate, 'debt' | 'member'>, code: ExclusionCode): Exclusion => ({
  debt: candidate.debt,
  member: candidate.member,
  code,
  reason: EXCLUSIONS[code],
  fallback: code === 'above_mandate_maximum' ? 'multibanco' : null,
});

/**
 * POST /direct_debit_batches/prepare: a batch of the chosen open debts (or all open debts due up
 * to a date) of members with an active mandate. A debt above its mandate's maximum stays out,
 * reported to be paid by Multibanco reference; a debt already pending in a batch stays out too.
 */
const prepareAction = defineAction({
  resource: 'direct_debit_batches',
  name: 'prepare',
  label: 'Preparar lote de débito direto',
  on: 'collection',
  access: STAFF_ROLES,
  fields: [
    { name: 'collection_date', type: 'date', label: 'Data de cobrança', validation: { required: true } },
    { name: 'debts', type: 'references', ref: 'unsettled_payments', label: 'Dívidas a cobrar' },
    { name: 'due_until', type: 'date', label: 'Dívidas vencidas até' },
  ],
  async run(context) {
    const { input, db, ctx, caller } = context;
    const chosen = Array.isArray(input.debts) && input.debts.length > 0 ? [...new Set(input.debts.map(Number))] : null;
    const dueUntil = typeof input.due_until === 'string' && input.due_until !== '' ? input.due_until : null;
    if (!chosen && !dueUntil) throw invalidRecord({ debts: 'Escolha as dívidas a cobrar, ou indique até que data de vencimento cobrar as dívidas em aberto.' });
    const collectionDate = String(input.collection_date);
    if (collectionDate < lisbonDay(ctx.now())) throw invalidRecord({ collection_date: 'A data de cobrança não pode ser anterior a hoje.' });
    await readCreditor(db);

    const excluded: Exclusion[] = [];
    const included: Candidate[] = [];
    for (const candidate of await candidates(db, chosen, dueUntil)) {
      if (!OWING.includes(candidate.status as (typeof OWING)[number])) excluded.push(exclusion(candidate, 'not_open'));
      else if (candidate.mandate === null) excluded.push(exclusion(candidate, 'no_mandate'));
      else if (candidate.pending !== null) excluded.push(exclusion(candidate, 'already_pending'));
      else if (candidate.max_amount !== null && candidate.amount - candidate.paid > candidate.max_amount) excluded.push(exclusion(candidate, 'above_mandate_maximum'));
      else included.push(candidate);
    }

    const stamp = iso(ctx.now());
    const batch = Number(
      (
        await db
          .insertInto('direct_debit_batches')
          .values({ collection_date: collectionDate, state: 'open', item_count: 0, total: 0, created_by: userOf(caller), created_at: stamp, updated_at: stamp, _version: 1 })
          .returning('_id')
          .executeTakeFirstOrThrow()
      )._id,
    );
    const made: number[] = [];
    let total = 0;
    for (const candidate of included) {
      const amount = candidate.amount - candidate.paid;
      // The unique pending_debt decides: a debt another batch took meanwhile is left out, never doubled.
      const row = await db
        .insertInto('direct_debit_items')
        .values({
          batch,
          debt: candidate.debt,
          member: candidate.member,
          mandate: candidate.mandate!,
          amount,
          sequence_type: candidate.sequence === 'first' ? 'FRST' : 'RCUR',
          state: 'pending',
          pending_debt: candidate.debt,
          created_at: stamp,
          updated_at: stamp,
          _version: 1,
        })
        .onConflict((oc) => oc.column('pending_debt').doNothing())
        .returning('_id')
        .executeTakeFirst();
      if (!row) {
        excluded.push(exclusion(candidate, 'already_pending'));
        continue;
      }
      made.push(Number(row._id));
      total += amount;
    }
    if (made.length === 0) {
      const reasons = [...new Set(excluded.map((e) => e.reason))].join(' ');
      throw invalidRecord({ debts: `Nenhuma dívida pode ser cobrada por débito direto.${reasons ? ` ${reasons}` : ''}` });
    }
    await db.updateTable('direct_debit_batches').set({ item_count: made.length, total }).where('_id', '=', batch).execute();
    announce(context, { batches: [batch], items: made, created: true });
    const row = await readRow(db, batches, batch);
    return { batch: toRecord(batches, row!, caller), items: made.length, total, excluded };
  },
});

/** Closes the batch once none of its items is pending. */
async function closeIfDone(db: Db, batch: number, now: number): Promise<void> {
  const pending = await db.selectFrom('direct_debit_items').select('_id').where('batch', '=', batch).where('state', '=', 'pending').executeTakeFirst();
  if (pending) return;
  await db
    .updateTable('direct_debit_batches')
    .set({ state: 'closed', updated_at: iso(now), _version: sql`_version + 1` })
    .where('_id', '=', batch)
    .where('state', '=', 'open')
    .execute();
}

/**
 * The bank collected an item: records the payment through the dues ledger (method débito direto,
 * on that debt, or as credit if the debt was settled otherwise meanwhile) under the item's
 * external id, so a second confirmation records nothing. Answers the payment's id and what numbers
 * its receipt: the action calls it after its other writes (the series row stays locked from the
 * number to the commit) and announces the receipt (issueReceipts).
 */
async function confirmItem(context: ActionContext, item: Row, date: string | null): Promise<{ payment: number; issueReceipt: RecordedPayment['issueReceipt'] }> {
  const { db, ctx, caller } = context;
  const member = Number(item.member);
  await lockMember(db, ctx.database.engine, member);
  const externalId = externalIdOf(item);
  const existing = await db.selectFrom('payments').select('_id').where('external_id', '=', externalId).executeTakeFirst();
  let payment: number;
  let issueReceipt: RecordedPayment['issueReceipt'] = () => Promise.resolve(null);
  if (existing) {
    payment = Number(existing._id);
  } else {
    const debt = await db.selectFrom('unsettled_payments').select(['status']).where('_id', '=', Number(item.debt)).executeTakeFirstOrThrow();
    const mandate = await readRow(db, mandates, Number(item.mandate));
    const batch = await readRow(db, batches, Number(item.batch));
    const owing = OWING.includes(String(debt.status) as (typeof OWING)[number]);
    const result = await recordPayment(
      db,
      {
        member,
        date: date ?? String(batch!.collection_date),
        amount: Number(item.amount),
        method: 'debito_direto',
        reference: `Mandato ${String(mandate!.reference)}`,
        debts: owing ? [Number(item.debt)] : [],
        recordedBy: userOf(caller),
        externalId,
      },
      ctx,
    );
    payment = result.payment;
    await refreshBalances(db, ctx.now(), [member]);
    announceLedger(context, [member], [
      { resource: 'payments', id: payment, action: 'created' },
      { resource: 'unsettled_payments', id: Number(item.debt) },
      { resource: 'payment_allocations', id: member },
      { resource: 'member_balances', id: member },
    ]);
    issueReceipt = result.issueReceipt;
  }
  const stamp = iso(ctx.now());
  await db
    .updateTable('direct_debit_items')
    .set({ state: 'confirmed', pending_debt: null, payment, resolved_by: userOf(caller), resolved_at: stamp, updated_at: stamp, _version: sql`_version + 1` })
    .where('_id', '=', Number(item._id))
    .execute();
  // The mandate's first collection went through: the next ones are recurrent.
  await db
    .updateTable('sepa_mandates')
    .set({ sequence: 'recurrent', updated_at: stamp, _version: sql`_version + 1` })
    .where('_id', '=', Number(item.mandate))
    .where('sequence', '=', 'first')
    .execute();
  return { payment, issueReceipt };
}

/** Numbers the confirmed items' receipts, in order, after the action's other writes, and announces them after the commit. */
async function issueReceipts(context: ActionContext, confirmed: readonly { issueReceipt: RecordedPayment['issueReceipt'] }[]): Promise<void> {
  for (const { issueReceipt } of confirmed) announceReceipt(context, await issueReceipt());
}

/** The bank returned an item (refused, no funds, mandate revoked...): the debt is free again. */
async function rejectItem(context: ActionContext, item: Row, reason: string): Promise<void> {
  const stamp = iso(context.ctx.now());
  await context.db
    .updateTable('direct_debit_items')
    .set({ state: 'rejected', pending_debt: null, reason, resolved_by: userOf(context.caller), resolved_at: stamp, updated_at: stamp, _version: sql`_version + 1` })
    .where('_id', '=', Number(item._id))
    .execute();
}

const DATE_FIELD = { name: 'date', type: 'date', label: 'Data do pagamento' } as const;
const REASON_FIELD = { name: 'reason', type: 'string', label: 'Motivo da devolução', validation: { required: true, maxLength: 500 } } as const;

const confirmedAlready = () => coded(409, 'ledger_conflict', 'Esta cobrança já foi confirmada: se o banco a devolveu depois, anule o pagamento.');
const rejectedAlready = () => coded(409, 'ledger_conflict', 'Esta cobrança foi devolvida: não pode ser confirmada.');

/** POST /direct_debit_items/{id}/confirm: the bank collected it. Confirming again changes nothing. */
const confirmItemAction = defineAction({
  resource: 'direct_debit_items',
  name: 'confirm',
  label: 'Confirmar cobrança',
  on: 'record',
  access: STAFF_ROLES,
  fields: [DATE_FIELD],
  async run(context) {
    const item = context.record!;
    if (item.state === 'confirmed') return undefined;
    if (item.state === 'rejected') throw rejectedAlready();
    const confirmed = await confirmItem(context, item, (context.input.date as string | null | undefined) ?? null);
    await closeIfDone(context.db, Number(item.batch), context.ctx.now());
    await issueReceipts(context, [confirmed]);
    announce(context, { batches: [Number(item.batch)], items: [Number(item._id)] });
    return undefined;
  },
});

/** POST /direct_debit_items/{id}/reject: the bank returned it; its debt is free for another way of paying. */
const rejectItemAction = defineAction({
  resource: 'direct_debit_items',
  name: 'reject',
  label: 'Registar devolução',
  on: 'record',
  access: STAFF_ROLES,
  fields: [REASON_FIELD],
  async run(context) {
    const item = context.record!;
    if (item.state === 'rejected') return undefined;
    if (item.state === 'confirmed') throw confirmedAlready();
    await rejectItem(context, item, String(context.input.reason));
    await closeIfDone(context.db, Number(item.batch), context.ctx.now());
    announce(context, { batches: [Number(item.batch)], items: [Number(item._id)] });
    return undefined;
  },
});

const pendingItems = (db: Db, batch: number) =>
  db.selectFrom('direct_debit_items').selectAll().where('batch', '=', batch).where('state', '=', 'pending').orderBy('_id').execute();

/** POST /direct_debit_batches/{id}/confirm: every item still pending was collected. */
const confirmBatchAction = defineAction({
  resource: 'direct_debit_batches',
  name: 'confirm',
  label: 'Confirmar todas as cobranças pendentes',
  on: 'record',
  access: STAFF_ROLES,
  fields: [DATE_FIELD],
  async run(context) {
    const batch = Number(context.record!._id);
    const pending = await pendingItems(context.db, batch);
    const confirmed = [];
    for (const item of pending) confirmed.push(await confirmItem(context, item, (context.input.date as string | null | undefined) ?? null));
    await closeIfDone(context.db, batch, context.ctx.now());
    await issueReceipts(context, confirmed);
    announce(context, { batches: [batch], items: pending.map((i) => Number(i._id)) });
    return undefined;
  },
});

/** POST /direct_debit_batches/{id}/reject: every item still pending was returned (the whole file refused). */
const rejectBatchAction = defineAction({
  resource: 'direct_debit_batches',
  name: 'reject',
  label: 'Registar devolução de todas as cobranças pendentes',
  on: 'record',
  access: STAFF_ROLES,
  fields: [REASON_FIELD],
  async run(context) {
    const batch = Number(context.record!._id);
    const pending = await pendingItems(context.db, batch);
    for (const item of pending) await rejectItem(context, item, String(context.input.reason));
    await closeIfDone(context.db, batch, context.ctx.now());
    announce(context, { batches: [batch], items: pending.map((i) => Number(i._id)) });
    return undefined;
  },
});

export const DIRECT_DEBIT_ACTIONS = [prepareAction, confirmItemAction, rejectItemAction, confirmBatchAction, rejectBatchAction] as const;
