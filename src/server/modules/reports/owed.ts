import { sql, type RawBuilder } from 'kysely';
import type { OwedPerYearReport } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import { type DebtStatus, OWING } from '../dues/public.js';
import { afterDay, type ReportParams } from './params.js';
import { numbers } from './sql-parts.js';

/** Statuses a staff decision gives a debt: from the day of the decision it owes nothing. */
const DECIDED = ['waived', 'annulled'] as const satisfies readonly DebtStatus[];
const PAID: DebtStatus = 'paid';
const list = (statuses: readonly DebtStatus[]) => sql.join(statuses.map((status) => sql.lit(status)));

/**
 * Each debt of the range due by `asOf` with what it still owed that day (waived or annulled by
 * then: none). The ledger keeps each debt's `paid` at what payments not annulled have allocated
 * to it today; what stood on `asOf` differs from it only by the allocations of payments dated
 * after `asOf` (counted now, not then) and of payments annulled since (counted then, not now):
 * `later` sums those few per debt, read from the payments' date and annulment indexes. Only debts
 * that can have owed anything then are read: those owing today, those waived or annulled since,
 * and paid ones a later payment paid (any other paid debt was settled by payments that all still
 * counted on `asOf`). Each set is read from the owed index (migration 035) with the amounts.
 */
const openDebts = ({ asOf, from, to }: ReportParams) => {
  const after = afterDay(asOf);
  const debts = (which: RawBuilder<boolean>) => sql`
    SELECT d._id, d.year, d.member, d.amount - d.paid AS owed FROM unsettled_payments d
    WHERE d.year >= ${from} AND d.year <= ${to} AND d.due_date <= ${asOf} AND ${which}`;
  const allocated = (payments: RawBuilder<boolean>, sign: RawBuilder<number>) => sql`
    SELECT a.debt AS debt, ${sign} * a.amount AS delta FROM payments p CROSS JOIN payment_allocations a WHERE a.payment = p._id AND ${payments}`;
  return sql`later AS MATERIALIZED (
    SELECT x.debt, CAST(SUM(x.delta) AS bigint) AS delta FROM (
      ${allocated(sql`p.date > ${asOf} AND p.annulled_at IS NULL`, sql`1`)}
      UNION ALL ${allocated(sql`p.annulled_at >= ${after} AND p.date <= ${asOf}`, sql`-1`)}
    ) x GROUP BY x.debt
  ), open_debts AS MATERIALIZED (
    SELECT c.year AS year, c.member AS member, c.owed + COALESCE(l.delta, 0) AS owed
    FROM (
      ${debts(sql`d.status IN (${list(OWING)})`)}
      UNION ALL ${debts(sql`d.status IN (${list(DECIDED)}) AND d.resolved_at >= ${after}`)}
      UNION ALL ${debts(sql`d.status = ${sql.lit(PAID)} AND d._id IN (SELECT debt FROM later)`)}
    ) c LEFT JOIN later l ON l.debt = c._id
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
