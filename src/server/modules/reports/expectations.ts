import { sql } from 'kysely';
import type { QuotaExpectationsReport } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import { PERIODICITIES, periodsPerYear } from '../dues/periods.js';
import { yearCutoffs, type ReportParams } from './params.js';
import { latestStateCte, numbers, yearsCte } from './sql-parts.js';

/** A schedule's yearly amount per member: its period amount times the periods of its periodicity. */
const yearlyAmount = sql`CASE s.periodicity ${sql.join(
  PERIODICITIES.map((p) => sql`WHEN ${sql.lit(p)} THEN s.amount * ${sql.lit(periodsPerYear(p))}`),
  sql` `,
)} END`;

/**
 * For each year of the range: the members active on its last day (or `asOf`) by their fee
 * category, times the yearly quota the next year's schedule sets for it. Exempt categories are
 * listed and expect nothing; a category without a schedule for that year expects nothing either.
 */
export async function quotaExpectations(db: Db, params: ReportParams): Promise<Pick<QuotaExpectationsReport, 'rows' | 'totals'>> {
  const result = await sql<Record<string, unknown>>`
    WITH ${yearsCte(yearCutoffs(params))}, ${latestStateCte}
    SELECT latest.y + 1 AS year, c._id AS category, c.name AS name, c.exempt AS exempt, COUNT(*) AS members,
      MAX(${yearlyAmount}) AS per_member
    FROM latest
    JOIN member_states st ON st._id = latest.state
    JOIN members m ON m._id = latest.member
    JOIN fee_categories c ON c._id = m.fee_category
    LEFT JOIN fee_schedules s ON s.category = c._id AND s.year = latest.y + 1
    WHERE st."marksEnd" = 0
    GROUP BY latest.y, c._id, c.name, c.exempt
    ORDER BY latest.y, c.name
  `.execute(db);
  const rows = result.rows.map((row) => {
    const { year, category, members } = numbers(row, ['year', 'category', 'members']);
    const exempt = Boolean(Number(row.exempt));
    const perMember = row.per_member === null || row.per_member === undefined ? null : Number(row.per_member);
    return { year, category, name: String(row.name), exempt, members, perMember, expected: exempt || perMember === null ? 0 : members * perMember };
  });
  const totals = yearCutoffs(params).map(({ year }) => {
    const of = rows.filter((row) => row.year === year + 1);
    return { year: year + 1, members: of.reduce((sum, row) => sum + (row.exempt ? 0 : row.members), 0), expected: of.reduce((sum, row) => sum + row.expected, 0) };
  });
  return { rows, totals };
}
