import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { vacuumAnalyze } from '../../db/vacuum.js';
import { lisbonDay } from '../../../core/days.js';
import { addRaisedToBalances, refreshBalances } from './balances.js';
import { discounted, type FeeCharge } from './fee-categories.js';
import { dedupeKey, householdDedupeKey } from './ledger.js';
import { spendAllCredit } from './spend-credit.js';
import { periodsOf, type Period, type Periodicity } from './periods.js';
import { EVERY_MEMBER, fromStep, inStep, memberOfStep, memberRun, stepMembers, stepValue, type MemberStep, type Slicing } from './member-steps.js';

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
  charge: FeeCharge;
  household_discount_percent: number;
  household_discount_from: number;
}


/**
 * The members a schedule's period charges (aliased `m`, their state `st`): in the category, not
 * exempt, in a state that does not end membership, admitted by the period's end.
 */
const eligible = (schedule: ScheduleRow, period: Period, step: MemberStep) => sql`
  m.fee_category = ${schedule.category} AND m.dues_exempt = 0
  AND COALESCE(${sql.ref('st.marksEnd')}, 0) = 0
  AND (m.admission_date IS NULL OR m.admission_date <= ${period.end})
  AND ${inStep(step, 'm')}`;

const COLUMNS = sql`(member, household, kind, year, period, amount, paid, status, due_date, description, schedule, dedupe_key, created_at, updated_at, _version)`;
/** What each statement answers of the debts it raised: the run's figures are summed from them (no read of the table after). */
const RAISED = sql`RETURNING _id, member, amount, due_date`;
/** The figures of debts just raised, as RAISED answers them. */
interface RaisedRow {
  _id: number | string;
  member: number | string;
  amount: number | string;
  due_date: string;
}

/** The debts a statement raised, summed: their count, total, earliest and latest due date, and first and last id (none raised: null). */
interface RaisedSum {
  raised: number | string;
  total: number | string;
  earliest: string | null;
  latest: string | null;
  first: number | string | null;
  last: number | string | null;
}

/**
 * A statement of raises (answering RAISED) summed in the database (PostgreSQL: a data-modifying
 * WITH), so its debts do not cross to the process: for a year of 100,000 members, a period's
 * 87,196 rows parsed and tallied there held the event loop 130–162 ms.
 */
const summed = (statement: RawBuilder<unknown>) =>
  sql<RaisedSum>`WITH raised AS (${statement}) SELECT COUNT(*) AS raised, COALESCE(SUM(amount), 0) AS total, MIN(due_date) AS earliest, MAX(due_date) AS latest, MIN(_id) AS first, MAX(_id) AS last FROM raised`;

/**
 * One debt per eligible member for the period, each carrying the member's household. In a
 * category charging per household, only members of no household; with a household discount,
 * a household's members in the category, by member number, pay the discounted amount from the
 * Nth on (ROW_NUMBER over the household: still one statement for every member).
 */
function memberQuotas(schedule: ScheduleRow, period: Period, year: number, stamp: string, step: MemberStep, answer: boolean) {
  const full = Number(schedule.amount);
  const percent = Number(schedule.household_discount_percent);
  const amount =
    percent > 0
      ? sql`CASE WHEN e.household IS NOT NULL AND e.position >= ${Number(schedule.household_discount_from)} THEN CAST(${discounted(full, percent)} AS bigint) ELSE CAST(${full} AS bigint) END`
      : sql`CAST(${full} AS bigint)`;
  const perHousehold = schedule.charge === 'household' ? sql`AND m.household IS NULL` : sql``;
  return sql`
    INSERT INTO unsettled_payments ${COLUMNS}
    SELECT e._id, e.household, 'quota', ${year}, ${period.period}, ${amount}, 0, 'open', ${period.due}, ${period.label}, ${schedule._id},
      ${dedupeKey('quota', year, period.period)}, ${stamp}, ${stamp}, 1
    FROM (
      SELECT m._id, m.household, ROW_NUMBER() OVER (PARTITION BY m.household ORDER BY m.number, m._id) AS position
      FROM members m LEFT JOIN member_states st ON st._id = m.state
      WHERE ${eligible(schedule, period, step)} ${perHousehold}
    ) e
    WHERE true
    ON CONFLICT (member, dedupe_key) DO NOTHING
    ${answer ? RAISED : sql``}
  `;
}

