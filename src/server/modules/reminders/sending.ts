import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { announceMessage, enqueueMessage } from '../../messages/outbox.js';
import { readOrganisationName } from '../../settings/organisation-name.js';
import type { Reason } from './decisions.js';
import { OWING } from '../dues/public.js';
import { messageRecipient } from '../members/public.js';
import { stageCutoff } from './planning.js';
import { issueAhead, remoteProvider, type IssuedAhead } from './reference.js';
import { reminderMessage } from './reminder-message.js';
import type { ReminderData, ReminderDebt } from './templates.js';

export interface SendReport {
  sent: number;
  skipped: number;
}

interface Stage {
  _id: number;
  offset_days: number;
  subject: string;
  body: string;
}

interface Member {
  name: string;
  number: number | null;
  email: string | null;
  ending: number;
}

/**
 * What the member owes up to the stage's cutoff (the {dividas} table), oldest first. A reminder
 * (`chasing`) leaves out debts pending in a direct-debit batch: the bank is collecting them, and
 * asking for them again invites paying twice.
 */
async function owedUpTo(db: Db, member: number, cutoff: string, chasing = false): Promise<(ReminderDebt & { id: number })[]> {
  let query = db
    .selectFrom('unsettled_payments')
    .select(['_id', 'description', 'due_date', 'amount', 'paid'])
    .where('member', '=', member)
    .where('status', 'in', OWING)
    .where('due_date', '<=', cutoff);
  if (chasing) query = query.where(({ not, exists, selectFrom }) => not(exists(selectFrom('direct_debit_items as p').select('p._id').whereRef('p.pending_debt', '=', 'unsettled_payments._id'))));
  const rows = await query.orderBy('due_date').orderBy('_id').execute();
  return rows.map((row) => ({ id: Number(row._id), description: String(row.description), dueDate: String(row.due_date), owed: Number(row.amount) - Number(row.paid) }));
}

/**
 * The last due date a message lists on `day`: a stage's reminder lists the debts that reached the
 * stage (due date + offset <= day); a notice to many members (`stageOffset` null) lists what is
 * owed that day under the ledger's rule (owed.ts), never a debt not yet due. Previews and sent
 * messages both ask here, so what staff preview is what goes out.
 */
export const listedUpTo = (day: string, stageOffset: number | null): string => (stageOffset === null ? day : stageCutoff(day, stageOffset));

/** The debts a reminder or notice lists on `day` and its template data, read the same way for a preview and for the message queued. */
export async function reminderContent(db: Db, memberId: number, member: Member, upTo: string): Promise<{ debts: number[]; data: ReminderData }> {
  const owed = await owedUpTo(db, memberId, upTo, true);
  return { debts: owed.map((debt) => debt.id), data: await reminderData(db, member, owed) };
}

/**
 * The member as a reminder needs them: name, number, whether their state ends membership, and
 * the e-mail it goes to, by the one rule of who receives a member's messages (a minor's go to
 * their guardian: members/recipient.ts).
 */
export async function reminderMember(db: Db, member: number, now: number): Promise<Member | undefined> {
  const row = await db
    .selectFrom('members as m')
    .leftJoin('member_states as st', 'st._id', 'm.state')
    .select(['m.name', 'm.number', sql<number>`COALESCE(${sql.ref('st.marksEnd')}, 0)`.as('ending')])
    .where('m._id', '=', member)
    .executeTakeFirst();
  if (!row) return undefined;
  const recipient = await messageRecipient(db, member, now);
  return { name: row.name, number: row.number, ending: row.ending, email: recipient?.email ?? null };
}

async function reminderData(db: Db, member: Member, debts: readonly ReminderDebt[]): Promise<ReminderData> {
  const organisation = await readOrganisationName(db);
  return { name: String(member.name), number: member.number === null ? null : Number(member.number), association: organisation.name, associationArticle: organisation.article, debts };
}

/**
 * Sends one approved decision, in its own transaction: the decision is taken by a conditional
 * UPDATE (PostgreSQL locks the row, so a second sender waits and then finds it taken; SQLite
 * runs one transaction at a time), the member and debts are read again, and the reminder is
 * queued in the outbox under the key (member, debt set, stage) or the decision skipped with
 * its reason: paid meanwhile (no debt it covered still owes), ending state, no e-mail, or
 * direct-debit pending (every debt it covered that still owes went into a batch meanwhile).
 */
