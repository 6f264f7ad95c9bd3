import { sql } from 'kysely';
import type { PaymentsPerYearReport } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import type { ReportParams } from './params.js';
import { numbers, yearOf } from './sql-parts.js';

const asRows = (rows: readonly Record<string, unknown>[]) => rows.map((row) => ({ ...numbers(row, ['year', 'amount']), method: String(row.method) }));

/**
 * What came in, by method: on the cash basis by the payment's date, on the accrual basis by the
 * year of the debts it paid (credit not yet applied to a debt has no debt year). Payments
 * annulled by `asOf` do not count; those annulled later still do. Read from the receipt totals
 * the ledger writes with every payment, allocation and annulment (dues/receipt-totals.ts): a
 * few rows per day and method rather than every payment and allocation, exact to the cent.
 */
export async function paymentsPerYear(db: Db, params: ReportParams): Promise<Pick<PaymentsPerYearReport, 'cash' | 'accrual' | 'totals'>> {
  const { asOf, from, to } = params;
  const lastDay = `${to}-12-31` < asOf ? `${to}-12-31` : asOf;
  const cash = await sql<Record<string, unknown>>`
    SELECT ${yearOf('date')} AS year, method, SUM(amount) AS amount FROM receipt_totals
    WHERE basis = 'cash' AND debt_year IS NULL AND date >= ${`${from}-01-01`} AND date <= ${lastDay} AND counts_from <= ${asOf}
    GROUP BY ${yearOf('date')}, method HAVING SUM(amount) <> 0 ORDER BY 1, 2
  `.execute(db);
  const accrual = await sql<Record<string, unknown>>`
    SELECT debt_year AS year, method, SUM(amount) AS amount FROM receipt_totals
    WHERE basis = 'accrual' AND debt_year >= ${from} AND debt_year <= ${to} AND counts_from <= ${asOf}
    GROUP BY debt_year, method HAVING SUM(amount) <> 0 ORDER BY 1, 2
  `.execute(db);
  const rows = { cash: asRows(cash.rows), accrual: asRows(accrual.rows) };
  const sumOf = (list: { year: number; amount: number }[], y: number) => list.reduce((sum, row) => sum + (row.year === y ? row.amount : 0), 0);
  const totals = Array.from({ length: to - from + 1 }, (_, i) => ({ year: from + i, cash: sumOf(rows.cash, from + i), accrual: sumOf(rows.accrual, from + i) }));
  return { ...rows, totals };
}