// unsettled_payments.description is varchar(200): a long household's list of names is cut.
const DESCRIPTION_MAX = 200;

/**
 * A category charging per household: ONE debt per household and period, for every household
 * with eligible members in the category (members already charged on their own for the period,
 * e.g. on admission, are left out). Its holder is the household's payer when an eligible member
 * of it in the category, else its lowest-numbered one; the description lists the members
 * ("Quota 2026 — Agregado Silva: Ana Silva (n.º 12), Bruno Silva (n.º 13)"). The partial unique
 * index on (household, dedupe_key) keeps it one, whoever holds it, however often this runs.
 */
function householdQuotas(schedule: ScheduleRow, period: Period, year: number, stamp: string, step: MemberStep, answer: boolean) {
  const memberKey = dedupeKey('quota', year, period.period);
  const listed = sql`e.name || ' (n.º ' || CAST(e.number AS varchar(20)) || ')'`;
  return sql`
    INSERT INTO unsettled_payments ${COLUMNS}
    SELECT h.holder, h.household, 'quota', ${year}, ${period.period}, CAST(${Number(schedule.amount)} AS bigint), 0, 'open', ${period.due},
      CASE WHEN length(h.description) > ${DESCRIPTION_MAX} THEN substr(h.description, 1, ${DESCRIPTION_MAX - 1}) || '…' ELSE h.description END,
      ${schedule._id}, ${householdDedupeKey(year, period.period)}, ${stamp}, ${stamp}, 1
    FROM (
      SELECT e.household,
        COALESCE(MAX(CASE WHEN e._id = hh.payer_member THEN e._id END), MAX(CASE WHEN e.position = 1 THEN e._id END)) AS holder,
        CAST(${`${period.label} — Agregado `} AS varchar(200)) || hh.name || ': ' || string_agg(${listed}, ', ' ORDER BY e.number, e._id) AS description
      FROM (
        SELECT m._id, m.name, m.number, m.household, ROW_NUMBER() OVER (PARTITION BY m.household ORDER BY m.number, m._id) AS position
        FROM members m LEFT JOIN member_states st ON st._id = m.state
        WHERE ${eligible(schedule, period, step)} AND m.household IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM unsettled_payments own WHERE own.member = m._id AND own.dedupe_key = ${memberKey})
      ) e
      INNER JOIN households hh ON hh._id = e.household
      GROUP BY e.household, hh.name, hh.payer_member
    ) h
    WHERE true
    ON CONFLICT DO NOTHING
    ${answer ? RAISED : sql``}
  `;
}

/** The year's schedules a generation raises quotas of: paying categories, amounts above nothing, in schedule order. */
const yearSchedules = async (db: Db, year: number): Promise<ScheduleRow[]> =>
  (await db
    .selectFrom('fee_schedules as s')
    .innerJoin('fee_categories as c', 'c._id', 's.category')
    .select(['s._id', 's.category', 's.amount', 's.periodicity', 's.due_day', 'c.charge', 'c.household_discount_percent', 'c.household_discount_from'])
    .where('s.year', '=', year)
    .where('c.exempt', '=', 0)
    .where('s.amount', '>', 0)
    .orderBy('s._id')
    .execute()) as unknown as ScheduleRow[];

/**
 * A year's work: per schedule period (in schedule order), the INSERT … SELECT statements that
 * raise its debts (of the step's members); with `answer`, each answers the debts it raised.
 */
