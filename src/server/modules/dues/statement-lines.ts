import type { StatementLine } from '../../../core/contract.js';
import type { Db, Row } from '../../db/database.js';
import { DEBT_KINDS } from './debts.js';
import { paymentReceipts } from './payment-receipts-port.js';
import { HISTORICAL_PAYMENT, PAYMENT_METHODS } from './payments.js';

type StatementEntry = Omit<StatementLine, 'balance'>;

const methodLabel = (value: unknown) => PAYMENT_METHODS.find((m) => m.value === value)?.label ?? String(value);
const kindLabel = (value: unknown) => DEBT_KINDS.find((k) => k.value === value)?.label ?? String(value);
const day = (stamp: unknown) => String(stamp).slice(0, 10);
/** 'YYYY-MM-DD' as a reader in Portugal writes it: dd/mm/aaaa. */
const ptDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const later = (a: string, b: string) => (a > b ? a : b);

// Same day: what is owed first, then what pays it, then what is forgiven, so the balance never
// dips for no reason. A payment annulled on a later day owes again: it sorts with the debts.
const RANK = { owed: 0, paid: 1, forgiven: 2 } as const;
const SOURCE = { debt: 0, payment: 1 } as const;

/** Where a line sorts: its day, its rank that day, the debt or payment it belongs to, then itself before what cancels it. */
type SortKey = readonly [day: string, rank: number, source: number, id: number, cancelling: 0 | 1];

interface Placed {
  entry: StatementEntry;
  key: SortKey;
}

/**
 * A line that cancels another (a waiver, an annulment) comes after it: never before its day,
 * and on the same day right after it, ahead of the day's other lines of its rank.
 */
function cancelling(entry: StatementEntry, target: Placed, ownRank: number): Placed {
  const [targetDay, targetRank, source, id] = target.key;
  const sortDay = later(entry.date, targetDay);
  return { entry, key: sortDay === targetDay ? [sortDay, targetRank, source, id, 1] : [sortDay, ownRank, source, id, 1] };
}

function compare(a: Placed, b: Placed): number {
  for (let i = 0; i < a.key.length; i += 1) {
    const [x, y] = [a.key[i]!, b.key[i]!];
    if (x !== y) return typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y);
  }
  return 0;
}

function debtLines(d: Row): Placed[] {
  const amount = Number(d.amount);
  const id = Number(d._id);
  const debt: Placed = {
    entry: { date: String(d.due_date), kind: 'debt', id, description: `${String(d.description)} (${kindLabel(d.kind)})`, debit: amount, credit: 0 },
    key: [String(d.due_date), RANK.owed, SOURCE.debt, id, 0],
  };
  if (d.status !== 'waived' && d.status !== 'annulled') return [debt];
  const waived = d.status === 'waived';
  const resolution: StatementEntry = {
    date: day(d.resolved_at),
    kind: waived ? 'waiver' : 'annulment',
    id,
    description: `${waived ? 'Perdão' : 'Anulação'}: ${String(d.description)}${d.resolution_reason ? ` (${String(d.resolution_reason)})` : ''}`,
    debit: 0,
    credit: amount - Number(d.paid),
    ...(waived ? {} : { cancels: 'debt' as const }),
  };
  return [debt, cancelling(resolution, debt, RANK.forgiven)];
}

function paymentLines(p: Row, receipts: ReadonlyMap<number, NonNullable<StatementLine['receipt']>>): Placed[] {
  const id = Number(p._id);
  const reference = p.reference ? `, ref. ${String(p.reference)}` : '';
  // Brought from an imported history: its receipt, if any, was issued back then (decision 0050).
  const historical = String(p.external_id ?? '').startsWith(HISTORICAL_PAYMENT) ? ', histórico' : '';
  const receipt = receipts.get(id);
  const payment: Placed = {
    entry: {
      date: String(p.date),
      kind: 'payment',
      id,
      // A household's payment (issue 34) shows, on each member, what it paid of their debts.
      description: `${p.household === null || p.household === undefined ? 'Pagamento' : 'Pagamento do agregado'} (${methodLabel(p.method)}${historical}${reference})`,
      debit: 0,
      credit: Number(p.amount),
      annulled: Boolean(p.annulled_at),
      ...(receipt ? { receipt } : {}),
    },
    key: [String(p.date), RANK.paid, SOURCE.payment, id, 0],
  };
  if (!p.annulled_at) return [payment];
  const annulment: StatementEntry = {
    date: day(p.annulled_at),
    kind: 'annulment',
    cancels: 'payment',
    id,
    description: `Anulação do pagamento de ${ptDay(String(p.date))}${p.annul_reason ? ` (${String(p.annul_reason)})` : ''}`,
    debit: Number(p.amount),
    credit: 0,
  };
  return [payment, cancelling(annulment, payment, RANK.owed)];
}

/**
 * The statement's lines without their balance, in order: every debt (debit), payment (credit,
 * with its receipt while the treasury is on), waiver, annulment of a debt (credit of what it no
 * longer owes) and annulment of a payment (debit back), each annulment after what it cancels.
 */
export async function statementEntries(db: Db, member: number, debtRows: readonly Row[], paymentRows: readonly Row[]): Promise<StatementEntry[]> {
  const receipts = await paymentReceipts.use().ofMember(db, member);
  const placed = [...debtRows.flatMap(debtLines), ...paymentRows.flatMap((p) => paymentLines(p, receipts))];
  return placed.sort(compare).map((p) => p.entry);
}
