import { STAFF_ROLES } from '../../../core/contract.js';
import { coded } from '../../errors.js';
import { HIDDEN_LINK } from '../../messages/message-secrets.js';
import { announceMessage, enqueueMessage } from '../../messages/outbox.js';
import { defineAction } from '../../resources/actions.js';

/**
 * POST /messages/{id}/resend: the message queued again as a new row, so the original keeps its
 * attempts, error and sent date (the outbox is its history). A message still waiting or being
 * sent is refused: it will go out anyway. So is one whose secret links were cleared once it was
 * sent or given up (they are never kept longer): its copy would reach the member without them.
 */
export const resendAction = defineAction({
  resource: 'messages',
  name: 'resend',
  label: 'Reenviar',
  on: 'record',
  access: STAFF_ROLES,
  async run({ db, ctx, record, afterCommit }) {
    const original = record!;
    if (original.status === 'pending' || original.status === 'sending') {
      throw coded(409, 'conflict', 'Esta mensagem ainda está por enviar: só se reenvia uma mensagem enviada ou que falhou.');
    }
    const body = String(original.body);
    const html = original.html === null || original.html === undefined ? undefined : String(original.html);
    if (body.includes(HIDDEN_LINK) || html?.includes(HIDDEN_LINK)) {
      throw coded(409, 'conflict', 'Esta mensagem levava uma ligação pessoal que deixou de ser guardada depois do envio, por segurança. Envie um novo aviso em vez de a reenviar.');
    }
    const id = await enqueueMessage(db, ctx.now(), {
      recipient: String(original.recipient),
      subject: String(original.subject),
      body,
      ...(html === undefined ? {} : { html }),
    });
    afterCommit(() => announceMessage(ctx.bus, id, 'created'));
    return { _id: id };
  },
});