function raises(schedules: readonly ScheduleRow[], year: number, now: number, step: MemberStep, answer: boolean): RawBuilder<unknown>[][] {
  const stamp = new Date(now).toISOString();
  return schedules.flatMap((schedule) =>
    periodsOf(year, schedule.periodicity, Number(schedule.due_day)).map((period) =>
      schedule.charge === 'household'
        ? [memberQuotas(schedule, period, year, stamp, step, answer), householdQuotas(schedule, period, year, stamp, step, answer)]
        : [memberQuotas(schedule, period, year, stamp, step, answer)],
    ),
  );
}

/** The year's INSERT … SELECT statements alone, per period, for every member (the benchmark's bare reference). */
export const yearRaises = async (db: Db, year: number, now: number): Promise<RawBuilder<unknown>[][]> => raises(await yearSchedules(db, year), year, now, EVERY_MEMBER, false);

/** The dedupe keys of the quotas a run of these schedules raises: 'quota:Y:P' and, for a category charging per household, 'agregado:quota:Y:P'. */
const runKeys = (schedules: readonly ScheduleRow[], year: number): string[] => [
  ...new Set(
    schedules.flatMap((schedule) =>
      periodsOf(year, schedule.periodicity, Number(schedule.due_day)).flatMap((period) => {
        const own = dedupeKey('quota', year, period.period)!;
        return schedule.charge === 'household' ? [own, householdDedupeKey(year, period.period)] : [own];
      }),
    ),
  ),
];

/**
 * A debt (over `unsettled_payments` aliased `alias`) is one of the quotas a run of the year's
 * schedules raises, by its dedupe key (`keys`, runKeys), in steps: the step's members' quotas of
 * the year are then found through the unique (member, dedupe_key) index, a seek per key and
 * member, where the members' index walked each member's debts of every year and read each row to
 * find the year's. Every member at once: no condition (the year's index answers). Keys, not a
 * range of them: under a locale's collation (PostgreSQL) a range of text is not a range of the index.
 */
const ofRunKeys = (keys: readonly string[], step: MemberStep, alias: string): RawBuilder<boolean> =>
  step.of === 'all' || keys.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`${sql.ref(`${alias}.dedupe_key`)} IN (${sql.join(keys)})`;

/** This run's debts (over `unsettled_payments` aliased `alias`): the year's quotas stamped with its time. */
const raisedBy = (year: number, stamp: string, step: MemberStep, keys: readonly string[]) => (alias: string) =>
  sql<boolean>`${stepValue(step, `${alias}.created_at`)} = ${stamp} AND ${stepValue(step, `${alias}.year`)} = ${year} AND ${sql.ref(`${alias}.kind`)} = 'quota' AND ${sql.ref(`${alias}.schedule`)} IS NOT NULL AND ${ofRunKeys(keys, step, alias)}`;

/** Members of the step whose payments the credit pass just allocated (allocations stamped with its time, an index seek). */
const creditSpent = (stamp: string, step: MemberStep) => sql`SELECT member FROM payment_allocations WHERE updated_at = ${stamp} AND ${memberOfStep(step, 'member')}`;

/**
 * What a step did, as its own statements answered: the ids of the debts it raised (its inserts'
 * RETURNING, first and last; null: none) and the members whose credit it spent (spendAllCredit's
 * allocations). Read from there, not from the tables: finding the step's debts again through its
 * members cost a seek in the members' index and a read of each of their debts of every year, and
 * their allocations one row each (profiled at 100,000 members with 7 years of dues on SQLite:
 * 11–15 ms of a step of about 300 members for each of the two balance statements, 4–10 ms after).
 * The ids between the first and last are the step's own on SQLite (nothing else writes in its
 * transaction); elsewhere a row another transaction wrote between them is told apart by raisedBy.
 */
interface StepDone {
  ids: { first: number; last: number } | null;
  /** The members holding the debts it raised. */
  holders: readonly number[];
  spent: readonly number[];
}

/** The debts the step raised (over `unsettled_payments` aliased `alias`): ids between its first and last, read in place. */
const raisedInStep = (done: StepDone, alias: string): RawBuilder<boolean> =>
  done.ids ? sql<boolean>`${sql.ref(`${alias}._id`)} >= ${done.ids.first} AND ${sql.ref(`${alias}._id`)} <= ${done.ids.last}` : sql<boolean>`1 = 0`;

