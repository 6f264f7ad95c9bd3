import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { OWING } from './debts.js';
import { addReceiptTotals, type ReceiptDelta } from './receipt-totals.js';

/** One allocation the credit pass makes: `amount` cents of `payment`'s credit on `debt` (of `member`). */
export interface CreditAllocation {
  payment: number;
  debt: number;
  member: number;
  amount: number;
}

// Rows per bulk statement: 3 or 7 parameters a row stays far below both engines' limits
// (SQLite 32,766, PostgreSQL 65,535).
const CHUNK = 1000;

const chunks = <T>(rows: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK) out.push(rows.slice(start, start + CHUNK));
  return out;
};

const owing = sql.join(OWING.map((status) => sql.lit(status)));
const smaller = (a: string, b: string) => sql`CASE WHEN ${sql.raw(a)} < ${sql.raw(b)} THEN ${sql.raw(a)} ELSE ${sql.raw(b)} END`;
const larger = (a: string, b: string) => sql`CASE WHEN ${sql.raw(a)} > ${sql.raw(b)} THEN ${sql.raw(a)} ELSE ${sql.raw(b)} END`;

/**
 * What applyCredit (ledger.ts) does member by member, for every member with credit at once, in
 * one statement: each member's credit (valid payments' unallocated amounts, by date then id) is
 * laid end to end as one line of cents, and so are their owing debts' outstanding amounts (by due
 * date then id); an allocation is where a payment's stretch of that line overlaps a debt's. That
 * is exactly the greedy walk applyCredit makes (each payment fills the oldest debts still owing,
 * the next payment carries on where it stopped), debts owing nothing skipped as there. A
 * household's payment is recorded on one member and, as in applyCredit, pays that member's own
 * debts here (the other members' only at the staff's word). The payments with credit left are
 * picked out first, in a scan of the table (MATERIALIZED): with the window straight over the
 * table, SQLite walked every payment in member order through payments_member, a lookup each, to
 * spare sorting the few it keeps (48 ms instead of 7 at 20,000 members and 114,000 payments).
 */
async function creditAllocations(db: Db, members: RawBuilder<unknown> | null): Promise<(CreditAllocation & { year: number; method: string; date: string })[]> {
  const rows = await sql<{ payment: number; debt: number; member: number; year: number; method: string; date: string; amount: number }>`
    WITH unspent AS MATERIALIZED (
      SELECT _id, member, method, "date", amount - allocated AS left_over
      FROM payments
      WHERE annulled_at IS NULL AND amount > allocated ${members ? sql`AND member IN (${members})` : sql``}
    ),
    credit AS (
      SELECT _id, member, method, "date", left_over,
        SUM(left_over) OVER (PARTITION BY member ORDER BY "date", _id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS upto
      FROM unspent
    ),
    owed AS (
      SELECT _id, member, year, amount - paid AS left_over,
        SUM(amount - paid) OVER (PARTITION BY member ORDER BY due_date, _id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS upto
      FROM unsettled_payments
      WHERE status IN (${owing}) AND amount > paid AND member IN (SELECT member FROM credit)
    ),
    spans AS (
      SELECT c._id AS payment, o._id AS debt, o.member, o.year, c.method, c."date",
        c.upto - c.left_over AS c_from, c.upto AS c_to, o.upto - o.left_over AS o_from, o.upto AS o_to
      FROM credit c
      INNER JOIN owed o ON o.member = c.member AND c.upto - c.left_over < o.upto AND o.upto - o.left_over < c.upto
    )
    SELECT payment, debt, member, year, method, "date", ${smaller('c_to', 'o_to')} - ${larger('c_from', 'o_from')} AS amount
    FROM spans
    ORDER BY member, c_from, o_from
  `.execute(db);
  return rows.rows.map((r) => ({
    payment: Number(r.payment),
    debt: Number(r.debt),
    member: Number(r.member),
    year: Number(r.year),
    method: String(r.method),
    date: String(r.date),
    amount: Number(r.amount),
  }));
}

