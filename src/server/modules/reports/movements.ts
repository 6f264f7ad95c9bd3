import { sql } from 'kysely';
import type { CancelationsPerYearReport, MembershipsPerYearReport } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import { yearCutoffs, type ReportParams } from './params.js';
import { moveOf, numbers, stateSets, yearOf } from './sql-parts.js';

/** History entries that move a member from an active state into an ending one, dated within the range and by `asOf`. */
const endingMoves = ({ asOf, from, to }: ReportParams) => sql`
  FROM member_state_history h
  JOIN member_states s ON s._id = h.state
  JOIN member_states previous ON previous._id = h.previous_state
  WHERE s."marksEnd" = 1 AND previous."marksEnd" = 0
    AND h.date <= ${asOf} AND h.date >= ${`${from}-01-01`} AND h.date <= ${`${to}-12-31`}`;

export async function cancelationsPerYear(db: Db, params: ReportParams): Promise<Pick<CancelationsPerYearReport, 'rows' | 'totals'>> {
  const year = yearOf('h.date');
  const result = await sql<Record<string, unknown>>`
    SELECT ${year} AS year, s._id AS state, s.name AS name, COUNT(*) AS count ${endingMoves(params)}
    GROUP BY ${year}, s._id, s.name ORDER BY 1, 3
  `.execute(db);
  const rows = result.rows.map((row) => ({ ...numbers(row, ['year', 'state', 'count']), name: String(row.name) }));
  const totals = Array.from({ length: params.to - params.from + 1 }, (_, i) => ({
    year: params.from + i,
    count: rows.reduce((sum, row) => sum + (row.year === params.from + i ? row.count : 0), 0),
  }));
  return { rows, totals };
}

/**
 * Per year: admissions (moves into an active state from none or from an ending one, so
 * readmissions too), endings (moves from an active state into an ending one), members active on
 * 31 December (or `asOf`) and the change from the year before, which is admissions less endings.
 * One pass over the history by date: the members active before the range, then each year's moves.
 */
export async function membershipsPerYear(db: Db, params: ReportParams): Promise<Pick<MembershipsPerYearReport, 'rows'>> {
  const periods = yearCutoffs(params, 1).map(({ year, cutoff }, i) => sql`(${sql.lit(year)}, ${sql.lit(i === 0 ? '0000-01-01' : `${year}-01-01`)}, ${sql.lit(cutoff)})`);
  const { admitted, ended } = moveOf(await stateSets(db));
  const result = await sql<Record<string, unknown>>`
    WITH periods(y, first, cutoff) AS (VALUES ${sql.join(periods)})
    SELECT periods.y AS year,
      (SELECT COUNT(*) FROM member_state_history h WHERE h.date >= periods.first AND h.date <= periods.cutoff AND ${admitted}) AS admitted,
      (SELECT COUNT(*) FROM member_state_history h WHERE h.date >= periods.first AND h.date <= periods.cutoff AND ${ended}) AS ended
    FROM periods
  `.execute(db);
  const byYear = new Map(result.rows.map((row) => [Number(row.year), numbers(row, ['admitted', 'ended'])]));
  const before = byYear.get(params.from - 1) ?? { admitted: 0, ended: 0 };
  let active = before.admitted - before.ended;
  return {
    rows: Array.from({ length: params.to - params.from + 1 }, (_, i) => {
      const year = params.from + i;
      const { admitted, ended } = byYear.get(year) ?? { admitted: 0, ended: 0 };
      active += admitted - ended;
      return { year, admissions: admitted, endings: ended, activeAtYearEnd: active, netChange: admitted - ended };
    }),
  };
}