/** The members holding the debts a step raised, counted in the database (`ids`: their first and last, see Raised). */
async function chargedInStep(db: Db, ids: { first: number; last: number } | null, ofRun: (alias: string) => RawBuilder<boolean>): Promise<number> {
  if (!ids) return 0;
  const row = await sql<{ members: number | string }>`SELECT COUNT(DISTINCT d.member) AS members FROM unsettled_payments d WHERE d._id >= ${ids.first} AND d._id <= ${ids.last} AND ${ofRun('d')}`.execute(db);
  return Number(row.rows[0]?.members ?? 0);
}

/** Members listed by id in a statement at most: one parameter each, far below both engines' limits (SQLite 32,766). */
const LISTED_MAX = 5000;

/** The members whose credit the step spent, as a subquery (none: null); past LISTED_MAX, the allocations stamped with the run's time. */
const spentInStep = (done: StepDone, stamp: string, step: MemberStep) =>
  done.spent.length === 0 ? null : done.spent.length > LISTED_MAX ? creditSpent(stamp, step) : sql`SELECT _id FROM members WHERE _id IN (${sql.join(done.spent)})`;

/**
 * The members of the step whose balance a run computes again from their whole ledger, as a
 * subquery, when the year may hold quotas an earlier run left behind (every member at once, or
 * `earlier`): those whose payments the credit pass just allocated (`spent`); those holding a
 * quota of the year raised by this run whose balance row is missing, or was written at or after
 * the run's time, or is not current today (a debt of it fell due since, or it was computed for a
 * later day); and those holding one raised by an earlier run that died before its refresh (their
 * balance row older than the debt). The other members holding this run's quotas have nothing
 * else changed in their ledger: their rows take the new debts alone (addRaisedToBalances), after
 * this refresh (which stamps the rows it rewrites with the run's time, so the addition passes
 * them by). Every other member's ledger is as it was, so their rows are left alone (a read brings
 * them to today). A fresh year in steps needs no such lookup (see generateYear).
 */
const refreshedWhole = (year: number, stamp: string, today: string, step: MemberStep, keys: readonly string[], spent: RawBuilder<unknown> | null) => {
  const notCurrent = sql`b.updated_at >= ${stamp} OR b.as_of > ${today} OR b.next_due <= ${today}`;
  const debts = fromStep(step, 'unsettled_payments', 'd');
  return sql`
  SELECT d.member FROM ${debts.from} LEFT JOIN member_balances b ON b._id = d.member
  WHERE ${stepValue(step, 'd.year')} = ${year} AND d.kind = 'quota' AND d.schedule IS NOT NULL AND ${ofRunKeys(keys, step, 'd')} AND ${debts.where}
    AND (b._id IS NULL
      OR (d.created_at = ${stamp} AND (${notCurrent}))
      OR (d.created_at <> ${stamp} AND b.updated_at < d.created_at))
  ${spent ? sql`UNION ${spent}` : sql``}`;
};

/**
 * The debts a step raised (every member at once: the run's, over its commits), as StepDone needs
 * them: the first and last id (none: null) and their holders. Kept as they are answered, not as
 * rows: every member at once, a period answers a debt per member, and spreading them into one
 * array (`push(...rows)`) overflows the call stack past about 125,000 (a period of a
 * 200,000-member association on PostgreSQL).
 */
class Raised {
  private first = Infinity;
  private last = -Infinity;
  /** The holders, when the rows were answered (summed in the database: the database finds them, see addRaisedToBalances). */
  readonly holders = new Set<number>();

  add(rows: readonly RaisedRow[]): void {
    for (const row of rows) {
      this.span(Number(row._id), Number(row._id));
      this.holders.add(Number(row.member));
    }
  }

  addSum(sum: RaisedSum): void {
    if (sum.first !== null && sum.last !== null) this.span(Number(sum.first), Number(sum.last));
  }

  private span(first: number, last: number): void {
    if (first < this.first) this.first = first;
    if (last > this.last) this.last = last;
  }

