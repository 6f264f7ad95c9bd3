import { STAFF_ROLES } from '../../../core/contract.js';
import type { JobDefinition } from '../../jobs/types.js';
import { defineAction } from '../../resources/actions.js';
import { publishChange } from '../../resources/events.js';
import { invalidRecord } from '../../errors.js';
import { lisbonDay } from '../../../core/days.js';
import { reminderDecisions } from './decisions.js';
import { planReminders } from './planning.js';
import { listedUpTo, reminderContent, reminderMember, sendApproved } from './sending.js';
import { renderHtml, renderText } from './templates.js';

const PLAN_JOB = 'reminders.plan';
const SEND_JOB = 'reminders.send';
/** What a preview is for: a stage's reminder (the default) or a notice to many members (notify). */
const PREVIEW_PURPOSES = [
  { value: 'reminder', label: 'Aviso da fase' },
  { value: 'notify', label: 'Notificação de vários sócios' },
] as const;

const dayOf = (payload: unknown, now: number): string => {
  const day = (payload as { day?: unknown } | null)?.day;
  return typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : lisbonDay(now);
};

/**
 * Every morning (09:00 in Lisbon): what each stage owes to whom today, then whatever is approved
 * goes to the outbox (everything, when automatedMemberPayments is on). Idempotent: planning adds
 * only decisions missing, sending takes each approved decision once.
 */
export const planJob: JobDefinition = {
  name: PLAN_JOB,
  label: 'Avisos de dívida do dia',
  schedule: '0 9 * * *',
  scheduledPayload: (at) => ({ day: lisbonDay(at.getTime()) }),
  async run({ db, payload, ctx, progress }) {
    const plan = await planReminders(db, ctx.database.engine, dayOf(payload, ctx.now()), ctx.now(), progress);
    const sent = await sendApproved(ctx, db, progress);
    await publishChange(ctx.bus, reminderDecisions, { action: 'updated', id: 0 }, []);
    return { ...plan, ...sent };
  },
};

/** The batch staff approved, sent in the background. */
export const sendJob: JobDefinition = {
  name: SEND_JOB,
  label: 'Envio dos avisos de dívida aprovados',
  async run({ db, ctx, progress }) {
    const sent = await sendApproved(ctx, db, progress);
    await publishChange(ctx.bus, reminderDecisions, { action: 'updated', id: 0 }, []);
    return sent;
  },
};

/** POST /reminder_decisions/plan: today's planning now, beside the morning's run. */
export const planAction = defineAction({
  resource: 'reminder_decisions',
  name: 'plan',
  label: 'Preparar os avisos de hoje',
  on: 'collection',
  access: STAFF_ROLES,
  async run({ db, ctx, caller, jobs, afterCommit }) {
    const now = ctx.now();
    const job = await jobs.enqueue(db, {
      name: PLAN_JOB,
      key: `${PLAN_JOB}:manual:${new Date(now).toISOString()}`,
      payload: { day: lisbonDay(now) },
      requestedBy: caller.kind === 'user' ? caller.id : null,
    });
    afterCommit(() => jobs.wake());
    return { job: { _id: Number(job._id), state: job.state, name: job.name } };
  },
});

/**
 * POST /reminder_decisions/approve: the reminders awaiting approval (all, one stage's, or those
 * chosen) are approved and sent in the background; sending checks each again (paid meanwhile,
 * ending state, e-mail).
 */
export const approveAction = defineAction({
  resource: 'reminder_decisions',
  name: 'approve',
  label: 'Aprovar o envio dos avisos',
  on: 'collection',
  access: STAFF_ROLES,
  fields: [
    { name: 'stage', type: 'reference', ref: 'reminder_stages', label: 'Etapa' },
    { name: 'decisions', type: 'references', ref: 'reminder_decisions', label: 'Avisos' },
  ],
  async run({ db, ctx, caller, input, jobs, afterCommit }) {
    const now = ctx.now();
    const stamp = new Date(now).toISOString();
    const chosen = Array.isArray(input.decisions) ? input.decisions.map(Number) : [];
    let update = db.updateTable('reminder_decisions').set((eb) => ({ decision: 'approved', updated_at: stamp, _version: eb('_version', '+', 1) })).where('decision', '=', 'awaiting');
    if (input.stage !== null && input.stage !== undefined) update = update.where('stage', '=', Number(input.stage));
    if (chosen.length > 0) update = update.where('_id', 'in', chosen);
    const approved = Number((await update.executeTakeFirst()).numUpdatedRows);
    if (approved === 0) return { approved, job: null };
    const job = await jobs.enqueue(db, { name: SEND_JOB, key: `${SEND_JOB}:${stamp}:${caller.kind === 'user' ? caller.id : 'key'}`, requestedBy: caller.kind === 'user' ? caller.id : null });
    afterCommit(async () => {
      jobs.wake();
      await publishChange(ctx.bus, reminderDecisions, { action: 'updated', id: 0 }, []);
    });
    return { approved, job: { _id: Number(job._id), state: job.state, name: job.name } };
  },
});

/** POST /reminder_stages/{id}/preview: the stage's reminder for one member, as text and HTML; nothing is sent. */
export const previewAction = defineAction({
  resource: 'reminder_stages',
  name: 'preview',
  label: 'Pré-visualizar',
  on: 'record',
  access: STAFF_ROLES,
  fields: [
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', validation: { required: true } },
    { name: 'purpose', type: 'enum', label: 'Para', options: PREVIEW_PURPOSES },
  ],
  async run({ db, ctx, record, input }) {
    const memberId = Number(input.member);
    const member = await reminderMember(db, memberId, ctx.now());
    if (!member) throw invalidRecord({ member: 'Este sócio não existe.' });
    const day = lisbonDay(ctx.now());
    // The same content the message sent today would have: a notice to many lists what is owed
    // today; a stage's reminder what reached the stage, or, for a member not at the stage yet,
    // what they owe today (never a debt not yet due).
    const notice = input.purpose === 'notify';
    let { data } = await reminderContent(db, memberId, member, listedUpTo(day, notice ? null : Number(record!.offset_days)));
    if (!notice && data.debts.length === 0) ({ data } = await reminderContent(db, memberId, member, listedUpTo(day, null)));
    const subject = renderText(String(record!.subject), data);
    return {
      recipient: member.email ?? null,
      subject,
      text: renderText(String(record!.body), data),
      html: renderHtml(String(record!.body), data),
    };
  },
});
