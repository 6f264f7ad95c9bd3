import { sql } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { INSERT_BATCH_ROWS } from '../../seed/batches.js';
import { lisbonDay } from '../../../core/days.js';

// What payments brought in, summed by the ledger as it writes (migration 035): the reports'
// receipts per year read these few thousand rows instead of every payment and allocation.
// Rows are only ever added, never updated, so concurrent ledger actions never wait on each other;
// a key may hold many rows until the daily compaction merges them, and every sum reads the same.
//
// A row says: from the day `counts_from` (Portugal), `amount` cents more (or less) were received
// by `method` in a payment dated `date`; on the cash basis (`debt_year` NULL) the payment's whole
// amount, on the accrual basis (`debt_year`: the year of the debt paid) what it allocated to debts
// of that year. A payment or an allocation adds its amount from the payment's date; an annulment
// takes it back from the day of the annulment (never before the payment's date). So what stood on
// a day `asOf` is the sum of the rows with `counts_from <= asOf`, exactly, to the cent.

export type ReceiptBasis = 'cash' | 'accrual';

export interface ReceiptDelta {
  basis: ReceiptBasis;
  /** The debt's year on the accrual basis; null on the cash basis. */
  debtYear: number | null;
  method: string;
  /** The payment's date. */
  date: string;
  countsFrom: string;
  amount: number;
}

/** The day from which an annulment stops a payment counting: the annulment's day in Portugal, or the payment's date if later. */
export function annulledFrom(date: string, annulledAt: string): string {
  const day = lisbonDay(Date.parse(annulledAt));
  return day > date ? day : date;
}

/** Writes the rows (in the caller's transaction). */
export async function addReceiptTotals(db: Db, deltas: readonly ReceiptDelta[]): Promise<void> {
  const rows = deltas
    .filter((d) => d.amount !== 0)
    .map((d) => ({ basis: d.basis, debt_year: d.debtYear, method: d.method, date: d.date, counts_from: d.countsFrom, amount: d.amount }));
  for (let start = 0; start < rows.length; start += INSERT_BATCH_ROWS) {
    await db.insertInto('receipt_totals').values(rows.slice(start, start + INSERT_BATCH_ROWS)).execute();
  }
}

/**
 * Rewrites every row from the ledger's payments and allocations, one row per key: for data
 * written around the ledger functions (migration, demo seed, benchmark), with nothing else
 * writing the ledger meanwhile. Amounts are summed set-based; the annulments' take-backs (a few
 * payments) are worked out here, as their day is the annulment's in Portugal.
 */
export async function rebuildReceiptTotals(db: Db): Promise<void> {
  await db.deleteFrom('receipt_totals').execute();
  await sql`
    INSERT INTO receipt_totals (basis, debt_year, method, date, counts_from, amount)
    SELECT 'cash', NULL, p.method, p.date, p.date, SUM(p.amount) FROM payments p GROUP BY p.method, p.date
  `.execute(db);
  await sql`
    INSERT INTO receipt_totals (basis, debt_year, method, date, counts_from, amount)
    SELECT 'accrual', d.year, p.method, p.date, p.date, SUM(a.amount)
    FROM payment_allocations a JOIN payments p ON p._id = a.payment JOIN unsettled_payments d ON d._id = a.debt
    GROUP BY d.year, p.method, p.date
  `.execute(db);
  const annulled = await db.selectFrom('payments').select(['_id', 'method', 'date', 'amount', 'annulled_at']).where('annulled_at', 'is not', null).execute();
  if (annulled.length === 0) return;
  const deltas: ReceiptDelta[] = [];
  const byPayment = new Map(annulled.map((p) => [p._id, { method: p.method, date: p.date, countsFrom: annulledFrom(p.date, String(p.annulled_at)) }]));
  for (const p of annulled) deltas.push({ basis: 'cash', debtYear: null, ...byPayment.get(p._id)!, amount: -p.amount });
  const allocations = await db
    .selectFrom('payment_allocations as a')
    .innerJoin('payments as p', 'p._id', 'a.payment')
    .innerJoin('unsettled_payments as d', 'd._id', 'a.debt')
    .select(['a.payment', 'a.amount', 'd.year'])
    .where('p.annulled_at', 'is not', null)
    .execute();
  for (const a of allocations) deltas.push({ basis: 'accrual', debtYear: a.year, ...byPayment.get(a.payment)!, amount: -a.amount });
  await addReceiptTotals(db, deltas);
}

const KEY = sql.raw('basis, debt_year, method, date, counts_from');

/**
 * Merges the rows of each key into one (none when they cancel out), safe beside concurrent
 * ledger actions: on PostgreSQL one statement sums exactly the rows it deleted (rows added
 * meanwhile stay apart for the next run); SQLite has one writer at a time. Idempotent.
 * Returns the rows merged away.
 */
export async function compactReceiptTotals(database: Database): Promise<number> {
  const repeated = sql`SELECT r._id FROM (SELECT _id, COUNT(*) OVER (PARTITION BY ${KEY}) AS n FROM receipt_totals) r WHERE r.n > 1`;
  return database.db.transaction().execute(async (trx) => {
    if (database.engine === 'postgres') {
      const result = await sql<{ merged: number }>`
        WITH gone AS (DELETE FROM receipt_totals WHERE _id IN (${repeated}) RETURNING ${KEY}, amount),
        merged AS (
          INSERT INTO receipt_totals (${KEY}, amount)
          SELECT ${KEY}, SUM(amount) FROM gone GROUP BY ${KEY} HAVING SUM(amount) <> 0 RETURNING _id
        )
        SELECT (SELECT COUNT(*) FROM gone) - (SELECT COUNT(*) FROM merged) AS merged
      `.execute(trx);
      return Number(result.rows[0]?.merged ?? 0);
    }
    // One writer at a time: the rows repeated stay the same through these statements.
    await sql`CREATE TEMP TABLE IF NOT EXISTS receipt_totals_merging (_id integer PRIMARY KEY)`.execute(trx);
    await sql`DELETE FROM receipt_totals_merging`.execute(trx);
    const chosen = Number((await sql`INSERT INTO receipt_totals_merging (_id) ${repeated}`.execute(trx)).numAffectedRows ?? 0);
    if (chosen === 0) return 0;
    const merged = await sql`
      INSERT INTO receipt_totals (${KEY}, amount)
      SELECT ${KEY}, SUM(amount) FROM receipt_totals WHERE _id IN (SELECT _id FROM receipt_totals_merging) GROUP BY ${KEY} HAVING SUM(amount) <> 0
    `.execute(trx);
    await sql`DELETE FROM receipt_totals WHERE _id IN (SELECT _id FROM receipt_totals_merging)`.execute(trx);
    return chosen - Number(merged.numAffectedRows ?? 0);
  });
}
