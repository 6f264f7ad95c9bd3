import { sql } from 'kysely';
import type { CancelationsPerYearReport, MembershipsPerYearReport } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import { yearCutoffs, type ReportParams } from './params.js';
import { latestStateCte, numbers, yearOf, yearsCte } from './sql-parts.js';

/** History entries that move a member into an ending state from an active one (or from none), dated within the range and by `asOf`. */
const endingMoves = ({ asOf, from, to }: ReportParams) => sql`
  FROM member_state_history h
  JOIN member_states s ON s._id = h.state
  LEFT JOIN member_states previous ON previous._id = h.previous_state
  WHERE s."marksEnd" = 1 AND (previous._id IS NULL OR previous."marksEnd" = 0)
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
 * Per year: admissions (each member's first history entry), moves into an ending state, members
 * active on 31 December (or `asOf`) by the history, and the change from the year before.
 */
export async function membershipsPerYear(db: Db, params: ReportParams): Promise<Pick<MembershipsPerYearReport, 'rows'>> {
  const { asOf, from, to } = params;
  const admissionYear = yearOf('h.date');
  const admissions = await sql<Record<string, unknown>>`
    SELECT ${admissionYear} AS year, COUNT(*) AS count FROM member_state_history h
    WHERE h.previous_state IS NULL AND h.date <= ${asOf} AND h.date >= ${`${from}-01-01`} AND h.date <= ${`${to}-12-31`}
    GROUP BY ${admissionYear}
  `.execute(db);
  const endingYear = yearOf('h.date');
  const endings = await sql<Record<string, unknown>>`SELECT ${endingYear} AS year, COUNT(*) AS count ${endingMoves(params)} GROUP BY ${endingYear}`.execute(db);
  const active = await sql<Record<string, unknown>>`
    WITH ${yearsCte(yearCutoffs(params, 1))}, ${latestStateCte}
    SELECT latest.y AS year, COUNT(*) AS count FROM latest JOIN member_states s ON s._id = latest.state
    WHERE s."marksEnd" = 0 GROUP BY latest.y
  `.execute(db);
  const counts = (rows: readonly Record<string, unknown>[]) => new Map(rows.map((row) => [Number(row.year), Number(row.count)]));
  const [admitted, ended, activeAt] = [counts(admissions.rows), counts(endings.rows), counts(active.rows)];
  return {
    rows: Array.from({ length: to - from + 1 }, (_, i) => {
      const year = from + i;
      const activeAtYearEnd = activeAt.get(year) ?? 0;
      return { year, admissions: admitted.get(year) ?? 0, endings: ended.get(year) ?? 0, activeAtYearEnd, netChange: activeAtYearEnd - (activeAt.get(year - 1) ?? 0) };
    }),
  };
}
