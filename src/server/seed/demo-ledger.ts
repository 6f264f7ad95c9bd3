import { sql } from 'kysely';
import { ROLE } from '../../core/contract.js';
import type { Db } from '../db/database.js';
import { annulPayment, rebuildReceiptTotals, resolveDebt } from '../modules/dues/public.js';
import { INSERT_BATCH_ROWS, insertInBatches } from './batches.js';
import { planPayments, type Debt, type Op } from './demo-payments.js';

/**
 * When each operation happened: its day and hour, a few minutes in, and always after the one
 * before, so no two payments share a creation time (their ids are found by it). Never after now.
 */
function momentsOf(ops: readonly Op[], now: number): string[] {
  let previous = 0;
  return ops.map((op, index) => {
    const planned = Date.parse(`${op.date}T${String(op.hour).padStart(2, '0')}:00:00Z`) + ((index * 37) % 60) * 60_000;
    previous = Math.max(Math.min(planned, now), previous + 1000);
    return new Date(previous).toISOString();
  });
}

/**
 * Sets each debt's paid amount and state to what its allocations add up to, as the ledger
 * would have, grouped by outcome (most debts were paid in full; part-paid ones share a few
 * sums): a statement per outcome and thousand debts, not one per debt.
 */
async function settleDebts(db: Db, debts: readonly Debt[], allocations: ReadonlyArray<{ debt: number; amount: number }>, now: number): Promise<void> {
  const paid = new Map<number, number>();
  for (const a of allocations) paid.set(a.debt, (paid.get(a.debt) ?? 0) + a.amount);
  const outcomes = new Map<number | 'full', number[]>();
  for (const debt of debts) {
    const sum = paid.get(debt.id);
    if (sum === undefined) continue;
    const key = sum === debt.amount ? 'full' : sum;
    const ids = outcomes.get(key);
    if (ids) ids.push(debt.id);
    else outcomes.set(key, [debt.id]);
  }
  const stamp = new Date(now).toISOString();
  for (const [key, ids] of outcomes) {
    const sum = key === 'full' ? sql`amount` : sql.lit(key);
    for (let start = 0; start < ids.length; start += INSERT_BATCH_ROWS) {
      await sql`
        UPDATE unsettled_payments SET paid = ${sum}, status = CASE WHEN ${sum} >= amount THEN 'paid' ELSE 'partial' END, updated_at = ${stamp}, _version = _version + 1
        WHERE _id IN (${sql.join(ids.slice(start, start + INSERT_BATCH_ROWS).map((id) => sql.lit(id)))})
      `.execute(db);
    }
  }
}

/**
 * Writes the demo's seven years of payments. Thousands of payments through recordPayment one by
 * one cost seconds on SQLite and far more on PostgreSQL, so the plan (which spreads each payment
 * over its debts as recordPayment does) is written in batches, then the debts' paid amounts and
 * states are set from the allocations in a few statements; the few annulments and
 * waivers then go through the ledger's own functions, in their order, on top of it.
 */
export async function seedPaymentHistory(db: Db, now: number, today: string): Promise<void> {
  const staff = await db.selectFrom('users').select('_id').where('role', '=', ROLE.admin).orderBy('_id').executeTakeFirst();
  const by = staff ? Number(staff._id) : null;
  const numbers = new Map((await db.selectFrom('members').select(['_id', 'number']).execute()).map((m) => [Number(m._id), Number(m.number)]));
  const rows = await db.selectFrom('unsettled_payments').select(['_id', 'member', 'kind', 'year', 'amount', 'due_date']).orderBy('member').orderBy('due_date').orderBy('_id').execute();
  const debts: Debt[] = rows.map((r) => ({ id: Number(r._id), member: Number(r.member), kind: String(r.kind), year: Number(r.year), amount: Number(r.amount), due: String(r.due_date) }));
  const ops = planPayments(debts, numbers, today);
  const moments = momentsOf(ops, now);

  const payments = ops.flatMap((op, index) => (op.kind === 'pay' ? [{ op, at: moments[index]! }] : []));
  const ids = new Map<string, number>();
  for (let start = 0; start < payments.length; start += INSERT_BATCH_ROWS) {
    const batch = payments.slice(start, start + INSERT_BATCH_ROWS).map(({ op, at }) => ({
      member: op.member,
      date: op.date,
      amount: op.amount,
      allocated: op.allocations.reduce((sum, a) => sum + a.amount, 0),
      method: op.method,
      reference: op.reference,
      notes: op.notes,
      recorded_by: by,
      created_at: at,
      updated_at: at,
      _version: 1,
    }));
    for (const row of await db.insertInto('payments').values(batch).returning(['_id', 'created_at']).execute()) ids.set(String(row.created_at), Number(row._id));
  }
  const allocations = payments.flatMap(({ op, at }) =>
    op.allocations.map((a) => ({ payment: ids.get(at)!, debt: a.debt, member: op.member, amount: a.amount, created_at: at, updated_at: at, _version: 1 })),
  );
  await insertInBatches(db, 'payment_allocations', allocations);
  await settleDebts(db, debts, allocations, now);

  for (const [index, op] of ops.entries()) {
    const at = Date.parse(moments[index]!);
    if (op.kind === 'annul') {
      const payment = await db.selectFrom('payments').selectAll().where('_id', '=', ids.get(moments[ops.indexOf(op.payment)]!)!).executeTakeFirstOrThrow();
      await annulPayment(db, payment, op.reason, by, at);
    } else if (op.kind === 'waive') {
      const debt = await db.selectFrom('unsettled_payments').selectAll().where('_id', '=', op.debt).executeTakeFirstOrThrow();
      await resolveDebt(db, debt, 'waived', op.reason, by, at);
    }
  }
  // The batches went around the ledger functions: the receipt totals are summed from the rows.
  await rebuildReceiptTotals(db);
}