  get ids(): { first: number; last: number } | null {
    return this.first > this.last ? null : { first: this.first, last: this.last };
  }
}

/** What a run raised so far: debts, members charged, their total and due dates. */
class Tally {
  raised = 0;
  total = 0;
  earliest: string | null = null;
  latest: string | null = null;
  private readonly holders = new Set<number>();
  /** Members counted by the database, of steps whose debts were summed there (steps hold distinct members). */
  private counted = 0;

  add(rows: readonly RaisedRow[]): void {
    for (const row of rows) {
      this.raised += 1;
      this.total += Number(row.amount);
      this.holders.add(Number(row.member));
      this.due(String(row.due_date), String(row.due_date));
    }
  }

  addSum(sum: RaisedSum): void {
    this.raised += Number(sum.raised);
    this.total += Number(sum.total);
    if (sum.earliest !== null && sum.latest !== null) this.due(sum.earliest, sum.latest);
  }

  addMembers(count: number): void {
    this.counted += count;
  }

  get members(): number {
    return this.holders.size + this.counted;
  }

  private due(earliest: string, latest: string): void {
    if (this.earliest === null || earliest < this.earliest) this.earliest = earliest;
    if (this.latest === null || latest > this.latest) this.latest = latest;
  }
}

/**
 * Raises a year's quotas: every member not exempt (members.dues_exempt) in a paying category, in
 * a state that does not mark the end of membership and admitted by the period's end, gets one
 * debt per period of their category's schedule, charged to their household if they have one; a
 * category charging per household raises one debt per household instead (householdQuotas). One
 * or two INSERT … SELECT per schedule period, so 100,000 members cost a few statements; the
 * unique (member, dedupe_key) and (household, dedupe_key) make a second run, or a run after a
 * crash, add only what is missing. Then credit left on members' payments is used
 * (spendAllCredit: a few statements for every member at once) and the balances of the members
 * touched brought to the ledger: those the new debts alone changed take just them
 * (addRaisedToBalances: the cost of the run's debts, not of every member's seven years of
 * ledger), the others are refreshed whole: in a fresh year those the addition did not move and
 * those whose credit was spent, by id; in a year with earlier quotas those refreshedWhole finds.
 *
 * With `slicing` null (the default; PostgreSQL's, whose driver leaves the event loop free while
 * it works, see slicingFor), every member at once: each period commits on its own, the last with the credit and the balances
 * (progress is reported between them, outside any transaction). With it (SQLite, where each
 * statement holds the server until it ends: at 100,000 members a period's INSERT … SELECT took
 * about a second), the same work step by step over ranges of members (member-steps.ts), each
 * step's periods, credit and balances in one transaction of about `slicing.budgetMs`. Either way
 * a run that dies midway leaves whole periods or steps behind, and the next run adds the rest.
 */
