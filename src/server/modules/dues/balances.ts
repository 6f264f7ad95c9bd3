import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import { DUES_YEARS, STAFF_ROLES } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import { defineResource } from '../../resources/define.js';
import { OWING } from './debts.js';
import { fallenDueSql, hasFallenDue, owedSql, upcomingSql } from './owed.js';
import { addDays, lisbonDay, lisbonInstant } from '../../../core/days.js';
import { EVERY_MEMBER, fromStep, type MemberStep } from './member-steps.js';

export const STANDINGS = [
  { value: 'em_dia', label: 'Em dia' },
  { value: 'em_atraso', label: 'Em atraso' },
  { value: 'isento', label: 'Isento' },
] as const;
export type Standing = (typeof STANDINGS)[number]['value'];

const exemptCategories = sql`(SELECT _id FROM fee_categories WHERE exempt = 1)`;

/**
 * A member's position, one row per member with a ledger (the unpaid list): what they owe under
 * the ledger's one rule (owed.ts: open debts due by today), since when, what falls due later
 * (a vencer) and their credit. Written only by refreshBalances: in the transaction of the ledger
 * action or member change that moved it, and, as days pass, before any read once a row's next
 * due date is reached (bringBalancesToToday), so no figure counts a debt before it falls due.
 */
export const balances = defineResource({
  name: 'member_balances',
  label: 'Saldos de sócios',
  labelSingular: 'Saldo de sócio',
  defaultSort: 'number',
  access: { list: [...STAFF_ROLES, 'own'], read: [...STAFF_ROLES, 'own'], create: [], update: [], delete: [] },
  scope: { column: 'member', equals: 'callerMember' },
  beforeRead: async (db, now) => void (await bringBalancesToToday(db, now)),
  // The figures are NOT NULL columns: `required` tells the list so, and PostgreSQL then sorts
  // them by their index instead of sorting every match for NULLS LAST (332 ms instead of well
  // under 1 ms for the unpaid list's first page at 100,000 members).
  fields: [
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', readOnly: true, filterable: true, searchable: true },
    { name: 'number', type: 'integer', label: 'Número', readOnly: true, sortable: true, filterable: true },
    { name: 'name', type: 'string', label: 'Nome', readOnly: true, sortable: true, searchable: true },
    { name: 'category', type: 'reference', ref: 'fee_categories', label: 'Categoria', readOnly: true, filterable: true },
    { name: 'open_total', type: 'money', label: 'Total em dívida', readOnly: true, validation: { required: true }, sortable: true, filterable: true },
    { name: 'open_debts', type: 'integer', label: 'Dívidas em aberto', readOnly: true, validation: { required: true }, sortable: true },
    { name: 'years_owed', type: 'integer', label: 'Anos em dívida', readOnly: true, validation: { required: true }, sortable: true, filterable: true },
    { name: 'oldest_due', type: 'date', label: 'Vencimento mais antigo', readOnly: true, sortable: true, filterable: true },
    { name: 'upcoming_total', type: 'money', label: 'A vencer', readOnly: true, validation: { required: true }, sortable: true, filterable: true },
    { name: 'upcoming_debts', type: 'integer', label: 'Dívidas a vencer', readOnly: true, validation: { required: true } },
    { name: 'next_due', type: 'date', label: 'Próximo vencimento', readOnly: true, sortable: true, filterable: true },
    { name: 'credit', type: 'money', label: 'Crédito', readOnly: true, validation: { required: true }, sortable: true },
  ],
  filters: [
    {
      name: 'standing',
      label: 'Situação',
      options: STANDINGS,
      where(value, now) {
        const today = lisbonDay(now.getTime());
        // oldest_due is the oldest owed debt's due date (rows brought to today before any read).
        if (value === 'em_atraso') return fallenDueSql('oldest_due', today);
        if (value === 'isento') return sql<boolean>`category IN ${exemptCategories}`;
        return sql<boolean>`(oldest_due IS NULL OR NOT ${fallenDueSql('oldest_due', today)}) AND (category IS NULL OR category NOT IN ${exemptCategories})`;
      },
    },
    {
      name: 'owes_year',
      label: 'Deve o ano',
      integer: DUES_YEARS,
      // Owes it today (a year's quotas not yet due are not owed). Served by the debts' (member, status, due_date) index.
      where: (value, now, table) =>
        sql<boolean>`EXISTS (SELECT 1 FROM unsettled_payments d WHERE d.member = ${sql.ref(`${table}.member`)} AND d.year = ${Number(value)} AND ${owedSql(lisbonDay(now.getTime()), 'd')})`,
    },
  ],
});

