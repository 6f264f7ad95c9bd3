import type { Statement, StatementLine } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import { standingOf } from './balances.js';
import { DEBT_KINDS } from './debts.js';
import { PAYMENT_METHODS } from './payments.js';

const methodLabel = (value: unknown) => PAYMENT_METHODS.find((m) => m.value === value)?.label ?? String(value);
const kindLabel = (value: unknown) => DEBT_KINDS.find((k) => k.value === value)?.label ?? String(value);
const day = (stamp: unknown) => String(stamp).slice(0, 10);

/**
 * A member's account as a statement: every debt (debit), payment (credit), waiver, annulment of a
 * debt (credit of what it no longer owes) and annulment of a payment (debit back), by date, with
 * the running balance. Its last balance equals what the member owes less their credit.
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
  const entries: Omit<StatementLine, 'balance'>[] = [];
  for (const d of debtRows) {
    const amount = Number(d.amount);
    entries.push({ date: String(d.due_date), kind: 'debt', id: Number(d._id), description: `${String(d.description)} (${kindLabel(d.kind)})`, debit: amount, credit: 0 });
    if (d.status === 'waived' || d.status === 'annulled') {
      const waived = d.status === 'waived';
      entries.push({
        date: day(d.resolved_at),
        kind: waived ? 'waiver' : 'annulment',
        id: Number(d._id),
        description: `${waived ? 'Perdão' : 'Anulação'}: ${String(d.description)}${d.resolution_reason ? ` (${String(d.resolution_reason)})` : ''}`,
        debit: 0,
        credit: amount - Number(d.paid),
      });
    }
  }
  for (const p of paymentRows) {
    const reference = p.reference ? `, ref. ${String(p.reference)}` : '';
    entries.push({ date: String(p.date), kind: 'payment', id: Number(p._id), description: `Pagamento (${methodLabel(p.method)}${reference})`, debit: 0, credit: Number(p.amount) });
    if (p.annulled_at) {
      entries.push({ date: day(p.annulled_at), kind: 'annulment', id: Number(p._id), description: `Anulação do pagamento de ${String(p.date)}${p.annul_reason ? ` (${String(p.annul_reason)})` : ''}`, debit: Number(p.amount), credit: 0 });
    }
  }
  // Same day: what is owed first, then what pays it, so the balance never dips for no reason.
  const order = { debt: 0, annulment: 1, payment: 2, waiver: 3 } as const;
  entries.sort((a, b) => a.date.localeCompare(b.date) || order[a.kind] - order[b.kind] || a.id - b.id);
  let balance = 0;
  const lines = entries.map((entry) => {
    balance += entry.debit - entry.credit;
    return { ...entry, balance };
  });
  const owing = debtRows.filter((d) => d.status === 'open' || d.status === 'partial');
  const openTotal = owing.reduce((sum, d) => sum + Number(d.amount) - Number(d.paid), 0);
  const credit = paymentRows.filter((p) => !p.annulled_at).reduce((sum, p) => sum + Number(p.amount) - Number(p.allocated), 0);
  const oldestDue = owing.map((d) => String(d.due_date)).sort()[0] ?? null;
  return {
    member: { _id: Number(member._id), number: member.number === null ? null : Number(member.number), name: String(member.name) },
    standing: {
      kind: standingOf({ oldest_due: oldestDue, exempt: Boolean(Number(member.exempt ?? 0)) }, now),
      yearsOwed: new Set(owing.map((d) => Number(d.year))).size,
      openTotal,
      credit,
      oldestDue,
    },
    lines,
  };
}
