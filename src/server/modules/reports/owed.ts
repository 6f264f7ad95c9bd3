import { sql, type RawBuilder } from 'kysely';
import type { OwedPerYearReport } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import { OWING, type DebtStatus } from '../dues/debts.js';
import { afterDay, type ReportParams } from './params.js';
import { numbers, paymentStandingOn } from './sql-parts.js';

/** Statuses a staff decision gives a debt: from the day of the decision it owes nothing. */
const DECIDED = ['waived', 'annulled'] as const satisfies readonly DebtStatus[];
const PAID: DebtStatus = 'paid';
const list = (statuses: readonly DebtStatus[]) => sql.join(statuses.map((status) => sql.lit(status)));

/**
 * Each debt of the range due by `asOf` with what it still owed that day (waived or annulled by
 * then: none). Only debts that can have owed anything then are summed: those owing today (the
 * ledger keeps `status` in step with the allocations), those waived or annulled since, and paid
 * ones that a payment dated after `asOf` paid; any other paid debt was settled by payments that
 * all still counted on `asOf`. The three sets are apart by status and each is read from an index
 * (migration 031), sparing the sums over the hundreds of thousands of settled debts.
 */
const openDebts = ({ asOf, from, to }: ReportParams) => {
  const debts = (which: RawBuilder<boolean>) => sql`
    SELECT d._id, d.year, d.member, d.amount FROM unsettled_payments d
    WHERE d.year >= ${from} AND d.year <= ${to} AND d.due_date <= ${asOf} AND ${which}`;
  return sql`open_debts AS MATERIALIZED (
    SELECT c.year AS year, c.member AS member, c.amount - COALESCE((
      SELECT SUM(a.amount) FROM payment_allocations a JOIN payments p ON p._id = a.payment WHERE a.debt = c._id AND ${paymentStandingOn('p', asOf)}
    ), 0) AS owed
    FROM (
      ${debts(sql`d.status IN (${list(OWING)})`)}
      UNION ALL ${debts(sql`d.status IN (${list(DECIDED)}) AND d.resolved_at >= ${afterDay(asOf)}`)}
      UNION ALL ${debts(sql`d.status = ${sql.lit(PAID)} AND d._id IN (SELECT a.debt FROM payments p JOIN payment_allocations a ON a.payment = p._id WHERE p.date > ${asOf})`)}
    ) c
  )`;
};

export async function owedPerYear(db: Db, params: ReportParams): Promise<Pick<OwedPerYearReport, 'rows' | 'total'>> {
  // One statement: the per-year rows and the total (year NULL) read the debts once between them.
  const result = await sql<Record<string, unknown>>`
    WITH ${openDebts(params)}
    SELECT year, SUM(owed) AS owed, COUNT(DISTINCT member) AS members FROM open_debts WHERE owed > 0 GROUP BY year
    UNION ALL
    SELECT NULL, COALESCE(SUM(owed), 0), COUNT(DISTINCT member) FROM open_debts WHERE owed > 0
  `.execute(db);
  const total = result.rows.find((row) => row.year === null) ?? {};
  const byYear = new Map(result.rows.filter((row) => row.year !== null).map((row) => [Number(row.year), numbers(row, ['owed', 'members'])]));
  const rows = Array.from({ length: params.to - params.from + 1 }, (_, i) => {
    const year = params.from + i;
    return { year, ...(byYear.get(year) ?? { owed: 0, members: 0 }) };
  });
  return { rows, total: numbers(total, ['owed', 'members']) };
}