async function sendOne(ctx: Pick<ServerContext, 'now' | 'config'>, db: Db, id: number, stages: Map<number, Stage>, ahead: IssuedAhead | null): Promise<{ outcome: 'sent' | 'skipped' | 'taken'; message?: number }> {
  return db.transaction().execute(async (trx) => {
    const stamp = new Date(ctx.now()).toISOString();
    const taken = await trx.updateTable('reminder_decisions').set({ updated_at: stamp }).where('_id', '=', id).where('decision', '=', 'approved').executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return { outcome: 'taken' as const };
    const decision = await trx.selectFrom('reminder_decisions').select(['member', 'stage', 'debt_set', 'day']).where('_id', '=', id).executeTakeFirstOrThrow();
    const memberId = Number(decision.member);
    const stage = stages.get(Number(decision.stage)) ?? (await trx.selectFrom('reminder_stages').select(['_id', 'offset_days', 'subject', 'body']).where('_id', '=', Number(decision.stage)).executeTakeFirstOrThrow());
    const member = await reminderMember(trx, memberId, ctx.now());
    const stillOwing = await trx
      .selectFrom('reminder_coverage as c')
      .innerJoin('unsettled_payments as d', 'd._id', 'c.debt')
      .leftJoin('direct_debit_items as p', 'p.pending_debt', 'd._id')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('p._id').as('in_batch')])
      .where('c.decision', '=', id)
      .where('d.status', 'in', ['open', 'partial'])
      .executeTakeFirstOrThrow();
    let reason: Reason | null = null;
    if (!member || Number(member.ending) === 1) reason = 'ending';
    else if (!member.email) reason = 'no_email';
    else if (Number(stillOwing.n) === 0) reason = 'paid';
    else if (Number(stillOwing.in_batch) === Number(stillOwing.n)) reason = 'direct_debit';
    let message: number | null = null;
    if (reason === null) {
      const content = await reminderContent(trx, memberId, member!, listedUpTo(String(decision.day), Number(stage.offset_days)));
      const dedupeKey = reminderKey(memberId, String(decision.debt_set), stage._id);
      const outgoing = await reminderMessage(ctx, trx, { member: memberId, email: String(member!.email), template: stage, ...content, dedupeKey, ahead });
      message = await enqueueMessage(trx, ctx.now(), outgoing);
    }
    await trx
      .updateTable('reminder_decisions')
      .set({ decision: reason === null ? 'sent' : 'skipped', reason, message, decided_at: stamp, updated_at: stamp, _version: sql`_version + 1` })
      .where('_id', '=', id)
      .execute();
    return reason === null ? { outcome: 'sent' as const, message: message! } : { outcome: 'skipped' as const };
  });
}

/**
 * With a remote payment provider, the Multibanco reference an approved reminder with
 * {referencia_multibanco} will show, asked for before its transaction (reference.ts: no network
 * call holds a transaction open). Null for every other reminder.
 */
async function referenceAhead(ctx: Pick<ServerContext, 'now' | 'config'>, db: Db, id: number, stages: Map<number, Stage>): Promise<IssuedAhead | null> {
  const decision = await db.selectFrom('reminder_decisions').select(['member', 'stage', 'debt_set', 'day', 'decision']).where('_id', '=', id).executeTakeFirst();
  const stage = decision && stages.get(Number(decision.stage));
  if (!decision || decision.decision !== 'approved' || !stage || !`${stage.subject}${stage.body}`.includes('{referencia_multibanco}')) return null;
  const provider = await remoteProvider(ctx, db);
  if (!provider) return null;
  const member = Number(decision.member);
  const owed = await owedUpTo(db, member, listedUpTo(String(decision.day), Number(stage.offset_days)), true);
  const amount = owed.reduce((sum, debt) => sum + debt.owed, 0);
  return issueAhead(ctx, db, provider, { member, debts: owed.map((debt) => debt.id), amount, key: reminderKey(member, String(decision.debt_set), stage._id) });
}

/** The outbox key of a reminder: one per member, debt set and stage. */
const reminderKey = (member: number, debtSet: string, stage: number): string => `reminder:${member}:${debtSet}:${stage}`;

/**
 * Sends every approved decision (the planner's when sending is automatic, staff's approved
 * batches otherwise), each in its own transaction; messages are announced after their commit so
 * the outbox's sender wakes. Safe to run on several instances at once.
 */
export async function sendApproved(
  ctx: Pick<ServerContext, 'now' | 'bus' | 'config'>,
  db: Db,
  progress?: (done: number, total: number) => Promise<void> | void,
): Promise<SendReport> {
  const report: SendReport = { sent: 0, skipped: 0 };
  const stages = new Map(
    ((await db.selectFrom('reminder_stages').select(['_id', 'offset_days', 'subject', 'body']).execute()) as unknown as Stage[]).map((stage) => [Number(stage._id), stage]),
  );
  // The total is counted first (progress used to say done of done + 1, and so ended at 3 of 4,
  // 75 %, for three reminders); decisions approved while it runs raise it as they are reached.
  const approved = await db.selectFrom('reminder_decisions').select((eb) => eb.fn.countAll<number>().as('n')).where('decision', '=', 'approved').executeTakeFirstOrThrow();
  let total = Number(approved.n);
  let after = 0;
  let done = 0;
  for (;;) {
    const ids = (await db.selectFrom('reminder_decisions').select('_id').where('decision', '=', 'approved').where('_id', '>', after).orderBy('_id').limit(500).execute()).map((row) => Number(row._id));
    if (ids.length === 0) {
      // Ends at its total, which is what it went through: fewer than counted when another
      // instance sent some first.
      if (done > 0) await progress?.(done, done);
      return report;
    }
    for (const id of ids) {
      const result = await sendOne(ctx, db, id, stages, await referenceAhead(ctx, db, id, stages));
      if (result.outcome === 'sent') {
        report.sent += 1;
        await announceMessage(ctx.bus, result.message!, 'created');
      } else if (result.outcome === 'skipped') report.skipped += 1;
      done += 1;
    }
    after = ids[ids.length - 1]!;
    total = Math.max(total, done);
    await progress?.(done, total);
  }
}
