// How hand-over writes the e-mail that carries a payment link: with the reminders' composer
// (the template, the secret link), so it reads like every other message to a member. Reminders
// carry payment links (they import payment-links), so payment-links cannot import them back:
// it declares this port and reminders fill it (reminders/index.ts).
import type { ServerContext } from '../../context.js';
import type { NameArticle } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import type { OutgoingMessage } from '../../messages/outbox.js';
import { definePort } from '../port.js';

export interface LinkMail {
  member: number;
  email: string;
  /** pt-PT, with the reminders' placeholders ({primeiro_nome}, {associacao}, {link_pagamento}...). */
  template: { subject: string; body: string };
  data: { name: string; number: number | null; association: string; associationArticle: NameArticle; debts: readonly never[] };
  /** The outbox's deduplication key; also keys the payment link. */
  dedupeKey: string;
}

/** The message as the outbox takes it, inside the caller's transaction. */
export type ComposeLinkMail = (ctx: Pick<ServerContext, 'now' | 'config'>, trx: Db, mail: LinkMail) => Promise<OutgoingMessage>;

export const linkMail = definePort<ComposeLinkMail>('payment-links.linkMail');
