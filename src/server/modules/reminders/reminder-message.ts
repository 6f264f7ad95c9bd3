import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { HIDDEN_LINK } from '../../messages/message-secrets.js';
import type { OutgoingMessage } from '../../messages/outbox.js';
import { issuePaymentLink } from '../payment-links/public.js';
import { reminderReference, type IssuedAhead } from './reference.js';
import { htmlEmail } from '../../messages/format.js';
import { renderHtml, renderText, type ReminderData } from './templates.js';

export interface ReminderToQueue {
  member: number;
  email: string;
  template: { subject: string; body: string };
  data: ReminderData;
  /** The debts the message lists ({dividas}), by id: what its Multibanco reference pays. */
  debts: readonly number[];
  /** The outbox's deduplication key; also keys the payment link and the reference. */
  dedupeKey: string;
  /** What a remote payment provider issued for this reminder before the transaction (reference.ts). */
  ahead?: IssuedAhead | null;
}

/**
 * One reminder or notice as the outbox takes it, inside the caller's transaction: text and HTML
 * from the same template; {link_pagamento} a payment link of the message's own, handed to the
 * outbox as a secret link (staff reading the outbox never see it); {referencia_multibanco} a
 * reference for exactly the listed debts. Already issued (one link per member and purpose, one
 * reference per key) means the message was queued before: the outbox's key answers that message.
 */
export async function reminderMessage(ctx: Pick<ServerContext, 'now' | 'config'>, trx: Db, input: ReminderToQueue): Promise<OutgoingMessage> {
  const { template, dedupeKey } = input;
  let data = input.data;
  if (`${template.subject}${template.body}`.includes('{referencia_multibanco}')) {
    const amount = data.debts.reduce((sum, debt) => sum + debt.owed, 0);
    data = { ...data, multibanco: await reminderReference(ctx, trx, { member: input.member, debts: input.debts, amount, key: dedupeKey }, input.ahead ?? null) };
  }
  let secretLinks: Record<string, string> | undefined;
  if (template.body.includes('{link_pagamento}')) {
    const path = await issuePaymentLink(trx, { member: input.member, purpose: dedupeKey, now: ctx.now() });
    secretLinks = { link_pagamento: path === null ? HIDDEN_LINK : `${ctx.config.publicUrl}${path}` };
  }
  const bodyData = secretLinks ? { ...data, paymentLink: '{{link_pagamento}}' } : data;
  const subject = renderText(template.subject, data);
  return {
    recipient: input.email,
    subject,
    body: renderText(template.body, bodyData),
    html: htmlEmail(subject, renderHtml(template.body, bodyData)),
    dedupeKey,
    ...(secretLinks ? { secretLinks } : {}),
  };
}
