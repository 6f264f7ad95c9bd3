import { sql } from 'kysely';
import type { QuotaExpectationsReport } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import { PERIODICITIES, periodsPerYear } from '../dues/public.js';
import { yearCutoffs, type ReportParams } from './params.js';
import { adjustmentKey, householdAdjustments } from './household-expectations.js';
import { moveOf, numbers, stateSets } from './sql-parts.js';

/** A schedule's yearly amount per member: its period amount times the periods of its periodicity. */
const yearlyAmount = sql`CASE s.periodicity ${sql.join(
  PERIODICITIES.map((p) => sql`WHEN ${sql.lit(p)} THEN s.amount * ${sql.lit(periodsPerYear(p))}`),
  sql` `,
)} END`;

/**
 * For each year of the range: the members active on its last day (or `asOf`) by their fee
 * category, times the yearly quota the next year's schedule sets for it, less what households
 * save (one quota per household, or a discount from the Nth member: household-expectations.ts).
 * Exempt categories are listed and expect nothing; a category without a schedule for that year
 * expects nothing either.
 */
export async function quotaExpectations(db: Db, params: ReportParams): Promise<Pick<QuotaExpectationsReport, 'rows' | 'totals'>> {
  const sets = await stateSets(db);
  const { admitted, ended } = moveOf(sets);
  // Each member's admissions and endings up to a day net to 1 when active on it and 0 otherwise,
  // so summing them by category counts the active members: read member by member along the
  // history's member index (migration 031), with no search for anyone's latest entry. A branch
  // per year with its cut-off as a literal, so the planner sees the day and walks the members.
  const result = await sql<Record<string, unknown>>`
    WITH counts AS (${sql.join(
      yearCutoffs(params).map(
        ({ year, cutoff }) => sql`
          SELECT ${sql.lit(year)} AS y, m.fee_category AS category, SUM(CASE WHEN ${admitted} THEN 1 ELSE -1 END) AS members
          FROM member_state_history h JOIN members m ON m._id = h.member
          WHERE h.date <= ${sql.lit(cutoff)} AND (${admitted} OR ${ended})
          GROUP BY m.fee_category`,
      ),
      sql` UNION ALL `,
    )})
    SELECT counts.y + 1 AS year, c._id AS category, c.name AS name, c.exempt AS exempt, counts.members AS members,
      MAX(${yearlyAmount}) AS per_member
    FROM counts
    JOIN fee_categories c ON c._id = counts.category
    LEFT JOIN fee_schedules s ON s.category = c._id AND s.year = counts.y + 1
    WHERE counts.members > 0
    GROUP BY counts.y, c._id, c.name, c.exempt, counts.members
    ORDER BY counts.y, c.name
  `.execute(db);
  const adjustments = await householdAdjustments(db, sets, yearCutoffs(params));
  const rows = result.rows.map((row) => {
    const { year, category, members } = numbers(row, ['year', 'category', 'members']);
    const exempt = Boolean(Number(row.exempt));
    const perMember = row.per_member === null || row.per_member === undefined ? null : Number(row.per_member);
    const charged = !exempt && perMember !== null;
    const { households, discounted, delta } = (charged && adjustments.get(adjustmentKey(year, category))) || { households: 0, discounted: 0, delta: 0 };
    return { year, category, name: String(row.name), exempt, members, perMember, households, discounted, expected: charged ? members * perMember + delta : 0 };
  });
  const totals = yearCutoffs(params).map(({ year }) => {
    const of = rows.filter((row) => row.year === year + 1);
    // Members counted are those whose quota is expected: not exempt, with a schedule for the year.
    const counted = of.filter((row) => !row.exempt && row.perMember !== null);
    return { year: year + 1, members: counted.reduce((sum, row) => sum + row.members, 0), expected: counted.reduce((sum, row) => sum + row.expected, 0) };
  });
  return { rows, totals };
}
