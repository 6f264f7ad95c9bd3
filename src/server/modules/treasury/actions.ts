import { STAFF_ROLES } from '../../../core/contract.js';
import { conflict, invalidRecord } from '../../errors.js';
import { enqueueMessage } from '../../messages/outbox.js';
import { defineAction } from '../../resources/actions.js';
import { readRow, toRecord } from '../../resources/records.js';
import { lisbonDay } from '../dues/today.js';
import { issueTreasuryDocument } from './issue.js';
import { euros } from './pdf/render.js';
import { treasuryDocs } from './resources.js';
import { typeLabel, type DocLine, type TreasuryDocSnapshot } from './types.js';
import { verifyIntegrity } from './verify.js';

const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * POST /treasury_docs/{id}/annul {reason}: issues a 'nota de anulação' for the document. The
 * document itself stays as issued; a payment it documents is annulled by the payments' own action.
 */
const annulDocAction = defineAction({
  resource: 'treasury_docs',
  name: 'annul',
  label: 'Anular documento',
  on: 'record',
  access: STAFF_ROLES,
  fields: [{ name: 'reason', type: 'string', label: 'Motivo', validation: { required: true, maxLength: 500 } }],
  async run({ db, ctx, caller, record, input }) {
    const doc = record!;
    if (doc.type === 'annulment') throw conflict('Uma nota de anulação não pode ser anulada.');
    if (doc.annulled_by_doc !== null && doc.annulled_by_doc !== undefined) {
      const note = await readRow(db, treasuryDocs, Number(doc.annulled_by_doc));
      throw conflict(`Este documento já foi anulado pela nota ${String(note?.number ?? '')}.`);
    }
    const snapshot = JSON.parse(String(doc.snapshot)) as TreasuryDocSnapshot;
    const reason = String(input.reason);
    const lines: DocLine[] = snapshot.lines.map((line) => ({ description: `Anulação: ${line.description}`, amount: line.amount }));
    const note = await issueTreasuryDocument(db, ctx, {
      type: 'annulment',
      payer: { ...snapshot.payer, member: (doc.member as number | null) ?? null, contact: (doc.contact as number | null) ?? null },
      lines,
      issueDate: lisbonDay(ctx.now()),
      by: caller.kind === 'user' ? caller.id : null,
      annuls: { doc: Number(doc._id), number: String(doc.number), reason },
    });
    await db.updateTable('treasury_docs').set({ annulled_by_doc: Number(note._id), updated_at: new Date(ctx.now()).toISOString() }).where('_id', '=', Number(doc._id)).execute();
    return toRecord(treasuryDocs, note, caller);
  },
});

/** POST /treasury_docs/{id}/send: e-mails the document's details to its member, through the outbox. */
const sendDocAction = defineAction({
  resource: 'treasury_docs',
  name: 'send',
  label: 'Enviar por e-mail',
  on: 'record',
  access: STAFF_ROLES,
  async run({ db, ctx, record }) {
    const doc = record!;
    const member = doc.member === null ? undefined : await db.selectFrom('members').select(['email']).where('_id', '=', Number(doc.member)).executeTakeFirst();
    const email = member?.email ? String(member.email) : '';
    if (!email) throw invalidRecord({ member: 'Este documento não tem um sócio com e-mail a quem o enviar.' });
    const label = typeLabel(doc.type as TreasuryDocSnapshot['type']);
    const message = await enqueueMessage(db, ctx.now(), {
      recipient: email,
      subject: `${label} n.º ${String(doc.number)}`,
      body:
        `Caro(a) ${String(doc.payer_name)},\n\nFoi emitido o ${label.toLowerCase()} n.º ${String(doc.number)}, de ${day(String(doc.issue_date))}, no valor de ${euros(Number(doc.total))}.\n\n` +
        `Pode consultá-lo e descarregá-lo na sua área de sócio: ${ctx.config.publicUrl}\n\nDocumento não fiscal.`,
    });
    return { message };
  },
});

/** POST /treasury_docs/verify_integrity: walks every series' hash chain; reports the first broken link. */
const verifyIntegrityAction = defineAction({
  resource: 'treasury_docs',
  name: 'verify_integrity',
  label: 'Verificar integridade',
  on: 'collection',
  access: ['admin'],
  async run({ db, ctx }) {
    return verifyIntegrity(db, ctx);
  },
});

export const TREASURY_ACTIONS = [annulDocAction, sendDocAction, verifyIntegrityAction] as const;
