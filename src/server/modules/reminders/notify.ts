import { STAFF_ROLES } from '../../../core/contract.js';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { invalidRecord } from '../../errors.js';
import type { JobDefinition } from '../../jobs/types.js';
import { announceMessage, enqueueMessage } from '../../messages/outbox.js';
import { defineAction } from '../../resources/actions.js';
import { balances, bringBalancesToToday, STANDINGS } from '../dues/public.js';
import { lisbonDay } from '../../../core/days.js';
import { listedUpTo, reminderContent, reminderMember } from './sending.js';
import { reminderMessage } from './reminder-message.js';

const NOTIFY_JOB = 'reminders.notify';
/** Up to this many members the messages are queued in the request's own transaction; more go to a job. */
export const NOTIFY_INLINE_MAX = 200;
const BATCH_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** Which members are notified: the unpaid list's filters (member_balances). */
export interface NotifySelection {
  standing: string | null;
  category: number | null;
  yearsOwedFrom: number | null;
}

export interface NotifyReport {
  /** Messages queued (a member already queued under this batch key counts once). */
  queued: number;
  /** Members left out: no e-mail, or in an ending state. */
  skipped: number;
}

/** The members matching the selection, by id, owing something today (the unpaid list's rows that owe: debts not yet due do not count). */
async function selected(db: Db, selection: NotifySelection, now: number): Promise<number[]> {
  await bringBalancesToToday(db, now);
  let query = db.selectFrom('member_balances').select('member').where('open_total', '>', 0);
  if (selection.standing) {
    const filter = balances.filters?.find((f) => f.name === 'standing');
    if (filter) query = query.where(filter.where(selection.standing, new Date(now), 'member_balances'));
  }
  if (selection.category !== null) query = query.where('category', '=', selection.category);
  if (selection.yearsOwedFrom !== null) query = query.where('years_owed', '>=', selection.yearsOwedFrom);
  return (await query.orderBy('member').execute()).map((row) => Number(row.member));
}

interface Template {
  _id: number;
  subject: string;
  body: string;
}

/**
 * Queues the stage's message to every selected member, in the transaction given: one outbox
 * message each under the unique key `notify:{batchKey}:{member}`, so sending the same batch
 * again (a double click, a retried job) queues nothing twice. Members in an ending state and
 * without e-mail are left out.
 */
async function notifyMembers(
  ctx: Pick<ServerContext, 'now' | 'config'>,
  trx: Db,
  stage: Template,
  members: readonly number[],
  batchKey: string,
): Promise<NotifyReport & { messages: number[] }> {
  const report = { queued: 0, skipped: 0, messages: [] as number[] };
  // What each member owes today, as the notify page's preview shows it (listedUpTo).
  const upTo = listedUpTo(lisbonDay(ctx.now()), null);
  for (const memberId of members) {
    const member = await reminderMember(trx, memberId, ctx.now());
    if (!member || Number(member.ending) === 1 || !member.email) report.skipped += 1;
    else {
      const content = await reminderContent(trx, memberId, member, upTo);
      const outgoing = await reminderMessage(ctx, trx, { member: memberId, email: String(member.email), template: stage, ...content, dedupeKey: `notify:${batchKey}:${memberId}` });
      const message = await enqueueMessage(trx, ctx.now(), outgoing);
      report.queued += 1;
      report.messages.push(message);
    }
  }
  return report;
}

const selectionOf = (input: Record<string, unknown>): NotifySelection => ({
  standing: typeof input.standing === 'string' && input.standing !== '' ? input.standing : null,
  category: input.category === null || input.category === undefined ? null : Number(input.category),
  yearsOwedFrom: input.years_owed_gte === null || input.years_owed_gte === undefined ? null : Number(input.years_owed_gte),
});

const announceAll = async (ctx: Pick<ServerContext, 'bus'>, messages: readonly number[]) => {
  for (const id of messages) await announceMessage(ctx.bus, id, 'created');
};