/** The standing of one member today from the due date of their oldest open debt (owed.ts's rule: owed from that day). */
export function standingOf(row: { oldest_due: unknown; exempt: boolean }, now: number): Standing {
  if (hasFallenDue(row.oldest_due, lisbonDay(now))) return 'em_atraso';
  return row.exempt ? 'isento' : 'em_dia';
}

/**
 * Rewrites the balance rows of these members (all members: undefined) from the ledger rows, in
 * the caller's transaction. One statement whatever the number of members, so a year's
 * generation refreshes 100,000 balances at once.
 */
// A row is rewritten only when a figure moved: an unchanged row left alone leaves no dead row
// version behind (PostgreSQL), so a refresh of every member after a year's generation does not
// bloat the table the unpaid list reads. A row computed for a later day than asked (a clock set
// back, in tests) is rewritten too, so `as_of` never stays ahead of the day it is read on.
// IS DISTINCT FROM (SQLite 3.39+, PostgreSQL): a value becoming empty or empty becoming a value
// counts as a change. `NOT (a = b OR (a IS NULL AND b IS NULL))` is NULL then, so a row whose
// only change was next_due or oldest_due becoming empty was never rewritten: it stayed stale and
// every read of the unpaid list rewrote every such row again (62.8 ms a page at 100,000 members).
const nullSafeDiffers = (column: string) => sql`member_balances.${sql.ref(column)} IS DISTINCT FROM excluded.${sql.ref(column)}`;
const FIGURES = ['number', 'name', 'category', 'open_total', 'open_debts', 'years_owed', 'oldest_due', 'upcoming_total', 'upcoming_debts', 'next_due', 'credit'] as const;
const changed = sql.join([...FIGURES.map(nullSafeDiffers), sql`member_balances.as_of > excluded.as_of`], sql` OR `);

/** The first instant of the Lisbon day after `day`, as `updated_at` holds instants (ISO, UTC). */
const dayAfterStarts = (day: string): string => new Date(lisbonInstant(addDays(day, 1), '00:00')).toISOString();

/**
 * Rows whose figures the calendar moved since they were written: a debt fell due, or the clock
 * went back. Two conditions read apart, each through its own index: joined by OR, SQLite's
 * planner scanned the whole table once ANALYZE saw next_due empty and as_of alike on nearly every
 * row (0.95 ms a check at 20,000 members; 0.002 ms each apart).
 * A row computed for a later day (as_of > today) is found by its `updated_at`: every writer of a
 * row sets both from the same clock reading (as_of its Lisbon day), so its day is later than today
 * exactly when it was written from the start of the next day on. The index on updated_at (the
 * lists' sort) answers that, and the one on as_of, written with every row and read by nothing
 * else, is gone (dues/053): a year's generation rewrote it in every one of its 100,000 rows.
 */
const STALE_CONDITIONS = [(today: string) => sql<boolean>`next_due <= ${today}`, (today: string) => sql<boolean>`updated_at >= ${dayAfterStarts(today)}`];
const staleIds = (today: string) => sql.join(STALE_CONDITIONS.map((when) => sql`SELECT _id FROM member_balances WHERE ${when(today)}`), sql` UNION `);

