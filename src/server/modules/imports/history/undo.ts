// How a history batch is undone (the imports undo registry runs these, newest change first, in one
// transaction): its receipts annulled by a note (a numbered document is never deleted), its
// allocations taken back, its payments and debts deleted (a payment whose receipt the batch issued
// is annulled instead), the receipts totals and the balances following. Later work on an imported
// debt or payment (a payment allocated to it, a receipt, an annulment, a waiver) blocks its undo.
import type { ImportBlocker } from '../../../../core/contract.js';
import { formatCents } from '../../../../core/number-format.js';
import { recordAudit } from '../../../audit/record.js';
import { lisbonDay } from '../../../../core/days.js';
import type { Db } from '../../../db/database.js';
import { conflict } from '../../../errors.js';
import { addReceiptTotals, annulPayment, refreshBalances } from '../../dues/public.js';
import { annulTreasuryDocument } from '../../treasury/public.js';
import { recordKey, undoAudit, type ResourceUndo, type UndoChange, type UndoContext } from '../undo-registry.js';
import { HISTORY_RESOURCES } from './apply.js';
import { ptDay } from './values.js';

/** The reason an undo writes on what it annuls. */
const UNDO_REASON = 'Importação do histórico anulada';
const SETTLED = new Set(['open', 'partial', 'paid']);

const userOf = (undo: UndoContext) => (undo.actor.caller.kind === 'user' ? undo.actor.caller.id : null);

async function whoIs(db: Db, member: number): Promise<string> {
  const row = await db.selectFrom('members').select(['name', 'number']).where('_id', '=', member).executeTakeFirst();
  return row ? `${row.name} (n.º ${row.number})` : `sócio ${member}`;
}

const paymentLabel = async (db: Db, p: { member: number; amount: number; date: string }) => `Pagamento de ${formatCents(Number(p.amount))} de ${await whoIs(db, Number(p.member))} em ${ptDay(p.date)}`;
const debtLabel = async (db: Db, d: { member: number; description: string; amount: number }) => `Dívida ${d.description} de ${formatCents(Number(d.amount))} de ${await whoIs(db, Number(d.member))}`;

async function audit(undo: UndoContext, resource: string, recordId: number): Promise<void> {
  await recordAudit(undo.trx, { at: undo.app.ctx.now(), actor: undo.actor.caller, address: undo.actor.address, resource, recordId, ...undoAudit(undo.batchId) });
}

const ids = (changes: readonly UndoChange[]) => changes.map((c) => c.recordId);

/**
 * Takes `delta` cents of an allocation back: the debt's paid sum and status, the payment's
 * allocated sum, and the receipts totals (from the payment's date, so no day ever counted it).
 */
async function takeBack(db: Db, allocation: { debt: number; payment: number }, delta: number, now: number): Promise<void> {
  const stamp = new Date(now).toISOString();
  const debt = await db.selectFrom('unsettled_payments').select(['_id', 'amount', 'paid', 'status', 'year']).where('_id', '=', allocation.debt).executeTakeFirstOrThrow();
  const payment = await db.selectFrom('payments').select(['_id', 'allocated', 'method', 'date']).where('_id', '=', allocation.payment).executeTakeFirstOrThrow();
  const paid = Number(debt.paid) - delta;
  const status = SETTLED.has(debt.status) ? (paid <= 0 ? 'open' : paid >= Number(debt.amount) ? 'paid' : 'partial') : debt.status;
  await db.updateTable('unsettled_payments').set((eb) => ({ paid, status, updated_at: stamp, _version: eb('_version', '+', 1) })).where('_id', '=', debt._id).execute();
  await db.updateTable('payments').set((eb) => ({ allocated: Number(payment.allocated) - delta, updated_at: stamp, _version: eb('_version', '+', 1) })).where('_id', '=', payment._id).execute();
  await addReceiptTotals(db, [{ basis: 'accrual', debtYear: Number(debt.year), method: payment.method, date: payment.date, countsFrom: payment.date, amount: -delta }]);
}

