// The checklist's test message: one e-mail to the asking admin, queued in the outbox like every
// other (so the messages list shows it) and delivered at once through the server's SMTP, whatever
// setting SendMessages says: the admin asked for this one. Its outcome is said in pt-PT.
import type { SetupTestResult } from '../../../core/setup.js';
import type { ServerContext } from '../../context.js';
import { announceMessage, enqueueMessage } from '../../messages/outbox.js';
import { claimMessage, markFailed, markSent } from '../../messages/queue.js';
import { senderIdentity } from '../../messages/send-setting.js';
import { createSmtpTransport, type MailTransport } from '../../messages/smtp-transport.js';
import { readOrganisationName } from '../../settings/organisation-name.js';
import { smtpServerOf } from './smtp-server.js';

const LEASE_MS = 2 * 60_000;

/** Why the mail server refused or could not be reached, as an admin can act on it. */
function mailFailureText(error: unknown, server: string): string {
  const detail = error instanceof Error ? error.message : String(error);
  // nodemailer reports a socket's failure as ESOCKET, the system's own code in its message.
  const system = /\b(ECONNREFUSED|ENOTFOUND|ETIMEDOUT)\b/.exec(detail)?.[1];
  const code = system ?? (typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '');
  switch (code) {
    case 'ECONNREFUSED':
      return `O servidor de e-mail ${server} recusou a ligação: confirme o endereço e a porta em SMTP_URL.`;
    case 'ENOTFOUND':
    case 'EDNS':
      return `O servidor de e-mail ${server} não foi encontrado: confirme o nome em SMTP_URL.`;
    case 'ETIMEDOUT':
    case 'ESOCKET':
    case 'ECONNECTION':
      return `Não foi possível falar com o servidor de e-mail ${server} (${detail}).`;
    case 'EAUTH':
      return `O servidor de e-mail ${server} recusou o utilizador ou a palavra-passe de SMTP_URL.`;
    case 'EENVELOPE':
      return `O servidor de e-mail ${server} recusou o remetente ou o destinatário: ${detail}`;
    default:
      return `O servidor de e-mail ${server} não aceitou a mensagem: ${detail}`;
  }
}

/**
 * Queues the test message to `recipient` and delivers it now. `transport` stands in for SMTP
 * (tests); absent, the server's SMTP_URL is used and closed afterwards.
 */
export async function sendTestMessage(ctx: Pick<ServerContext, 'config' | 'database' | 'bus' | 'now'>, recipient: string, transport?: MailTransport): Promise<SetupTestResult> {
  const server = smtpServerOf(ctx.config.smtpUrl);
  if (!transport && !server) {
    return { ok: false, message: 'Este servidor não tem envio de e-mail configurado: defina a variável de ambiente SMTP_URL (por exemplo smtp://utilizador:palavra-passe@smtp.exemplo.pt:587) e reinicie-o.' };
  }
  const { db } = ctx.database;
  const organisation = (await readOrganisationName(db)).name;
  const id = await enqueueMessage(db, ctx.now(), {
    recipient,
    subject: `Mensagem de teste do Associa (${organisation})`,
    body: `Olá,\n\nEsta é uma mensagem de teste enviada pela lista de primeiros passos do Associa de ${organisation}.\nSe a recebeu, o envio de e-mail está a funcionar.\n`,
  });
  await announceMessage(ctx.bus, id, 'created');
  const message = await claimMessage(db, id, ctx.now(), LEASE_MS);
  // The sender, polling beside us, took it first: it is on its way all the same.
  if (!message) return { ok: true, message: `A mensagem de teste foi entregue ao envio automático para ${recipient}.` };
  const smtp = transport ?? createSmtpTransport(ctx.config.smtpUrl!);
  try {
    await smtp.send({ ...(await senderIdentity(db, ctx.config.mailFrom)), to: recipient, subject: message.subject, text: message.body });
    await markSent(db, message, ctx.now());
    return { ok: true, message: `A mensagem de teste foi enviada para ${recipient}. Confirme que chegou à caixa de correio.` };
  } catch (error) {
    const reason = mailFailureText(error, server ?? 'de teste');
    await markFailed(db, message, ctx.now(), reason, undefined);
    return { ok: false, message: reason };
  } finally {
    await announceMessage(ctx.bus, id, 'updated');
    if (!transport) smtp.close();
  }
}
