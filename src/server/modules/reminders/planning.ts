import { sql, type RawBuilder } from 'kysely';
import { addDays } from '../../../core/days.js';
import type { Db, Engine } from '../../db/database.js';
import { readSetting } from '../../settings/read.js';
import { fromStep, memberRun, slicingFor, stepValue, type MemberStep, type Slicing } from '../dues/public.js';

/** Debt statuses that still owe something. */
const OWING = sql`('open', 'partial')`;
const DAY_MS = 86_400_000;
/** PostgreSQL advisory lock key of reminder planning (any constant no other lock uses). */
const PLAN_LOCK = 7_013_001;

/** A debt due on or before this day has reached the stage on `day` (due date + offset <= day). */
export const stageCutoff = (day: string, offsetDays: number): string => addDays(day, -offsetDays);

export interface StageRow {
  _id: number;
  category: number | null;
  offset_days: number;
}

export interface PlanReport {
  day: string;
  /** Why nothing goes out today, when reminders are held back. */
  heldBack: boolean;
  /** Decisions taken by this run, by stage id (0 when another run took them first). */
  decided: Record<number, number>;
  /** Held decisions released because payments are being recorded again. */
  released: number;
}

/**
 * Whether reminders wait: no payment has been recorded for `reminderHoldBackDays` days (the
 * bank's import has not arrived, so a reminder could chase someone who paid). 0: never. No
 * payment recorded at all counts as none recently.
 */
async function holdingBack(db: Db, now: number): Promise<boolean> {
  const days = await readSetting(db, 'reminderHoldBackDays');
  if (days <= 0) return false;
  const newest = await db.selectFrom('payments').select((eb) => eb.fn.max('created_at').as('at')).executeTakeFirst();
  const at = newest?.at === null || newest?.at === undefined ? null : Date.parse(String(newest.at));
  return at === null || at < now - days * DAY_MS;
}

/**
 * The debts that make stage `stage` owe a member a reminder on `day`: still owing, due by the
 * stage's cutoff, of a member of the stage's category, not yet reminded at this stage
 * (reminder_coverage), and not already past a later stage that applies to the member (a debt
 * two years old gets the latest stage's reminder once, not every stage's the day stages are set).
 * `dd` is 1 for a debt pending in a direct-debit batch: the bank is collecting it, so it is
 * not chased (see planReminders).
 */
function triggering(stage: StageRow, later: readonly StageRow[], day: string, chasedOnly: boolean, step: MemberStep): RawBuilder<unknown> {
  const debts = fromStep(step, 'unsettled_payments', 'd');
  const pastLater = later
    .filter((next) => stage.category === null || next.category === null || next.category === stage.category)
    .map((next) => sql`(d.due_date <= ${stageCutoff(day, next.offset_days)}${next.category === null ? sql`` : sql` AND m.fee_category = ${next.category}`})`);
  return sql`
    SELECT d._id, d.member, CASE WHEN p._id IS NULL THEN 0 ELSE 1 END AS dd
    FROM ${debts.from}
    JOIN members m ON m._id = d.member
    LEFT JOIN reminder_coverage c ON c.stage = ${stage._id} AND c.debt = d._id
    LEFT JOIN direct_debit_items p ON p.pending_debt = d._id
    WHERE ${stepValue(step, 'd.status')} IN ${OWING} AND ${debts.where}
      AND ${stepValue(step, 'd.due_date')} <= ${stageCutoff(day, stage.offset_days)}
      AND c.debt IS NULL
      ${chasedOnly ? sql`AND NOT EXISTS (SELECT 1 FROM direct_debit_items q WHERE q.pending_debt = d._id)` : sql``}
      ${stage.category === null ? sql`` : sql`AND m.fee_category = ${stage.category}`}
      ${pastLater.length === 0 ? sql`` : sql`AND NOT (${sql.join(pastLater, sql` OR `)})`}`;
}