const allocationsUndo: ResourceUndo = {
  resource: HISTORY_RESOURCES.allocations,
  async blockers(undo, changes) {
    const blockers: ImportBlocker[] = [];
    if (changes.length === 0) return blockers;
    const rows = await undo.trx
      .selectFrom('payment_allocations as a')
      .innerJoin('payments as p', 'p._id', 'a.payment')
      .innerJoin('unsettled_payments as d', 'd._id', 'a.debt')
      .select(['a._id', 'p._id as payment', 'p.member', 'p.amount', 'p.date', 'p.annulled_at', 'd._id as debt', 'd.description', 'd.amount as debt_amount', 'd.status'])
      .where('a._id', 'in', ids(changes))
      .execute();
    for (const row of rows) {
      const record = { resource: HISTORY_RESOURCES.allocations, id: Number(row._id) };
      if (row.annulled_at) blockers.push({ resource: 'payments', id: Number(row.payment), label: await paymentLabel(undo.trx, row), reason: 'O pagamento foi anulado depois da importação.', record });
      else if (!SETTLED.has(row.status)) {
        blockers.push({ resource: 'unsettled_payments', id: Number(row.debt), label: await debtLabel(undo.trx, { member: row.member, description: row.description, amount: row.debt_amount }), reason: 'A dívida foi perdoada ou anulada depois da importação.', record });
      }
    }
    return blockers;
  },
  async label(undo, change) {
    const row = await undo.trx.selectFrom('payment_allocations as a').innerJoin('unsettled_payments as d', 'd._id', 'a.debt').select(['a.amount', 'd.description']).where('a._id', '=', change.recordId).executeTakeFirst();
    return row ? `Aplicação de ${formatCents(Number(row.amount))} a ${row.description}` : `Aplicação ${change.recordId}`;
  },
  async restore(undo, change) {
    const row = await undo.trx.selectFrom('payment_allocations').selectAll().where('_id', '=', change.recordId).executeTakeFirst();
    if (!row) return;
    const before = change.action === 'created' ? 0 : Number(change.before?.amount ?? 0);
    const delta = Number(row.amount) - before;
    if (delta !== 0) await takeBack(undo.trx, row, delta, undo.app.ctx.now());
    if (change.action === 'created') await undo.trx.deleteFrom('payment_allocations').where('_id', '=', row._id).execute();
    else await undo.trx.updateTable('payment_allocations').set((eb) => ({ amount: before, updated_at: new Date(undo.app.ctx.now()).toISOString(), _version: eb('_version', '+', 1) })).where('_id', '=', row._id).execute();
    await refreshBalances(undo.trx, undo.app.ctx.now(), [Number(row.member)]);
  },
};

const paymentsUndo: ResourceUndo = {
  resource: HISTORY_RESOURCES.payments,
  async blockers(undo, changes) {
    const blockers: ImportBlocker[] = [];
    if (changes.length === 0) return blockers;
    const payments = await undo.trx.selectFrom('payments').select(['_id', 'member', 'amount', 'date', 'annulled_at']).where('_id', 'in', ids(changes)).execute();
    for (const p of payments) {
      const record = { resource: HISTORY_RESOURCES.payments, id: Number(p._id) };
      const label = await paymentLabel(undo.trx, p);
      if (p.annulled_at) blockers.push({ resource: 'payments', id: Number(p._id), label, reason: 'O pagamento foi anulado depois da importação.', record });
      const receipt = await undo.trx.selectFrom('treasury_doc_payments as l').innerJoin('treasury_docs as d', 'd._id', 'l.doc').select(['d._id', 'd.number', 'd.issue_date']).where('l.payment', '=', p._id).executeTakeFirst();
      if (receipt && !undo.batchRecords.has(recordKey(HISTORY_RESOURCES.receipts, Number(receipt._id)))) {
        blockers.push({ resource: 'treasury_docs', id: Number(receipt._id), label: `Recibo ${receipt.number} de ${await whoIs(undo.trx, Number(p.member))}, emitido em ${ptDay(receipt.issue_date)}`, reason: 'Foi emitido um recibo deste pagamento depois da importação.', record });
      }
      const later = await undo.trx.selectFrom('payment_allocations as a').innerJoin('unsettled_payments as d', 'd._id', 'a.debt').select(['a._id', 'a.amount', 'd.description']).where('a.payment', '=', p._id).execute();
      for (const a of later.filter((a) => !undo.batchRecords.has(recordKey(HISTORY_RESOURCES.allocations, Number(a._id))))) {
        blockers.push({ resource: 'payment_allocations', id: Number(a._id), label: `${label}: ${formatCents(Number(a.amount))} aplicados a ${a.description}`, reason: 'O crédito deste pagamento foi aplicado a outra dívida depois da importação.', record });
      }
    }
    return blockers;
  },
  async label(undo, change) {
    const p = await undo.trx.selectFrom('payments').select(['member', 'amount', 'date']).where('_id', '=', change.recordId).executeTakeFirst();
    return p ? paymentLabel(undo.trx, p) : `Pagamento ${change.recordId}`;
  },
  async restore(undo, change) {
    const { trx } = undo;
    const now = undo.app.ctx.now();
    const payment = await trx.selectFrom('payments').selectAll().where('_id', '=', change.recordId).executeTakeFirst();
    if (!payment) return;
    const documented = await trx.selectFrom('treasury_doc_payments').select('doc').where('payment', '=', payment._id).executeTakeFirst();
    if (documented) {
      // Its receipt (the batch's, annulled by its note just before) keeps it: annulled, not deleted, and its key freed for a new import.
      if (!payment.annulled_at) {
        await annulPayment(trx, payment, UNDO_REASON, userOf(undo), now);
        // The annulment takes the payment back from today; the batch never received it: taken back from its own date instead.
        const annulledOn = lisbonDay(now) > payment.date ? lisbonDay(now) : payment.date;
        const amount = Number(payment.amount);
        await addReceiptTotals(trx, [
          { basis: 'cash', debtYear: null, method: payment.method, date: payment.date, countsFrom: annulledOn, amount },
          { basis: 'cash', debtYear: null, method: payment.method, date: payment.date, countsFrom: payment.date, amount: -amount },
        ]);
      }
      await trx.updateTable('payments').set({ external_id: null }).where('_id', '=', payment._id).execute();
    } else {
      const left = await trx.selectFrom('payment_allocations').select('_id').where('payment', '=', payment._id).limit(1).executeTakeFirst();
      if (left) throw conflict('Este pagamento ainda está aplicado a dívidas.');
      await addReceiptTotals(trx, [{ basis: 'cash', debtYear: null, method: payment.method, date: payment.date, countsFrom: payment.date, amount: -Number(payment.amount) }]);
      await trx.deleteFrom('payments').where('_id', '=', payment._id).execute();
    }
    await audit(undo, HISTORY_RESOURCES.payments, Number(payment._id));
    await refreshBalances(trx, now, [Number(payment.member)]);
  },
};

