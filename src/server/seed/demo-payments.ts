import { addDays } from '../../core/days.js';
import { seededRandom, type SeededRandom } from './random.js';

const PAYMENTS_SEED = 20_240_603;

type Method = 'transferencia' | 'mbway' | 'numerario' | 'multibanco' | 'cheque';
const METHODS: ReadonlyArray<readonly [Method, number]> = [
  ['transferencia', 40],
  ['mbway', 25],
  ['numerario', 20],
  ['multibanco', 15],
];
const NOTES: Partial<Record<Method, readonly string[]>> = {
  numerario: ['Pago na assembleia geral.', 'Entregue na secretaria.'],
  transferencia: ['Comprovativo enviado por e-mail.', 'Transferência feita pelo cônjuge.'],
};

/**
 * How a member pays: on time; on time some years and months late others; only part of the
 * quota some years; not at all since some year (owing several years); or everything but the
 * current year.
 */
type Profile = 'punctual' | 'late' | 'partial' | 'stopped' | 'behind';
const PROFILES: ReadonlyArray<readonly [Profile, number]> = [
  ['punctual', 66],
  ['late', 12],
  ['partial', 8],
  ['stopped', 5],
  ['behind', 9],
];

export interface Debt {
  id: number;
  member: number;
  kind: string;
  year: number;
  amount: number;
  due: string;
}

interface Pay {
  kind: 'pay';
  member: number;
  date: string;
  hour: number;
  amount: number;
  method: Method;
  reference: string | null;
  notes: string | null;
  debts: number[];
  /** What recordPayment gives for this payment: each debt's share, in due order; the rest is credit. */
  allocations: Array<{ debt: number; amount: number }>;
}
interface Annul {
  kind: 'annul';
  date: string;
  hour: number;
  payment: Pay;
  reason: string;
}
interface Waive {
  kind: 'waive';
  date: string;
  hour: number;
  debt: number;
  reason: string;
}
export type Op = Pay | Annul | Waive;

const latest = (a: string, b: string) => (a > b ? a : b);

/** Map.groupBy arrives with Node 21; groups keep the list's order. */
function groupBy<K>(debts: readonly Debt[], key: (debt: Debt) => K): Map<K, Debt[]> {
  const groups = new Map<K, Debt[]>();
  for (const debt of debts) {
    const group = groups.get(key(debt));
    if (group) group.push(debt);
    else groups.set(key(debt), [debt]);
  }
  return groups;
}

/** Picks `count` of the candidates spread over the list, so the special cases fall on different members. */
const spreadPick = <T>(candidates: readonly T[], count: number): T[] =>
  candidates.length === 0 ? [] : Array.from({ length: Math.min(count, candidates.length) }, (_, i) => candidates[Math.floor(((i + 0.5) * candidates.length) / count)]!);

interface Planner {
  ops: Op[];
  /** What each debt still owes as the plan stands, so a later payment names only owing debts. */
  open: Map<number, number>;
  today: string;
}

/** A payment of `amount` over these debts in due order, as recordPayment will spread it. */
function pay(plan: Planner, random: SeededRandom, preferred: Method, debts: readonly Debt[], amount: number, date: string): Pay {
  const targets = debts.filter((d) => plan.open.get(d.id)! > 0);
  const allocations: Pay['allocations'] = [];
  let left = amount;
  for (const debt of targets) {
    const share = Math.min(left, plan.open.get(debt.id)!);
    if (share <= 0) break;
    plan.open.set(debt.id, plan.open.get(debt.id)! - share);
    allocations.push({ debt: debt.id, amount: share });
    left -= share;
  }
  const method = random.chance(0.75) ? preferred : random.weighted(METHODS);
  const notes = NOTES[method];
  const op: Pay = {
    kind: 'pay',
    member: debts[0]!.member,
    date,
    hour: random.int(9, 18),
    amount,
    method,
    reference: method === 'multibanco' ? `Ref. ${random.int(100, 999)} ${random.int(100, 999)} ${random.int(100, 999)}` : null,
    notes: notes && random.chance(0.05) ? notes[random.int(0, notes.length - 1)]! : null,
    debts: targets.map((d) => d.id),
    allocations,
  };
  plan.ops.push(op);
  return op;
}

const owing = (plan: Planner, debts: readonly Debt[]) => debts.reduce((sum, d) => sum + plan.open.get(d.id)!, 0);

interface Candidates {
  /** Full, punctual payments of a past year (one becomes a bounced cheque, one is recorded twice). */
  cheque: Pay[];
  duplicate: Pay[];
  /** Punctual payments of the current year (a few pay next year's quota in advance). */
  advance: Pay[];
  /** The oldest unpaid debt of members who stopped paying, and debts left part-paid. */
  forgiven: Debt[];
  remainder: Array<{ debt: Debt; paidOn: string }>;
}