/**
 * Works out what every active stage owes to whom on `day`, in a few set-based statements per
 * stage (no query per member: 100,000 members cost the same handful). Each stage's decisions
 * and the debts they cover are written in one transaction with INSERT … SELECT … ON CONFLICT
 * DO NOTHING over the unique (member, debt set, stage) and (member, stage, day) keys, so a
 * rerun, a retry after a crash or a second instance planning at the same moment adds nothing
 * twice. Members in an ending state and members without e-mail are logged as skipped; while
 * payments are not being recorded (holdingBack), decisions are logged as held and released by
 * the first run after a payment is recorded again. Sending is sendApproved's.
 *
 * Debts pending in a direct-debit batch are never chased: a reminder covers (and counts) only a
 * member's other debts; a member whose triggering debts are all pending gets a decision skipped
 * as 'direct_debit' under the key `dd:{first debt}`, covering nothing, so it is logged once and,
 * should the bank return the debt, the debt triggers a reminder of its own at that stage.
 * Debts of members with a mandate not yet put in a batch are chased as any other: whether and
 * when staff prepare the next batch is not known here.
 */
export async function planReminders(
  db: Db,
  engine: Engine,
  day: string,
  now: number,
  progress?: (done: number, total: number) => Promise<void> | void,
  /** null: every member at once (PostgreSQL's way, see slicingFor); by default the engine's. */
  slicing: Slicing | null = slicingFor(engine),
): Promise<PlanReport> {
  const stamp = new Date(now).toISOString();
  const automated = await readSetting(db, 'automatedMemberPayments');
  const held = await holdingBack(db, now);
  const ready = automated ? 'approved' : 'awaiting';
  let released = 0;
  if (!held) {
    const result = await db
      .updateTable('reminder_decisions')
      .set({ decision: ready, reason: null, updated_at: stamp, _version: sql`_version + 1` })
      .where('decision', '=', 'held')
      .executeTakeFirst();
    released = Number(result.numUpdatedRows);
  }
  const stages = (await db
    .selectFrom('reminder_stages')
    .select(['_id', 'category', 'offset_days'])
    .where('active', '=', 1)
    .orderBy('offset_days')
    .orderBy('_id')
    .execute()) as unknown as StageRow[];
  const decided: Record<number, number> = {};
  let done = 0;
  // One run for every stage: the ranges of members are read once, and each stage's first step is
  // sized as the stage before measured, not from the initial size again.
  const run = memberRun(db, slicing);
  for (const stage of stages) {
    const later = stages.filter((other) => other.offset_days > stage.offset_days);
    const cutoff = stageCutoff(day, stage.offset_days);
    const ending = sql`COALESCE(${sql.ref('st.marksEnd')}, 0) = 1`;
    // A minor may have only a guardian's e-mail: the sender decides who receives it (members/recipient.ts).
    const noEmail = sql`((m.email IS NULL OR m.email = '') AND (m.guardian_email IS NULL OR m.guardian_email = ''))`;
    const ddOnly = sql`f.first_chased IS NULL`;
    // A condition, not a bound boolean (SQLite binds none).
    const holding = held ? sql`1 = 1` : sql`1 = 0`;
    let decisions = 0;
    // On SQLite in steps over ranges of members (member-steps.ts), each its own transaction: the
    // keys below make a step, like a stage, safe to run again.
    await run.forEachStep(async (step) => {
      decisions += await db.transaction().execute(async (trx) => {
        // Planners on several instances take turns (SQLite runs one transaction at a time anyway):
        // two multi-row upserts on the same keys in different orders could deadlock each other.
        if (engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(${PLAN_LOCK})`.execute(trx);
        // f.first_chased: the member's first triggering debt not pending in a direct-debit batch
        // (null: all are pending). owes: what the member owes up to the cutoff, outside and inside
        // batches, read from f's members (CROSS JOIN: a lookup by member each; led by the debts,
        // SQLite walked all 630,000 of them at 100,000 members in every step).
        const inserted = await sql`
          WITH t AS (${triggering(stage, later, day, false, step)}),
          f AS (SELECT member, MIN(_id) AS first_debt, MIN(CASE WHEN dd = 0 THEN _id END) AS first_chased FROM t GROUP BY member),
          owes AS (
            SELECT d.member,
              SUM(CASE WHEN p._id IS NULL THEN 1 ELSE 0 END) AS debts, SUM(CASE WHEN p._id IS NULL THEN d.amount - d.paid ELSE 0 END) AS owed,
              SUM(CASE WHEN p._id IS NULL THEN 0 ELSE 1 END) AS dd_debts, SUM(CASE WHEN p._id IS NULL THEN 0 ELSE d.amount - d.paid END) AS dd_owed
            FROM f CROSS JOIN unsettled_payments d
            LEFT JOIN direct_debit_items p ON p.pending_debt = d._id
            WHERE d.member = f.member AND ${stepValue(step, 'd.status')} IN ${OWING} AND ${stepValue(step, 'd.due_date')} <= ${cutoff}
            GROUP BY d.member
          )
          INSERT INTO reminder_decisions (member, stage, debt_set, day, decision, reason, debts, total, decided_at, created_at, updated_at, _version)
          SELECT f.member, ${stage._id},
            CASE WHEN ${ddOnly} THEN 'dd:' || CAST(f.first_debt AS TEXT) ELSE CAST(f.first_chased AS TEXT) END, ${day},
            CASE WHEN ${ending} OR ${ddOnly} OR ${noEmail} THEN 'skipped' WHEN ${holding} THEN 'held' ELSE ${ready} END,
            CASE WHEN ${ending} THEN 'ending' WHEN ${ddOnly} THEN 'direct_debit' WHEN ${noEmail} THEN 'no_email' WHEN ${holding} THEN 'no_recent_payments' ELSE NULL END,
            CASE WHEN ${ddOnly} THEN owes.dd_debts ELSE owes.debts END, CASE WHEN ${ddOnly} THEN owes.dd_owed ELSE owes.owed END,
            CASE WHEN ${ending} OR ${ddOnly} OR ${noEmail} THEN ${stamp} ELSE NULL END,
            ${stamp}, ${stamp}, 1
          FROM f
          JOIN owes ON owes.member = f.member
          JOIN members m ON m._id = f.member
          LEFT JOIN member_states st ON st._id = m.state
          WHERE 1 = 1
          ON CONFLICT DO NOTHING
        `.execute(trx);
        // The debts each decision taken now covers: only a decision whose key is the member's
        // first uncovered debt (one another run took today with other debts covers nothing new:
        // those debts get tomorrow's decision), and never a debt pending in a direct-debit batch.
        // The pending debts are left out inside t, where the planner can see how many rows remain:
        // filtering t's computed `dd` afterwards made PostgreSQL expect a few hundred rows and pick a
        // nested loop over every pair (over 200 s at 100,000 members instead of a few seconds).
        await sql`
          WITH t AS (${triggering(stage, later, day, true, step)}),
          f AS (SELECT member, MIN(_id) AS first_chased FROM t GROUP BY member)
          INSERT INTO reminder_coverage (stage, debt, decision)
          SELECT ${stage._id}, t._id, r._id
          FROM t
          JOIN f ON f.member = t.member
          JOIN reminder_decisions r ON r.member = t.member AND r.stage = ${stage._id} AND r.debt_set = CAST(f.first_chased AS TEXT)
          WHERE 1 = 1
          ON CONFLICT DO NOTHING
        `.execute(trx);
        return Number(inserted.numAffectedRows ?? 0n);
      });
    });
    decided[stage._id] = decisions;
    done += 1;
    await progress?.(done, stages.length);
  }
  return { day, heldBack: held, decided, released };
}