const debtsUndo: ResourceUndo = {
  resource: HISTORY_RESOURCES.debts,
  async blockers(undo, changes) {
    const blockers: ImportBlocker[] = [];
    if (changes.length === 0) return blockers;
    const debts = await undo.trx.selectFrom('unsettled_payments').select(['_id', 'member', 'description', 'amount', 'status']).where('_id', 'in', ids(changes)).execute();
    for (const d of debts) {
      const record = { resource: HISTORY_RESOURCES.debts, id: Number(d._id) };
      if (!SETTLED.has(d.status)) blockers.push({ resource: 'unsettled_payments', id: Number(d._id), label: await debtLabel(undo.trx, d), reason: 'A dívida foi perdoada ou anulada depois da importação.', record });
      const paying = await undo.trx
        .selectFrom('payment_allocations as a')
        .innerJoin('payments as p', 'p._id', 'a.payment')
        .select(['a._id', 'p._id as payment', 'p.member', 'p.amount', 'p.date'])
        .where('a.debt', '=', d._id)
        .execute();
      for (const a of paying.filter((a) => !undo.batchRecords.has(recordKey(HISTORY_RESOURCES.allocations, Number(a._id))))) {
        blockers.push({ resource: 'payments', id: Number(a.payment), label: await paymentLabel(undo.trx, a), reason: `Foi registado depois da importação e pagou a dívida importada ${d.description}.`, record });
      }
    }
    return blockers;
  },
  async label(undo, change) {
    const d = await undo.trx.selectFrom('unsettled_payments').select(['member', 'description', 'amount']).where('_id', '=', change.recordId).executeTakeFirst();
    return d ? debtLabel(undo.trx, d) : `Dívida ${change.recordId}`;
  },
  async restore(undo, change) {
    const debt = await undo.trx.selectFrom('unsettled_payments').select(['_id', 'member']).where('_id', '=', change.recordId).executeTakeFirst();
    if (!debt) return;
    const paid = await undo.trx.selectFrom('payment_allocations').select('_id').where('debt', '=', debt._id).limit(1).executeTakeFirst();
    if (paid) throw conflict('Esta dívida tem pagamentos aplicados.');
    await undo.trx.deleteFrom('unsettled_payments').where('_id', '=', debt._id).execute();
    await audit(undo, HISTORY_RESOURCES.debts, Number(debt._id));
    await refreshBalances(undo.trx, undo.app.ctx.now(), [Number(debt.member)]);
  },
};

const receiptsUndo: ResourceUndo = {
  resource: HISTORY_RESOURCES.receipts,
  // A receipt the batch issued is annulled by a note whatever happened since; one annulled already stays as it is.
  blockers: async () => [],
  async label(undo, change) {
    const doc = await undo.trx.selectFrom('treasury_docs').select('number').where('_id', '=', change.recordId).executeTakeFirst();
    return doc ? `Recibo ${doc.number}` : `Recibo ${change.recordId}`;
  },
  async restore(undo, change) {
    const doc = await undo.trx.selectFrom('treasury_docs').selectAll().where('_id', '=', change.recordId).executeTakeFirst();
    if (!doc || doc.annulled_by_doc !== null) return;
    await annulTreasuryDocument(undo.trx, undo.app.ctx, doc, UNDO_REASON, userOf(undo));
  },
};

/** The history import's entries in the imports undo registry. */
export const HISTORY_UNDOERS: readonly ResourceUndo[] = [receiptsUndo, allocationsUndo, paymentsUndo, debtsUndo];
