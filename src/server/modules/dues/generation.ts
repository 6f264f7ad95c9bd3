import { sql } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { vacuumAnalyze } from '../../db/vacuum.js';
import { refreshBalances } from './balances.js';
import { applyCredit, dedupeKey } from './ledger.js';
import { periodsOf, type Periodicity } from './periods.js';

export interface GenerationReport {
  year: number;
  /** Debts raised by this run (0 when a previous run already raised them all). */
  raised: number;
  /** Schedule periods processed. */
  periods: number;
  /** Members charged by this run, and the total of the debts it raised, in cents. */
  members: number;
  total: number;
}

interface ScheduleRow {
  _id: number;
  category: number;
  amount: number;
  periodicity: Periodicity;
  due_day: number;
}

/**
 * Raises a year's quotas: every member not exempt (members.dues_exempt) in a paying category, in a state that does not mark the
 * end of membership and admitted by the period's end, gets one debt per period of their
 * category's schedule. One INSERT … SELECT per schedule period, so 100,000 members cost a few
 * statements; the unique (member, dedupe_key) makes a second run, or a run after a crash, add
 * only what is missing. Then credit left on members' payments is used and balances refreshed.
 * Each step commits on its own (progress is reported between them, outside any transaction):
 * a run that dies midway leaves whole periods behind, and the next run adds the rest.
 */
export async function generateYear(db: Db, year: number, now: number, progress?: (done: number, total: number) => Promise<void> | void): Promise<GenerationReport> {
  const stamp = new Date(now).toISOString();
  const schedules = (await db
    .selectFrom('fee_schedules as s')
    .innerJoin('fee_categories as c', 'c._id', 's.category')
    .select(['s._id', 's.category', 's.amount', 's.periodicity', 's.due_day'])
    .where('s.year', '=', year)
    .where('c.exempt', '=', 0)
    .where('s.amount', '>', 0)
    .orderBy('s._id')
    .execute()) as unknown as ScheduleRow[];
  const work = schedules.flatMap((schedule) => periodsOf(year, schedule.periodicity, Number(schedule.due_day)).map((period) => ({ schedule, period })));
  let raised = 0;
  let done = 0;
  for (const { schedule, period } of work) {
    const result = await db.transaction().execute((trx) => sql`
      INSERT INTO unsettled_payments (member, kind, year, period, amount, paid, status, due_date, description, schedule, dedupe_key, created_at, updated_at, _version)
      SELECT m._id, 'quota', ${year}, ${period.period}, ${Number(schedule.amount)}, 0, 'open', ${period.due}, ${period.label}, ${schedule._id},
        ${dedupeKey('quota', year, period.period)}, ${stamp}, ${stamp}, 1
      FROM members m LEFT JOIN member_states st ON st._id = m.state
      WHERE m.fee_category = ${schedule.category} AND m.dues_exempt = 0
        AND COALESCE(${sql.ref('st.marksEnd')}, 0) = 0
        AND (m.admission_date IS NULL OR m.admission_date <= ${period.end})
      ON CONFLICT (member, dedupe_key) DO NOTHING
    `.execute(trx));
    raised += Number(result.numAffectedRows ?? 0n);
    done += 1;
    await progress?.(done, work.length + 1);
  }
  // What this run raised: its debts are the quotas of the year stamped with its own time.
  const charged = await db
    .selectFrom('unsettled_payments')
    .select([sql<number>`count(DISTINCT member)`.as('members'), sql<number | null>`sum(amount)`.as('total')])
    .where('kind', '=', 'quota')
    .where('year', '=', year)
    .where('created_at', '=', stamp)
    .where('schedule', 'is not', null)
    .executeTakeFirst();
  const withCredit = await db
    .selectFrom('payments')
    .select('member')
    .distinct()
    .where('annulled_at', 'is', null)
    .where(sql<boolean>`amount > allocated`)
    .execute();
  await db.transaction().execute(async (trx) => {
    for (const { member } of withCredit) await applyCredit(trx, Number(member), now);
    await refreshBalances(trx, now);
  });
  await progress?.(work.length + 1, work.length + 1);
  return { year, raised, periods: work.length, members: raised === 0 ? 0 : Number(charged?.members ?? 0), total: raised === 0 ? 0 : Number(charged?.total ?? 0) };
}

/**
 * After a bulk change of the ledger (a year's generation): the tables it rewrote, tidied (see
 * vacuumAnalyze), so the unpaid list and the debts lists do not walk the dead row versions
 * until autovacuum comes by (measured on PostgreSQL: 88 ms instead of 0.7 ms for the unpaid
 * list's first page right after a generation at 100,000 members).
 */
export const tidyAfterBulk = (database: Database): Promise<void> =>
  vacuumAnalyze(database, ['unsettled_payments', 'payment_allocations', 'payments', 'member_balances']);
