import { sql } from 'kysely';
import type { OwedPerYearReport } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import type { DebtStatus } from '../dues/debts.js';
import { afterDay, type ReportParams } from './params.js';
import { numbers, paymentStandingOn } from './sql-parts.js';

/** Statuses a staff decision gives a debt: from the day of the decision it owes nothing. */
const DECIDED = ['waived', 'annulled'] as const satisfies readonly DebtStatus[];

/** Each debt of the range due by `asOf` with what it still owed that day (waived or annulled by then: none). */
const openDebts = ({ asOf, from, to }: ReportParams) => sql`open_debts AS (
  SELECT d.year AS year, d.member AS member, d.amount - COALESCE(SUM(p.amount_paid), 0) AS owed
  FROM unsettled_payments d
  LEFT JOIN (
    SELECT a.debt AS debt, a.amount AS amount_paid FROM payment_allocations a JOIN payments p ON p._id = a.payment
    WHERE ${paymentStandingOn('p', asOf)}
  ) p ON p.debt = d._id
  WHERE d.year >= ${from} AND d.year <= ${to} AND d.due_date <= ${asOf}
    AND NOT (d.status IN (${sql.join(DECIDED.map((status) => sql.lit(status)))}) AND d.resolved_at < ${afterDay(asOf)})
  GROUP BY d._id, d.year, d.member, d.amount
)`;

export async function owedPerYear(db: Db, params: ReportParams): Promise<Pick<OwedPerYearReport, 'rows' | 'total'>> {
  const cte = openDebts(params);
  const perYear = await sql<Record<string, unknown>>`
    WITH ${cte}
    SELECT year, SUM(owed) AS owed, COUNT(DISTINCT member) AS members FROM open_debts WHERE owed > 0 GROUP BY year
  `.execute(db);
  const total = await sql<Record<string, unknown>>`
    WITH ${cte}
    SELECT COALESCE(SUM(owed), 0) AS owed, COUNT(DISTINCT member) AS members FROM open_debts WHERE owed > 0
  `.execute(db);
  const byYear = new Map(perYear.rows.map((row) => [Number(row.year), numbers(row, ['owed', 'members'])]));
  const rows = Array.from({ length: params.to - params.from + 1 }, (_, i) => {
    const year = params.from + i;
    return { year, ...(byYear.get(year) ?? { owed: 0, members: 0 }) };
  });
  return { rows, total: numbers(total.rows[0] ?? {}, ['owed', 'members']) };
}