export async function generateYear(
  db: Db,
  year: number,
  now: number,
  progress?: (done: number, total: number) => Promise<void> | void,
  slicing: Slicing | null = null,
): Promise<GenerationReport> {
  const stamp = new Date(now).toISOString();
  const today = lisbonDay(now);
  const tally = new Tally();
  // Read once for the run: every step raises the same schedules for its own members.
  const schedules = await yearSchedules(db, year);
  const keys = runKeys(schedules, year);
  // Whether the year had quotas before this run (see refreshedWhole); a fresh year has none.
  const earlier =
    (await db.selectFrom('unsettled_payments').select('_id').where('year', '=', year).where('kind', '=', 'quota').where('schedule', 'is not', null).limit(1).executeTakeFirst()) !== undefined;
  let periods = 0;
  const inDatabase = db.getExecutor().adapter instanceof PostgresAdapter;
  const raise = async (trx: Db, statements: readonly RawBuilder<unknown>[], into: Raised) => {
    for (const statement of statements) {
      if (inDatabase) {
        const sum = (await summed(statement).execute(trx)).rows[0]!;
        tally.addSum(sum);
        into.addSum(sum);
        continue;
      }
      const answered = (await statement.execute(trx)).rows as RaisedRow[];
      tally.add(answered);
      into.add(answered);
    }
  };
  await memberRun(db, slicing).forEachStep(async (step) => {
    const work = raises(schedules, year, now, step, true);
    periods = work.length;
    // Every member at once: each period but the last commits on its own (the periods report
    // progress). In steps: a step's periods commit together, with its credit and balances.
    const commits = step.of === 'all' ? work : [work.flat()];
    // The debts the step raised, in all its commits (every member at once: the run's).
    const rows = new Raised();
    for (const [index, statements] of commits.slice(0, -1).entries()) {
      await db.transaction().execute((trx) => raise(trx, statements, rows));
      await progress?.(index + 1, commits.length);
    }
    await db.transaction().execute(async (trx) => {
      await raise(trx, commits.at(-1) ?? [], rows);
      const made = await spendAllCredit(trx, now, stepMembers(step));
      const dueDates = { earliest: tally.earliest, latest: tally.latest };
      const ofRun = raisedBy(year, stamp, step, keys);
      if (inDatabase) tally.addMembers(await chargedInStep(trx, rows.ids, ofRun));
      // Every member at once, a year that had quotas before (a run that died midway): the run's
      // members found by reading the year's debts and their rows (refreshedWhole).
      if (step.of === 'all' && earlier) {
        await refreshBalances(trx, now, refreshedWhole(year, stamp, today, step, keys, creditSpent(stamp, step)));
        await addRaisedToBalances(trx, now, (alias) => sql<boolean>`${ofRun(alias)} AND ${sql.ref(`${alias}.member`)} NOT IN (${creditSpent(stamp, step)})`, dueDates, step);
        return;
      }
      const done: StepDone = { ids: rows.ids, holders: [...rows.holders], spent: [...new Set(made.map((a) => a.member))] };
      const spent = spentInStep(done, stamp, step);
      // The step's debts, read in place by id (EVERY_MEMBER: no lookup through its members).
      const add = async (answer?: { holders: readonly number[] }) =>
        done.ids
          ? addRaisedToBalances(trx, now, (alias) => sql<boolean>`${raisedInStep(done, alias)} AND ${ofRun(alias)}${spent ? sql` AND ${sql.ref(`${alias}.member`)} NOT IN (${spent})` : sql``}`, dueDates, EVERY_MEMBER, answer)
          : [];
      if (earlier) {
        await refreshBalances(trx, now, refreshedWhole(year, stamp, today, step, keys, spent));
        await add();
        return;
      }
      // A fresh year, in steps or at once: the rows the new debts alone moved answer themselves;
      // the step's other holders (no row, or a row not current) and the members whose credit it
      // spent are computed whole, by id. Found so, not by reading the step's debts and their rows
      // again (2–3 ms of a step of 50 ms, profiled at 100,000 members on SQLite; at once on
      // PostgreSQL, refreshedWhole's read of the year's 87,196 debts took 0.35–1.8 s, loaded).
      const whole = [...new Set([...(await add({ holders: done.holders })), ...done.spent])];
      for (let from = 0; from < whole.length; from += LISTED_MAX) await refreshBalances(trx, now, whole.slice(from, from + LISTED_MAX));
    });
    if (step.of === 'all') await progress?.(Math.max(commits.length, 1), Math.max(commits.length, 1));
  }, progress);
  return { year, raised: tally.raised, periods, members: tally.members, total: tally.total };
}

/**
 * After a bulk change of the ledger (a year's generation): the tables it rewrote, tidied (see
 * vacuumAnalyze), so the unpaid list and the debts lists do not walk the dead row versions
 * until autovacuum comes by (measured on PostgreSQL: 88 ms instead of 0.7 ms for the unpaid
 * list's first page right after a generation at 100,000 members).
 */
export const tidyAfterBulk = (database: Database): Promise<void> =>
  vacuumAnalyze(database, ['unsettled_payments', 'payment_allocations', 'payments', 'member_balances']);
