import { sql } from 'kysely';
import type { PaymentsPerYearReport } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import { yearCutoffs, type ReportParams } from './params.js';
import { numbers, paymentStandingOn } from './sql-parts.js';

const asRows = (rows: readonly Record<string, unknown>[]) => rows.map((row) => ({ ...numbers(row, ['year', 'amount']), method: String(row.method) }));

/**
 * What came in, by method: on the cash basis by the payment's date, on the accrual basis by the
 * year of the debts it paid (credit not yet applied to a debt has no debt year). Payments
 * annulled by `asOf` do not count; those annulled later still do.
 */
export async function paymentsPerYear(db: Db, params: ReportParams): Promise<Pick<PaymentsPerYearReport, 'cash' | 'accrual' | 'totals'>> {
  const { asOf, from, to } = params;
  // Per year and method, a sum over one range of the payments_report index (migration 031) each,
  // rather than grouping every payment of the range; the methods present are found by skipping
  // along that index from one method to the next.
  const periods = yearCutoffs(params).map(({ year, cutoff }) => sql`(${sql.lit(year)}, ${sql.lit(`${year}-01-01`)}, ${sql.lit(cutoff)})`);
  const cash = await sql<Record<string, unknown>>`
    WITH RECURSIVE methods(method) AS (
      SELECT MIN(method) FROM payments
      UNION ALL SELECT (SELECT MIN(p.method) FROM payments p WHERE p.method > methods.method) FROM methods WHERE methods.method IS NOT NULL
    ), periods(y, first, cutoff) AS (VALUES ${sql.join(periods)}),
    sums AS (
      SELECT periods.y AS year, methods.method AS method, (
        SELECT SUM(p.amount) FROM payments p
        WHERE p.method = methods.method AND p.date >= periods.first AND p.date <= periods.cutoff AND ${paymentStandingOn('p', asOf)}
      ) AS amount
      FROM periods CROSS JOIN methods WHERE methods.method IS NOT NULL
    )
    SELECT year, method, amount FROM sums WHERE amount IS NOT NULL ORDER BY year, method
  `.execute(db);
  const accrual = await sql<Record<string, unknown>>`
    SELECT d.year AS year, p.method AS method, SUM(a.amount) AS amount
    FROM payment_allocations a JOIN payments p ON p._id = a.payment JOIN unsettled_payments d ON d._id = a.debt
    WHERE ${paymentStandingOn('p', asOf)} AND d.year >= ${from} AND d.year <= ${to}
    GROUP BY d.year, p.method ORDER BY 1, 2
  `.execute(db);
  const rows = { cash: asRows(cash.rows), accrual: asRows(accrual.rows) };
  const sumOf = (list: { year: number; amount: number }[], y: number) => list.reduce((sum, row) => sum + (row.year === y ? row.amount : 0), 0);
  const totals = Array.from({ length: to - from + 1 }, (_, i) => ({ year: from + i, cash: sumOf(rows.cash, from + i), accrual: sumOf(rows.accrual, from + i) }));
  return { ...rows, totals };
}
