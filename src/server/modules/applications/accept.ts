import type { FastifyInstance } from 'fastify';
import { diffRecords, recordAudit } from '../../audit/record.js';
import type { Db, Row } from '../../db/database.js';
import { coded, conflict, HttpError, notFound } from '../../errors.js';
import type { Actor, commitQueue } from '../../resources/handlers.js';
import { resourceHandlers } from '../../resources/handlers.js';
import type { Resource } from '../../resources/define.js';
import { readRow } from '../../resources/records.js';
import { readSetting } from '../../settings/read.js';
import { cardValidity, issueCard, newcomerValidity } from '../cards/public.js';
import { lisbonDay } from '../../../core/days.js';
import { moveApplicationFilesToMember } from '../member-files/public.js';
import { issuePaymentLink } from '../payment-links/public.js';
import { carryApplicationConsents } from '../privacy/public.js';
import { APPLICANT_FIELDS } from './applicant-fields.js';
import { messageRecipient } from '../members/public.js';
import { queueWelcome } from './messages.js';
import { decidedMessage, isOpen } from './states.js';

export interface Accepted {
  member: number;
  number: number;
  /** The first card, or null when there is nothing a card could show yet (no category, no quota). */
  card: number | null;
  message: number | null;
}

/** The guardian fields a member keeps (the consent stays on the application, with its date). */
const CARRIED_GUARDIAN_FIELDS = ['guardian_name', 'guardian_relation', 'guardian_email', 'guardian_phone'] as const;

const userOf = (actor: Actor): number | null => (actor.caller.kind === 'user' ? actor.caller.id : null);

/**
 * The first card. Under the 'paid' rule a card is valid to the end of the last paid quota period
 * and a newcomer has paid none yet, so theirs is issued pending payment: valid to the end of
 * their first quota period (newcomerValidity); unpaid once due, it verifies as 'Quotas em atraso'.
 * A member without a category (no quota, nothing a card could show) gets none: staff issue it
 * later. Any other refusal is a real error and undoes the accept.
 */
async function firstCard(trx: Db, member: Row, by: number | null, now: number): Promise<number | null> {
  if (member.fee_category === null || member.fee_category === undefined) return null;
  const id = Number(member._id);
  const category = await trx.selectFrom('fee_categories').select('exempt').where('_id', '=', Number(member.fee_category)).executeTakeFirst();
  let validity = await cardValidity(trx, id, Boolean(Number(category?.exempt ?? 0)), now);
  if ('missing' in validity) validity = (await newcomerValidity(trx, id)) ?? validity;
  if ('missing' in validity) return null;
  return Number((await issueCard(trx, { member: id, by, now, validity }))._id);
}

const UNCONFIRMED_MESSAGE =
  'O candidato ainda não confirmou o endereço de e-mail, e a configuração das candidaturas exige essa confirmação antes de rever. ' +
  'Aguarde a confirmação ou desligue a opção «Só rever candidaturas com o e-mail confirmado».';

/** A member pays quotas in a category or is exempt (members/dues-terms.ts): an accept decides neither. */
const NO_CATEGORY_MESSAGE = 'A candidatura não indica a categoria de quota do novo sócio: escolha-a na candidatura antes de a aceitar.';

/**
 * Whether the application still waits for its e-mail's confirmation while the settings want it
 * before review: one sent through the form (a confirmation code went out) and not yet confirmed.
 * A paper application typed in by staff was sent no code: staff vouch for it.
 */
async function awaitsConfirmation(trx: Db, application: Row): Promise<boolean> {
  if (application.state !== 'submitted' || application.verification_hash === null || application.verification_hash === undefined) return false;
  return readSetting(trx, 'applicationConfirmationRequired');
}

/**
 * Accepts an application inside `trx`: the member (next free number, the application's data, the
 * members resource's own write, so the dues module raises the joining fee and first quotas), the
 * photo and documents moved across, the first card, the welcome message with a payment link,
 * and the application marked accepted with who and when. Anything failing undoes it all.
 */
export async function acceptApplication(app: FastifyInstance, trx: Db, actor: Actor, id: number, deferred: ReturnType<typeof commitQueue>): Promise<Accepted> {
  const { ctx, registry } = app;
  const applications = registry.resourceByName('member_applications')!;
  const members = registry.resourceByName('members')!;
  const now = ctx.now();
  const before = await readRow(trx, applications, id, ctx.database.engine === 'postgres');
  if (!before) throw notFound('Candidatura não encontrada.');
  if (!isOpen(before.state)) throw conflict(decidedMessage(before.state));
  if (await awaitsConfirmation(trx, before)) throw coded(409, 'email_not_confirmed', UNCONFIRMED_MESSAGE);
  if (before.fee_category === null || before.fee_category === undefined) throw new HttpError(422, NO_CATEGORY_MESSAGE);

  // Staff decide with the application's duplicates in view (duplicates.ts): accepting confirms them.
  const body: Record<string, unknown> = { admission_date: lisbonDay(now), fee_category: before.fee_category, confirm_duplicate: true };
  for (const name of APPLICANT_FIELDS) if (before[name] !== null && before[name] !== undefined) body[name] = before[name];
  // A minor's guardian comes along: the member's messages then reach them and they may sign in for the minor.
  for (const name of CARRIED_GUARDIAN_FIELDS) if (before[name] !== null && before[name] !== undefined && before[name] !== '') body[name] = before[name];
  const { saved: member } = await resourceHandlers(app, members).writeRow(actor, trx, { mode: 'create', body, granted: 'all' }, deferred.add);
  const memberId = Number(member._id);

  await moveApplicationFilesToMember(trx, id, memberId, now);
  // The consents the form collected become the member's, as given (source formulario, text version shown).
  await carryApplicationConsents(trx, id, memberId, { actor: actor.caller, address: actor.address, user: userOf(actor), now });

  const card = await firstCard(trx, member, userOf(actor), now);

  // The welcome goes where every message about the member goes: a minor's to the guardian.
  const recipient = await messageRecipient(trx, memberId, now);
  const paymentPath = recipient?.email ? await issuePaymentLink(trx, { member: memberId, purpose: `application:${id}`, now }) : null;
  const message = await queueWelcome(ctx, trx, now, { ...before, email: recipient?.email ?? null }, Number(member.number), paymentPath);

  const stamp = new Date(now).toISOString();
  await trx
    .updateTable('member_applications')
    .set({ state: 'accepted', decided_at: stamp, decided_by: userOf(actor), member: memberId, updated_at: stamp, _version: Number(before._version) + 1 })
    .where('_id', '=', id)
    .execute();
  await auditDecision(trx, applications, actor, id, 'accept', before, now);
  return { member: memberId, number: Number(member.number), card, message };
}

/** The decision's audit entry: what changed on the application. */
async function auditDecision(trx: Db, resource: Resource, actor: Actor, id: number, action: string, before: Row, now: number): Promise<void> {
  const after = await readRow(trx, resource, id);
  await recordAudit(trx, { at: now, actor: actor.caller, address: actor.address, resource: resource.name, recordId: id, action, changes: diffRecords(resource, before, after) });
}