/**
 * Members whose messages one transaction of the job queues. Each step commits before the next:
 * on SQLite a transaction holds the only connection, so every request waits for the step in
 * progress (tens of milliseconds), never for the whole batch.
 */
const NOTIFY_STEP = 50;

/**
 * A large batch: the selection read again when it runs, then its messages in steps that each
 * commit, announced after their commit, with progress between steps. A retry queues only what
 * is missing (the keys): a member whose message a committed step queued gets no second one.
 */
export const notifyJob: JobDefinition = {
  name: NOTIFY_JOB,
  label: 'Notificação de vários sócios',
  async run({ db, payload, ctx, progress }) {
    const p = payload as { stage: number; batchKey: string; selection: NotifySelection };
    const members = await selected(db, p.selection, ctx.now());
    const stage = await db.selectFrom('reminder_stages').select(['_id', 'subject', 'body']).where('_id', '=', p.stage).executeTakeFirstOrThrow();
    const report = { queued: 0, skipped: 0 };
    for (let from = 0; from < members.length; from += NOTIFY_STEP) {
      const step = members.slice(from, from + NOTIFY_STEP);
      const queued = await db.transaction().execute((trx) => notifyMembers(ctx, trx, stage, step, p.batchKey));
      await announceAll(ctx, queued.messages);
      report.queued += queued.queued;
      report.skipped += queued.skipped;
      await progress(from + step.length, members.length);
    }
    return report;
  },
};

/**
 * POST /reminder_stages/{id}/notify: the stage's message to every member the unpaid list's
 * filters select (standing, fee category, years owed), now. `batch_key` (made by the page once
 * per batch) keys each message, so a repeated request queues nothing twice. Up to
 * NOTIFY_INLINE_MAX members the messages are queued in this transaction; more go to a job whose
 * progress staff follow.
 */
export const notifyAction = defineAction({
  resource: 'reminder_stages',
  name: 'notify',
  label: 'Notificar vários sócios',
  on: 'record',
  access: STAFF_ROLES,
  fields: [
    { name: 'batch_key', type: 'string', label: 'Identificador do envio', validation: { required: true, maxLength: 64 } },
    { name: 'standing', type: 'enum', label: 'Situação', options: STANDINGS },
    { name: 'category', type: 'reference', ref: 'fee_categories', label: 'Categoria de quota' },
    { name: 'years_owed_gte', type: 'integer', label: 'Anos em dívida, desde', validation: { min: 0, max: 100 } },
  ],
  async run({ db, ctx, record, input, caller, jobs, afterCommit }) {
    const batchKey = String(input.batch_key);
    if (!BATCH_KEY.test(batchKey)) throw invalidRecord({ batch_key: 'Identificador do envio inválido: use 8 a 64 letras, algarismos, "-" ou "_".' });
    const selection = selectionOf(input);
    const members = await selected(db, selection, ctx.now());
    if (members.length === 0) throw invalidRecord({ standing: 'Nenhum sócio corresponde a estes filtros.' });
    const stage = { _id: Number(record!._id), subject: String(record!.subject), body: String(record!.body) };
    if (members.length > NOTIFY_INLINE_MAX) {
      const job = await jobs.enqueue(db, {
        name: NOTIFY_JOB,
        key: `${NOTIFY_JOB}:${batchKey}`,
        payload: { stage: stage._id, batchKey, selection },
        requestedBy: caller.kind === 'user' ? caller.id : null,
      });
      afterCommit(() => jobs.wake());
      return { members: members.length, queued: null, skipped: null, job: { _id: Number(job._id), state: job.state, name: job.name } };
    }
    const report = await notifyMembers(ctx, db, stage, members, batchKey);
    afterCommit(() => announceAll(ctx, report.messages));
    return { members: members.length, queued: report.queued, skipped: report.skipped, job: null };
  },
});
