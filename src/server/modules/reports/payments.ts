import { sql } from 'kysely';
import type { PaymentsPerYearReport } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import type { ReportParams } from './params.js';
import { numbers, paymentStandingOn, yearOf } from './sql-parts.js';

const asRows = (rows: readonly Record<string, unknown>[]) => rows.map((row) => ({ ...numbers(row, ['year', 'amount']), method: String(row.method) }));

/**
 * What came in, by method: on the cash basis by the payment's date, on the accrual basis by the
 * year of the debts it paid (credit not yet applied to a debt has no debt year). Payments
 * annulled by `asOf` do not count; those annulled later still do.
 */
export async function paymentsPerYear(db: Db, params: ReportParams): Promise<Pick<PaymentsPerYearReport, 'cash' | 'accrual' | 'totals'>> {
  const { asOf, from, to } = params;
  const year = yearOf('p.date');
  const cash = await sql<Record<string, unknown>>`
    SELECT ${year} AS year, p.method AS method, SUM(p.amount) AS amount FROM payments p
    WHERE ${paymentStandingOn('p', asOf)} AND p.date >= ${`${from}-01-01`} AND p.date <= ${`${to}-12-31`}
    GROUP BY ${year}, p.method ORDER BY 1, 2
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