/** Sum and count of `amount` by key. */
function tally<T>(rows: readonly T[], key: (row: T) => number, amount: (row: T) => number): { id: number; amount: number; count: number }[] {
  const by = new Map<number, { id: number; amount: number; count: number }>();
  for (const row of rows) {
    const id = key(row);
    const entry = by.get(id) ?? { id, amount: 0, count: 0 };
    entry.amount += amount(row);
    entry.count += 1;
    by.set(id, entry);
  }
  return [...by.values()].sort((a, b) => a.id - b.id);
}

/** `(id, amount, count)` rows for a bulk UPDATE … FROM, typed for PostgreSQL (its VALUES parameters are text otherwise). */
const valuesOf = (rows: readonly { id: number; amount: number; count: number }[]) =>
  sql.join(rows.map((r) => sql`(CAST(${r.id} AS bigint), CAST(${r.amount} AS bigint), CAST(${r.count} AS bigint))`));

/**
 * Uses every member's credit on their owing debts, oldest first, as applyCredit would member by
 * member, in the caller's transaction, with a handful of statements whatever the number of
 * members: one to work out the allocations, then bulk writes of the same rows and figures
 * applyCredit writes (an allocation adds to the payment's existing one on the same debt; each
 * allocation counts one version of its debt and of its payment; the receipt totals get the same
 * sums per year, method and date, one row per key instead of one per allocation, which sums the
 * same). Only `members`' credit when given (a subquery of member ids). Answers the allocations made.
 */
export async function spendAllCredit(db: Db, now: number, members: RawBuilder<unknown> | null = null): Promise<CreditAllocation[]> {
  const made = await creditAllocations(db, members);
  if (made.length === 0) return [];
  const stamp = new Date(now).toISOString();
  for (const rows of chunks(made)) {
    await db
      .insertInto('payment_allocations')
      .values(rows.map((a) => ({ payment: a.payment, debt: a.debt, member: a.member, amount: a.amount, created_at: stamp, updated_at: stamp, _version: 1 })))
      .onConflict((oc) =>
        oc.columns(['payment', 'debt']).doUpdateSet({
          amount: sql`payment_allocations.amount + excluded.amount`,
          updated_at: sql`excluded.updated_at`,
          _version: sql`payment_allocations._version + 1`,
        }),
      )
      .execute();
  }
  for (const rows of chunks(tally(made, (a) => a.debt, (a) => a.amount))) {
    // The status as setDebtPaid gives it from the new paid sum (never 0 here: every allocation is positive).
    await sql`
      WITH v (id, amount, n) AS (VALUES ${valuesOf(rows)})
      UPDATE unsettled_payments SET
        paid = unsettled_payments.paid + v.amount,
        status = CASE WHEN unsettled_payments.paid + v.amount >= unsettled_payments.amount THEN 'paid' ELSE 'partial' END,
        updated_at = ${stamp},
        _version = unsettled_payments._version + v.n
      FROM v WHERE unsettled_payments._id = v.id
    `.execute(db);
  }
  for (const rows of chunks(tally(made, (a) => a.payment, (a) => a.amount))) {
    await sql`
      WITH v (id, amount, n) AS (VALUES ${valuesOf(rows)})
      UPDATE payments SET
        allocated = payments.allocated + v.amount,
        updated_at = ${stamp},
        _version = payments._version + v.n
      FROM v WHERE payments._id = v.id
    `.execute(db);
  }
  const totals = new Map<string, ReceiptDelta>();
  for (const a of made) {
    const key = `${a.year}|${a.method}|${a.date}`;
    const entry = totals.get(key) ?? { basis: 'accrual', debtYear: a.year, method: a.method, date: a.date, countsFrom: a.date, amount: 0 };
    entry.amount += a.amount;
    totals.set(key, entry);
  }
  await addReceiptTotals(db, [...totals.values()]);
  return made.map(({ payment, debt, member, amount }) => ({ payment, debt, member, amount }));
}
