import type { Statement } from '../../../core/contract.js';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { standingOf } from './balances.js';
import { isOwed, isUpcoming, owedDay } from './owed.js';
import { statementEntries } from './statement-lines.js';

type PaymentRow = Awaited<ReturnType<typeof ownPayments>>[number];

const ownPayments = (db: Db, member: number) => db.selectFrom('payments').selectAll().where('member', '=', member).orderBy('date').orderBy('_id').execute();

/**
 * The payments a member's statement shows: their own, and the households' payments (issue 34)
 * that paid debts of theirs. A household's payment counts on each member for what it paid of
 * their debts (and, on the member it is recorded on, for the credit it left too), so every
 * member's running balance ends at what they owe less their credit.
 */
async function paymentsOf(db: Db, member: number): Promise<PaymentRow[]> {
  const own = await ownPayments(db, member);
  const shares = await db
    .selectFrom('payment_allocations as a')
    .innerJoin('payments as p', 'p._id', 'a.payment')
    .select(['a.payment', sql<number>`sum(a.amount)`.as('amount')])
    .where('a.member', '=', member)
    .where('p.household', 'is not', null)
    .groupBy('a.payment')
    .execute();
  if (shares.length === 0 && !own.some((p) => p.household !== null)) return own;
  const share = new Map(shares.map((s) => [Number(s.payment), Number(s.amount)]));
  const others = await db
    .selectFrom('payments')
    .selectAll()
    .where('_id', 'in', shares.length > 0 ? shares.map((s) => Number(s.payment)) : [0])
    .where('member', '!=', member)
    .execute();
  const asShare = (p: PaymentRow): PaymentRow => {
    if (p.household === null) return p;
    const paid = share.get(Number(p._id)) ?? 0;
    const credit = Number(p.member) === member ? Number(p.amount) - Number(p.allocated) : 0;
    return { ...p, amount: paid + credit, allocated: paid };
  };
  return [...own, ...others].map(asShare).sort((a, b) => (a.date === b.date ? Number(a._id) - Number(b._id) : a.date < b.date ? -1 : 1));
}

/**
 * A member's account as a statement: every debt (debit), payment (credit), waiver, annulment of a
 * debt (credit of what it no longer owes) and annulment of a payment (debit back), by date, each
 * annulment after what it cancels (statement-lines.ts), with the running balance. Its last
 * balance equals what the member owes less their credit.
 */
export async function readStatement(db: Db, memberId: number, now: number): Promise<Statement | undefined> {
  const member = await db
    .selectFrom('members as m')
    .leftJoin('fee_categories as c', 'c._id', 'm.fee_category')
    .select(['m._id', 'm.number', 'm.name', 'c.exempt'])
    .where('m._id', '=', memberId)
    .executeTakeFirst();
  if (!member) return undefined;
  const debtRows = await db.selectFrom('unsettled_payments').selectAll().where('member', '=', memberId).orderBy('due_date').orderBy('_id').execute();
  const paymentRows = await paymentsOf(db, memberId);
  const entries = await statementEntries(db, memberId, debtRows, paymentRows);
  let balance = 0;
  const lines = entries.map((entry) => {
    balance += entry.debit - entry.credit;
    return { ...entry, balance };
  });
  const today = owedDay(now);
  const openOf = (rows: typeof debtRows) => rows.reduce((sum, d) => sum + d.amount - d.paid, 0);
  const owing = debtRows.filter((d) => isOwed(d, today));
  const openTotal = openOf(owing);
  const upcomingTotal = openOf(debtRows.filter((d) => isUpcoming(d, today)));
  const credit = paymentRows.filter((p) => !p.annulled_at).reduce((sum, p) => sum + p.amount - p.allocated, 0);
  const oldestDue = owing.map((d) => d.due_date).sort()[0] ?? null;
  return {
    member: { _id: member._id, number: member.number, name: member.name },
    standing: {
      kind: standingOf({ oldest_due: oldestDue, exempt: Boolean(member.exempt ?? 0) }, now),
      yearsOwed: new Set(owing.map((d) => d.year)).size,
      openTotal,
      upcomingTotal,
      credit,
      oldestDue,
    },
    lines,
  };
}
