import { STAFF_ROLES } from '../../../core/contract.js';
import { invalidRecord } from '../../errors.js';
import { enqueueMessage } from '../../messages/outbox.js';
import { defineAction } from '../../resources/actions.js';
import { owningUsers, publishChange } from '../../resources/events.js';
import { toRecord } from '../../resources/records.js';
import { annulLedgerPayment } from '../dues/public.js';
import { messageRecipient } from '../members/public.js';
import { annulTreasuryDocument } from './annul.js';
import { paymentsOfDoc } from './payment-receipts.js';
import { euros } from './pdf/render.js';
import { treasuryDocs } from './resources.js';
import { typeLabel, type TreasuryDocSnapshot } from './types.js';
import { verifyIntegrity, type IntegrityReport } from './verify.js';

const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * POST /treasury_docs/{id}/annul {reason, annul_payment?}: issues a 'nota de anulação' for the
 * document. The document itself stays as issued. With annul_payment, the payment it documents
 * is annulled too, with the same reason and in the same transaction: both or neither.
 */
const annulDocAction = defineAction({
  resource: 'treasury_docs',
  name: 'annul',
  label: 'Anular documento',
  on: 'record',
  access: STAFF_ROLES,
  fields: [
    { name: 'reason', type: 'string', label: 'Motivo', validation: { required: true, maxLength: 500 } },
    { name: 'annul_payment', type: 'boolean', label: 'Anular também o pagamento' },
  ],
  async run(context) {
    const { db, ctx, caller, record, input } = context;
    const doc = record!;
    const reason = String(input.reason);
    const note = await annulTreasuryDocument(db, ctx, doc, reason, caller.kind === 'user' ? caller.id : null);
    // The action's own handler announces the document's change; the note is new.
    context.afterCommit(async () => {
      await publishChange(ctx.bus, treasuryDocs, { action: 'created', id: Number(note._id) }, await owningUsers(ctx.database.db, treasuryDocs, [note], ctx.now()));
    });
    if (input.annul_payment === 1) {
      const paid = await paymentsOfDoc(db, Number(doc._id));
      if (paid.length === 0) throw invalidRecord({ annul_payment: 'Este documento não documenta nenhum pagamento.' });
      for (const payment of paid) await annulLedgerPayment(context, payment, reason, true);
    }
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
    // A minor's document goes to their guardian (members/recipient.ts), like every message about a member.
    const recipient = doc.member === null ? null : await messageRecipient(db, Number(doc.member), ctx.now());
    const email = recipient?.email ?? '';
    if (!email) throw invalidRecord({ member: 'Este documento não tem um sócio com e-mail a quem o enviar.' });
    const label = typeLabel(doc.type as TreasuryDocSnapshot['type']);
    const message = await enqueueMessage(db, ctx.now(), {
      recipient: email,
      subject: `${label} n.º ${String(doc.number)}`,
      body:
        `Caro(a) ${recipient?.guardian ? recipient.name : String(doc.payer_name)},\n\nFoi emitido o ${label.toLowerCase()} n.º ${String(doc.number)}, de ${day(String(doc.issue_date))}, no valor de ${euros(Number(doc.total))}.\n\n` +
        `Pode consultá-lo e descarregá-lo na sua área de sócio: ${ctx.config.publicUrl}\n\nDocumento não fiscal.`,
    });
    return { message };
  },
});

/**
 * POST /treasury_docs/verify_integrity: walks every series' hash chain; reports the first broken
 * link. The action's transaction holds only its audit entry: the walk (seconds over thousands of
 * documents) runs after the commit, on the database in slices, so on SQLite it never holds the
 * only connection from other requests. The answer is filled in then (the handler answers after
 * the afterCommit work).
 */
const verifyIntegrityAction = defineAction({
  resource: 'treasury_docs',
  name: 'verify_integrity',
  label: 'Verificar integridade',
  on: 'collection',
  access: ['admin'],
  async run({ ctx, afterCommit }) {
    const report: Partial<IntegrityReport> = {};
    afterCommit(async () => {
      Object.assign(report, await verifyIntegrity(ctx.database.db, ctx));
    });
    return report;
  },
});

export const TREASURY_ACTIONS = [annulDocAction, sendDocAction, verifyIntegrityAction] as const;
