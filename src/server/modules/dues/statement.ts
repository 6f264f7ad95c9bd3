import type { Statement } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import { standingOf } from './balances.js';
import { isOwed, isUpcoming, owedDay } from './owed.js';
import { statementEntries } from './statement-lines.js';

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
  const paymentRows = await db.selectFrom('payments').selectAll().where('member', '=', memberId).orderBy('date').orderBy('_id').execute();
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