/** One member's years, oldest first: when and how much they paid, following their profile. */
function planMember(plan: Planner, candidates: Candidates, number: number, years: ReadonlyArray<readonly Debt[]>, currentYear: number): void {
  const random = seededRandom(PAYMENTS_SEED + number * 104_729);
  // The demo member account (member 1) has the current year to pay, so its dashboard shows a debt.
  const profile: Profile = number === 1 ? 'behind' : random.weighted(PROFILES);
  const preferred = random.weighted(METHODS);
  const stopYear = currentYear - random.int(1, 4);
  for (const debts of years) {
    const year = debts[0]!.year;
    if (profile === 'stopped' && year >= stopYear) {
      if (year === stopYear) candidates.forgiven.push(debts[0]!);
      continue;
    }
    if (profile === 'behind' && year === currentYear) continue;
    const first = debts[0]!.due;
    // A newcomer pays the joining fee and first quota on joining; others around the due date.
    let date = debts.some((d) => d.kind === 'joia') ? addDays(first, random.int(0, 10)) : latest(addDays(first, random.int(-15, 25)), `${year}-01-03`);
    if (profile === 'late' && random.chance(0.6)) date = addDays(first, random.int(45, 330));
    if (date > plan.today) continue;
    const total = owing(plan, debts);
    if (profile === 'partial' && total >= 1000 && random.chance(0.5)) {
      const part = Math.max(100, Math.floor((total * random.int(30, 70)) / 10_000) * 100);
      pay(plan, random, preferred, debts, part, date);
      const rest = addDays(date, random.int(60, 200));
      if (random.chance(0.5) && rest <= plan.today) pay(plan, random, preferred, debts, owing(plan, debts), rest);
      else if (year <= currentYear - 2) candidates.remainder.push({ debt: debts.find((d) => plan.open.get(d.id)! > 0)!, paidOn: date });
      continue;
    }
    const op = pay(plan, random, preferred, debts, total, date);
    if (profile !== 'punctual') continue;
    if (year === currentYear - 2) candidates.cheque.push(op);
    if (year === currentYear - 1) candidates.duplicate.push(op);
    if (year === currentYear) candidates.advance.push(op);
  }
}

/** A few stories every ledger has: a bounced cheque, a payment recorded twice, quotas paid in advance, debts forgiven. */
function planIncidents(plan: Planner, candidates: Candidates, currentYear: number): void {
  for (const cheque of spreadPick(candidates.cheque, 1)) {
    cheque.method = 'cheque';
    cheque.reference = `Cheque n.º ${String(cheque.member * 7919).slice(-7).padStart(7, '0')}`;
    cheque.notes = null;
    const bounced = addDays(cheque.date, 9);
    plan.ops.push({ kind: 'annul', date: bounced, hour: 11, payment: cheque, reason: 'Cheque devolvido pelo banco por falta de provisão.' });
    // Annulling the cheque reopens its debts, so the transfer that replaces it settles the same shares.
    plan.ops.push({ ...cheque, date: addDays(bounced, 7), method: 'transferencia', reference: null, notes: 'Substitui o cheque devolvido.' });
  }
  for (const original of spreadPick(candidates.duplicate, 2)) {
    const twice: Pay = { ...original, hour: original.hour + 1, debts: [], allocations: [] };
    plan.ops.push(twice);
    plan.ops.push({ kind: 'annul', date: addDays(original.date, 3), hour: 10, payment: twice, reason: 'Pagamento registado em duplicado.' });
  }
  for (const early of spreadPick(candidates.advance, 3)) {
    early.amount *= 2;
    early.notes = `Inclui a quota de ${currentYear + 1}, paga adiantada.`;
  }
  for (const debt of spreadPick(candidates.forgiven, 2)) {
    const date = latest(`${currentYear - 1}-12-15`, addDays(debt.due, 30));
    if (date <= plan.today) plan.ops.push({ kind: 'waive', date, hour: 15, debt: debt.id, reason: 'Perdoada por deliberação da direção (situação de desemprego).' });
  }
  for (const { debt, paidOn } of spreadPick(candidates.remainder, 1)) {
    plan.ops.push({ kind: 'waive', date: addDays(paidOn, 120), hour: 15, debt: debt.id, reason: 'Remanescente perdoado pela direção.' });
  }
}

/** Receipts of cash payments are numbered per year in the order they were issued. */
function numberReceipts(ops: readonly Op[]): void {
  const issued = new Map<string, number>();
  for (const op of ops) {
    if (op.kind !== 'pay' || op.method !== 'numerario') continue;
    const year = op.date.slice(0, 4);
    const next = (issued.get(year) ?? 0) + 1;
    issued.set(year, next);
    op.reference = `Recibo n.º ${year}/${String(next).padStart(4, '0')}`;
  }
}

/**
 * Seven years of payments, deterministic from the seed: who paid which debts when, how, and
 * the few incidents, in the order they happened. `debts` are every member's debts, oldest
 * first; `numbers` gives each member's number (each draws from its own stream).
 */
export function planPayments(debts: readonly Debt[], numbers: ReadonlyMap<number, number>, today: string): Op[] {
  const currentYear = Number(today.slice(0, 4));
  const plan: Planner = { ops: [], open: new Map(debts.map((d) => [d.id, d.amount])), today };
  const candidates: Candidates = { cheque: [], duplicate: [], advance: [], forgiven: [], remainder: [] };
  for (const [member, own] of groupBy(debts, (d) => d.member)) {
    planMember(plan, candidates, numbers.get(member)!, [...groupBy(own, (d) => d.year).values()], currentYear);
  }
  planIncidents(plan, candidates, currentYear);
  const ops = plan.ops.map((op, seq) => ({ op, seq })).sort((a, b) => (a.op.date < b.op.date ? -1 : a.op.date > b.op.date ? 1 : 0) || a.op.hour - b.op.hour || a.seq - b.seq).map((o) => o.op);
  numberReceipts(ops);
  return ops;
}