const isRawBuilder = (value: unknown): value is RawBuilder<unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Rewrites the balance rows of these members (all members: undefined; 'stale': those the
 * calendar moved; a subquery of member ids: those it selects, however many, e.g. the members a
 * year's generation touched) from the ledger rows as they stand on the Lisbon day of `now`, in the caller's
 * transaction. One statement whatever the number of members, so a year's generation refreshes
 * 100,000 balances at once. Rows are written in member order, so two instances bringing the
 * same rows to today on PostgreSQL lock them in the same order: one waits, neither deadlocks.
 */
export async function refreshBalances(db: Db, now: number, members?: readonly number[] | 'stale' | RawBuilder<unknown>): Promise<void> {
  if (Array.isArray(members) && members.length === 0) return;
  const stamp = new Date(now).toISOString();
  const today = lisbonDay(now);
  const owing = sql.join(OWING.map((s) => sql.lit(s)));
  const which =
    members === undefined
      ? null
      : members === 'stale'
        ? sql`(${staleIds(today)})`
        : isRawBuilder(members)
          ? sql`(SELECT id FROM which)`
          : sql`(${sql.join(members.map(Number))})`;
  // A subquery is read once, into a CTE the three places below look up (SQLite ran it for each).
  const chosen = isRawBuilder(members) ? sql`WITH which (id) AS MATERIALIZED (${members})` : sql``;
  const only = (column: string) => (which ? sql`AND ${sql.ref(column)} IN ${which}` : sql``);
  const owed = owedSql(today);
  const upcoming = upcomingSql(today);
  await sql`
    ${chosen}
    INSERT INTO member_balances (_id, member, number, name, category, open_total, open_debts, years_owed, oldest_due, upcoming_total, upcoming_debts, next_due, credit, as_of, created_at, updated_at, _version)
    SELECT m._id, m._id, m.number, m.name, m.fee_category,
      COALESCE(d.open_total, 0), COALESCE(d.open_debts, 0), COALESCE(d.years_owed, 0), d.oldest_due,
      COALESCE(d.upcoming_total, 0), COALESCE(d.upcoming_debts, 0), d.next_due, COALESCE(p.credit, 0),
      ${today}, ${stamp}, ${stamp}, 1
    FROM members m
    LEFT JOIN (
      SELECT member,
        SUM(CASE WHEN ${owed} THEN amount - paid ELSE 0 END) AS open_total,
        COUNT(CASE WHEN ${owed} THEN 1 END) AS open_debts,
        COUNT(DISTINCT CASE WHEN ${owed} THEN year END) AS years_owed,
        MIN(CASE WHEN ${owed} THEN due_date END) AS oldest_due,
        SUM(CASE WHEN ${upcoming} THEN amount - paid ELSE 0 END) AS upcoming_total,
        COUNT(CASE WHEN ${upcoming} THEN 1 END) AS upcoming_debts,
        MIN(CASE WHEN ${upcoming} THEN due_date END) AS next_due
      FROM unsettled_payments WHERE status IN (${owing}) ${only('member')} GROUP BY member
    ) d ON d.member = m._id
    LEFT JOIN (
      SELECT member, SUM(amount - allocated) AS credit
      FROM payments WHERE annulled_at IS NULL ${only('member')} GROUP BY member
    ) p ON p.member = m._id
    WHERE (d.member IS NOT NULL OR p.member IS NOT NULL OR EXISTS (SELECT 1 FROM member_balances b WHERE b._id = m._id)) ${only('m._id')}
    ORDER BY m._id
    ON CONFLICT (_id) DO UPDATE SET
      number = excluded.number, name = excluded.name, category = excluded.category,
      open_total = excluded.open_total, open_debts = excluded.open_debts, years_owed = excluded.years_owed,
      oldest_due = excluded.oldest_due, upcoming_total = excluded.upcoming_total, upcoming_debts = excluded.upcoming_debts,
      next_due = excluded.next_due, credit = excluded.credit, as_of = excluded.as_of, updated_at = excluded.updated_at,
      _version = member_balances._version + 1
    WHERE ${changed}
  `.execute(db);
}

/**
 * Adds debts just raised to their members' balance rows from those debts alone, without reading
 * the rest of their ledgers: what refreshBalances would compute for them, for the cost of the new
 * debts. `raised(alias)` selects the new debts (over `unsettled_payments` aliased `alias`). A row
 * is moved only when it was written before `now` (a row written at or after it may count the new
 * debts already: the clock rule generation's refresh relies on too) and is current on the Lisbon
 * day of `now` (computed for no later day, and no debt of it fallen due since: what it says is
 * still what the rest of the ledger says today). The caller answers that those debts are all that
 * changed in such a member's ledger since their row was written (payments, other debts, and the
 * member's number, name and category as the row has them), and refreshes the others itself (see
 * generateYear). The rule of refreshBalances, figure by figure: an owing debt counts as owed from
 * its due date (owed.ts), else a vencer; `years_owed` counts a year more only for a year the
 * member owed nothing in before; every such row changes (a debt more), so it is rewritten, its
 * version one more, as of today. `dueDates`, the earliest and latest due date of the new debts
 * when the caller knows them, spares writing the figures none of them can move. Only the
 * `step`'s members (member-steps.ts) when given. One statement. Given the `holders` of the new
 * debts `raised` selects, answers the holders whose rows it left alone (no row, or a row not
 * current: the caller's to refresh; on PostgreSQL found in the server, whatever `holders` says).
 */
export async function addRaisedToBalances(
  db: Db,
  now: number,
  raised: (alias: string) => RawBuilder<boolean>,
  dueDates?: { earliest: string | null; latest: string | null },
  step: MemberStep = EVERY_MEMBER,
  answer?: { holders: readonly number[] },
): Promise<number[]> {
  const stamp = new Date(now).toISOString();
  const today = lisbonDay(now);
  const owing = sql.join(OWING.map((s) => sql.lit(s)));
  const debts = fromStep(step, 'unsettled_payments', 'r');
  const owed = owedSql(today, 'r');
  const upcoming = upcomingSql(today, 'r');
  // A year the member already owes (an older debt of it owed today) is counted in years_owed already.
  const owedBefore = sql`EXISTS (SELECT 1 FROM unsettled_payments o WHERE o.member = r.member AND o.year = r.year AND ${owedSql(today, 'o')} AND NOT (${raised('o')}))`;
  const earlier = (column: string) =>
    sql`CASE WHEN n.${sql.ref(column)} IS NOT NULL AND (member_balances.${sql.ref(column)} IS NULL OR n.${sql.ref(column)} < member_balances.${sql.ref(column)}) THEN n.${sql.ref(column)} ELSE member_balances.${sql.ref(column)} END`;
  // Only the figures the new debts can move are written: on SQLite every index over a column the
  // statement sets is rewritten, moved or not (a year's quotas not yet due leave the owed figures
  // and their four indexes alone). Without the due dates, both.
  const owedToo = !dueDates || dueDates.earliest === null || hasFallenDue(dueDates.earliest, today);
  const upcomingToo = !dueDates || dueDates.latest === null || !hasFallenDue(dueDates.latest, today);
  const sets: RawBuilder<unknown>[] = [];
  const figures: RawBuilder<unknown>[] = [];
  if (owedToo) {
    sets.push(
      sql`open_total = member_balances.open_total + n.open_total`,
      sql`open_debts = member_balances.open_debts + n.open_debts`,
      sql`years_owed = member_balances.years_owed + n.new_years`,
      sql`oldest_due = ${earlier('oldest_due')}`,
    );
    figures.push(
      sql`SUM(CASE WHEN ${owed} THEN r.amount - r.paid ELSE 0 END) AS open_total`,
      sql`COUNT(CASE WHEN ${owed} THEN 1 END) AS open_debts`,
      sql`COUNT(DISTINCT CASE WHEN ${owed} THEN CASE WHEN ${owedBefore} THEN NULL ELSE r.year END END) AS new_years`,
      sql`MIN(CASE WHEN ${owed} THEN r.due_date END) AS oldest_due`,
    );
  }
  if (upcomingToo) {
    sets.push(
      sql`upcoming_total = member_balances.upcoming_total + n.upcoming_total`,
      sql`upcoming_debts = member_balances.upcoming_debts + n.upcoming_debts`,
      sql`next_due = ${earlier('next_due')}`,
    );
    figures.push(
      sql`SUM(CASE WHEN ${upcoming} THEN r.amount - r.paid ELSE 0 END) AS upcoming_total`,
      sql`COUNT(CASE WHEN ${upcoming} THEN 1 END) AS upcoming_debts`,
      sql`MIN(CASE WHEN ${upcoming} THEN r.due_date END) AS next_due`,
    );
  }
  const update = sql<{ _id: number | string }>`
    UPDATE member_balances SET ${sql.join(sets)}, as_of = ${today}, updated_at = ${stamp}, _version = member_balances._version + 1
    FROM (
      SELECT r.member, ${sql.join(figures)}
      FROM ${debts.from}
      WHERE r.status IN (${owing}) AND ${raised('r')} AND ${debts.where}
      GROUP BY r.member
    ) n
    WHERE member_balances._id = n.member AND member_balances.updated_at < ${stamp}
      AND member_balances.as_of <= ${today} AND (member_balances.next_due IS NULL OR member_balances.next_due > ${today})
    ${answer ? sql`RETURNING member_balances._id` : sql``}
  `;
  if (!answer) {
    await update.execute(db);
    return [];
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The rows moved stay in the server (a data-modifying WITH), and the holders are read there:
    // only the few members left over cross to the process, where a year's 87,196 moved ids held
    // its event loop 75–100 ms (100,000 members, loaded machine).
    const holders = sql`SELECT DISTINCT r.member FROM ${debts.from} WHERE ${raised('r')} AND ${debts.where}`;
    const left = await sql<{ member: number | string }>`WITH moved AS (${update}) SELECT h.member FROM (${holders}) h WHERE h.member NOT IN (SELECT _id FROM moved)`.execute(db);
    return left.rows.map((row) => Number(row.member));
  }
  const moved = new Set((await update.execute(db)).rows.map((row) => Number(row._id)));
  return answer.holders.filter((member) => !moved.has(member));
}

/**
 * Brings the balance rows up to the Lisbon day of `now` before they are read: the rows a due
 * date reached since they were written (next_due <= today) are computed again, in one
 * statement. Usually none (one index seek says so); the first read after a year's quotas fall
 * due rewrites them all once (the job dues.balances_today does it just after midnight). Answers
 * whether any row moved.
 */
export async function bringBalancesToToday(db: Db, now: number): Promise<boolean> {
  const today = lisbonDay(now);
  // One statement, each condition still its own subquery on its own index: every read of the
  // unpaid list asks this first, and two round trips beside a page of well under a millisecond
  // were most of what the list cost over its bare statement on PostgreSQL.
  const found = sql.join(STALE_CONDITIONS.map((when, i) => sql`(SELECT _id FROM member_balances WHERE ${when(today)} LIMIT 1) AS ${sql.id(`stale_${i}`)}`));
  const row = (await sql<Record<string, unknown>>`SELECT ${found}`.execute(db)).rows[0];
  const stale = Object.values(row ?? {}).some((id) => id !== null);
  if (stale) await refreshBalances(db, now, 'stale');
  return stale;
}

/**
 * Rows a step of the nightly job brings to today on SQLite. Measured at 100,000 members, every
 * row stale (a loaded machine): 2,000 a step held the event loop up to 230 ms, 500 up to 90 ms
 * (the commits), for 1.5-1.8 times the 3.3-4.3 s one statement takes, which holds it throughout.
 */
export const BALANCE_STEP_ROWS = 500;

/**
 * bringBalancesToToday for the nightly job, in steps of at most `rows` rows (null: in one
 * statement, PostgreSQL's way): each step computes the next stale rows in member order again and
 * commits, so on SQLite a request waits behind one step, not behind every member (the night a
 * year's quotas fall due, 100,000 rows). The rows are walked in
 * id order past the last step's, so a row a step leaves stale is never taken twice.
 */
export async function bringBalancesToTodayInSteps(db: Db, now: number, rows: number | null): Promise<boolean> {
  if (rows === null) return db.transaction().execute((trx) => bringBalancesToToday(trx, now));
  const today = lisbonDay(now);
  let moved = false;
  for (const when of STALE_CONDITIONS) {
    for (let after = 0; ; ) {
      // The rows walked in id order, each tested (the condition as a value keeps it off its
      // index, through which SQLite would read every stale row to sort them, in every step).
      const step = await db
        .selectFrom('member_balances')
        .select('_id')
        .where('_id', '>', after)
        .where(sql<boolean>`(CASE WHEN ${when(today)} THEN 1 ELSE 0 END) = 1`)
        .orderBy('_id')
        .limit(rows)
        .execute();
      if (step.length === 0) break;
      const ids = step.map((r) => Number(r._id));
      await db.transaction().execute((trx) => refreshBalances(trx, now, ids));
      moved = true;
      after = ids.at(-1)!;
    }
  }
  return moved;
}

