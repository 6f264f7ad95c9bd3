import { diffRecords, recordAudit } from '../../audit/record.js';
import type { ServerContext } from '../../context.js';
import type { Db, Row } from '../../db/database.js';
import { conflict, invalidRecord } from '../../errors.js';
import type { ActionContext } from '../../resources/actions.js';
import { owningUsers, publishChange } from '../../resources/events.js';
import { readRow } from '../../resources/records.js';
import { readSettings } from '../../settings/read.js';
import { lisbonDay } from '../../../core/days.js';
import { TREASURY_SWITCH } from './enabled.js';
import { issueTreasuryDocument } from './issue.js';
import { noteNumber, receiptRowOfPayment } from './payment-receipts.js';
import { treasuryDocs } from './resources.js';
import type { DocLine, TreasuryDocSnapshot } from './types.js';

/**
 * Annuls a treasury document inside the caller's transaction: issues its 'nota de anulação'
 * (the next number of the annulment series, lines and payer copied, the reason kept) and marks
 * the document as annulled by it. The document itself stays as issued. Refuses a note, and a
 * document already annulled (409, naming its note). Answers the note's row.
 */
export async function annulTreasuryDocument(db: Db, ctx: Pick<ServerContext, 'config' | 'files' | 'now'>, doc: Row, reason: string, by: number | null): Promise<Row> {
  if (doc.type === 'annulment') throw conflict('Uma nota de anulação não pode ser anulada.');
  if (doc.annulled_by_doc !== null && doc.annulled_by_doc !== undefined) {
    const note = await db.selectFrom('treasury_docs').select('number').where('_id', '=', Number(doc.annulled_by_doc)).executeTakeFirst();
    throw conflict(`Este documento já foi anulado pela nota ${(note?.number ?? '')}.`);
  }
  const snapshot = JSON.parse(String(doc.snapshot)) as TreasuryDocSnapshot;
  const lines: DocLine[] = snapshot.lines.map((line) => ({ description: `Anulação: ${line.description}`, amount: line.amount }));
  const note = await issueTreasuryDocument(db, ctx, {
    type: 'annulment',
    payer: { ...snapshot.payer, member: (doc.member as number | null) ?? null, contact: (doc.contact as number | null) ?? null },
    lines,
    issueDate: lisbonDay(ctx.now()),
    by,
    annuls: { doc: Number(doc._id), number: String(doc.number), reason },
  });
  await db.updateTable('treasury_docs').set({ annulled_by_doc: Number(note._id), updated_at: new Date(ctx.now()).toISOString() }).where('_id', '=', Number(doc._id)).execute();
  return note;
}

/** After the commit: the annulled document changed and its note exists, for whoever may read them. */
function announceAnnulment(context: Pick<ActionContext, 'afterCommit' | 'ctx'>, doc: Row, note: Row): void {
  context.afterCommit(async () => {
    const owners = await owningUsers(context.ctx.database.db, treasuryDocs, [doc], context.ctx.now());
    await publishChange(context.ctx.bus, treasuryDocs, { action: 'updated', id: Number(doc._id) }, owners);
    await publishChange(context.ctx.bus, treasuryDocs, { action: 'created', id: Number(note._id) }, owners);
  });
}

/**
 * Annuls a payment's receipt with the payment's own reason, inside the action annulling the
 * payment: refused (422 on `annul_receipt`) when the treasury is off or the payment has no
 * receipt, and (409) when its receipt was annulled already; audited as the receipt's annulment.
 */
export async function annulReceiptOfPayment(context: ActionContext, paymentId: number, reason: string): Promise<Row> {
  const { db, ctx, caller } = context;
  const on = await readSettings(db, [TREASURY_SWITCH.setting]);
  if (on[TREASURY_SWITCH.setting] !== true) throw invalidRecord({ annul_receipt: 'A tesouraria não está ativa: não há recibo a anular.' });
  const receipt = await receiptRowOfPayment(db, paymentId);
  if (!receipt) throw invalidRecord({ annul_receipt: 'Este pagamento não tem recibo a anular.' });
  if (receipt.annulled_by_doc !== null && receipt.annulled_by_doc !== undefined) {
    throw conflict(`O recibo ${String(receipt.number)} já foi anulado pela nota ${(await noteNumber(db, receipt.annulled_by_doc)) ?? ''}.`);
  }
  const before = await readRow(db, treasuryDocs, Number(receipt._id));
  const note = await annulTreasuryDocument(db, ctx, receipt, reason, caller.kind === 'user' ? caller.id : null);
  const after = await readRow(db, treasuryDocs, Number(receipt._id));
  await recordAudit(db, { at: ctx.now(), actor: caller, address: context.address, resource: treasuryDocs.name, recordId: Number(receipt._id), action: 'annul', changes: diffRecords(treasuryDocs, before, after) });
  announceAnnulment(context, receipt, note);
  return note;
}
