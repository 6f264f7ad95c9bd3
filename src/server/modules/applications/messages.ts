import type { ServerContext } from '../../context.js';
import type { Db, Row } from '../../db/database.js';
import { enqueueMessage } from '../../messages/outbox.js';
import { readSetting } from '../../settings/read.js';
import { readOrganisationName } from '../../settings/organisation-name.js';
import { contractBeforePlaceholder } from '../../../core/organisation-name.js';
import { htmlEmail } from '../../messages/format.js';
import { firstName, renderTemplate } from './message-templates.js';
import { isMinorOn } from '../../../core/field-checks.js';
import { lisbonDay } from '../../../core/days.js';

type Template = { subject: string; body: string };

/**
 * One message to an applicant through the outbox, inside the caller's transaction. A link only
 * the applicant may see (the confirmation code, the payment page) goes as a secret link: staff
 * reading the outbox see it hidden. Nothing is queued for an application without an e-mail.
 */
async function queue(db: Db, now: number, application: Row, template: Template, values: Record<string, string>, secret?: { name: string; url: string }): Promise<number | null> {
  const email = typeof application.email === 'string' ? application.email.trim() : '';
  if (!email) return null;
  const name = String(application.name ?? '');
  const organisation = await readOrganisationName(db);
  const all = { nome: name, primeiro_nome: firstName(name), organizacao: organisation.name, ...values, ...(secret ? { [secret.name]: `{{${secret.name}}}` } : {}) };
  const subject = renderTemplate(contractBeforePlaceholder(template.subject, 'organizacao', organisation.article), all);
  const body = contractBeforePlaceholder(template.body, 'organizacao', organisation.article);
  return enqueueMessage(db, now, {
    recipient: email,
    subject,
    body: renderTemplate(body, all),
    html: htmlEmail(subject, renderTemplate(body, all, true)),
    ...(secret ? { secretLinks: { [secret.name]: secret.url } } : {}),
  });
}

export async function queueConfirmation(ctx: Pick<ServerContext, 'config'>, db: Db, now: number, application: Row, code: string, days: number) {
  const template = { subject: await readSetting(db, 'applicationConfirmationSubject'), body: await readSetting(db, 'applicationConfirmationBody') };
  const url = `${ctx.config.publicUrl}/inscricao/confirmacao/${code}`;
  return queue(db, now, application, template, { validade_dias: String(days) }, { name: 'link_confirmacao', url });
}

export async function queueWelcome(ctx: Pick<ServerContext, 'config'>, db: Db, now: number, application: Row, number: number, paymentPath: string | null) {
  const template = { subject: await readSetting(db, 'applicationWelcomeSubject'), body: await readSetting(db, 'applicationWelcomeBody') };
  const secret = paymentPath === null ? undefined : { name: 'link_pagamento', url: `${ctx.config.publicUrl}${paymentPath}` };
  return queue(db, now, application, template, { numero: String(number), ...(secret ? {} : { link_pagamento: '' }) }, secret);
}

export async function queueRejection(db: Db, now: number, application: Row, reason: string) {
  const template = { subject: await readSetting(db, 'applicationRejectionSubject'), body: await readSetting(db, 'applicationRejectionBody') };
  return queue(db, now, await guardianAddressed(db, now, application), template, { motivo: reason });
}

/**
 * A minor's application as a decision's message sees it: addressed to the guardian's e-mail when
 * the form gave one, as every message about a minor member is (members/recipient.ts). The
 * confirmation code still goes to the address the applicant typed: it is that address it confirms.
 */
async function guardianAddressed(db: Db, now: number, application: Row): Promise<Row> {
  const birth = application.birth_date;
  const guardian = typeof application.guardian_email === 'string' ? application.guardian_email.trim() : '';
  if (!guardian || typeof birth !== 'string' || !isMinorOn(birth, lisbonDay(now), await readSetting(db, 'applicationMinorAge'))) return application;
  return { ...application, email: guardian };
}
