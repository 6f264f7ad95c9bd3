import { randomBytes } from 'node:crypto';
import { STAFF_ROLES } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import { invalidRecord } from '../../errors.js';
import { announceMessage, enqueueMessage } from '../../messages/outbox.js';
import { defineAction } from '../../resources/actions.js';
import { readOrganisationName } from '../../settings/organisation-name.js';
import { withPreposition } from '../../../core/organisation-name.js';
import { readSetting } from '../../settings/read.js';
import { lisbonDay } from '../../../core/days.js';
import { formatEuros } from '../../messages/format.js';
import { messageRecipient } from '../members/public.js';
import { linkMail } from './link-mail-port.js';
import { issuePaymentLink } from './tokens.js';

const DAY_MS = 86_400_000;
const WAYS = [
  { value: 'copy', label: 'Copiar a ligação e um texto para SMS ou WhatsApp' },
  { value: 'email', label: 'Enviar por e-mail ao sócio (ao encarregado de educação, se for menor)' },
] as const;

/** The e-mail a member receives: the link itself reaches only them (a secret link in the outbox). */
const EMAIL = {
  subject: 'Pagamento de quotas: {associacao}',
  body: 'Olá {primeiro_nome},\n\nNesta página pode ver o que tem por pagar e pagar por Multibanco, MB WAY ou transferência:\n{link_pagamento}\n\n{associacao}',
};

const dayText = (iso: string) => {
  const day = lisbonDay(Date.parse(iso));
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
};

/** The member's newest Multibanco reference still payable, for the text staff send with the link. */
async function pendingReference(db: Db, member: number, now: number) {
  return db
    .selectFrom('payment_requests')
    .select(['entity', 'reference', 'amount', 'expires_at'])
    .where('member', '=', member)
    .where('method', '=', 'multibanco')
    .where('state', '=', 'pending')
    .where('reference', 'is not', null)
    .where('expires_at', '>', new Date(now).toISOString())
    .orderBy('_id', 'desc')
    .executeTakeFirst();
}

/**
 * POST /api/payment_links/hand_over {member, way}: staff hand a member a way to pay. `copy`
 * issues a new payment link and answers it with a ready text for an SMS or WhatsApp (the link,
 * its validity and, when the member has one, a pending Multibanco reference); `email` queues a
 * message carrying a link of its own that only the member sees (the outbox keeps it as a secret
 * link). Each is one transaction with an audit entry; a link is never shown in the outbox.
 */
export const handOverPaymentLink = defineAction({
  resource: 'payment_links',
  name: 'hand_over',
  label: 'Entregar forma de pagamento',
  on: 'collection',
  access: STAFF_ROLES,
  fields: [
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', validation: { required: true } },
    { name: 'way', type: 'enum', label: 'Como', options: WAYS, validation: { required: true } },
  ],
  async run({ db, ctx, input, afterCommit }) {
    const member = Number(input.member);
    const person = await db.selectFrom('members').select(['name', 'number']).where('_id', '=', member).executeTakeFirst();
    if (!person) throw invalidRecord({ member: 'Este sócio não existe.' });
    const now = ctx.now();
    const purpose = `hand_over:${randomBytes(6).toString('hex')}`;
    const organisation = await readOrganisationName(db);
    const firstName = String(person.name).trim().split(/\s+/)[0] ?? '';
    if (input.way === 'email') {
      // A minor's link goes to their guardian (members/recipient.ts), like every message about a member.
      const recipient = await messageRecipient(db, member, now);
      if (!recipient?.email) throw invalidRecord({ way: 'Este sócio não tem e-mail: copie a ligação e envie-a por SMS ou WhatsApp.' });
      const outgoing = await linkMail.use()(ctx, db, {
        member,
        email: recipient.email,
        template: EMAIL,
        data: { name: String(person.name), number: person.number === null ? null : Number(person.number), association: organisation.name, associationArticle: organisation.article, debts: [] },
        dedupeKey: purpose,
      });
      const message = await enqueueMessage(db, now, outgoing);
      afterCommit(() => announceMessage(ctx.bus, message, 'created'));
      return { way: 'email', recipient: recipient.email, message };
    }
    const path = (await issuePaymentLink(db, { member, purpose, now }))!;
    const url = `${ctx.config.publicUrl}${path}`;
    const expiresAt = new Date(now + (await readSetting(db, 'paymentLinkDays')) * DAY_MS).toISOString();
    let text = `Olá ${firstName}, pode ver e pagar as suas quotas ${withPreposition('de', organisation.name, organisation.article)} em ${url} (ligação válida até ${dayText(expiresAt)}).`;
    const reference = await pendingReference(db, member, now);
    if (reference) {
      text += ` Ou por Multibanco: entidade ${String(reference.entity)}, referência ${String(reference.reference).replace(/(\d{3})(?=\d)/g, '$1 ')}, valor ${formatEuros(Number(reference.amount))}, até ${dayText(String(reference.expires_at))}.`;
    }
    return { way: 'copy', url, expires_at: expiresAt, text };
  },
});
