// What a history file would do to the ledger, line by line, decided from what the ledger holds:
// the debts each line raises and the payments it records (each with its idempotency key), or why
// it cannot. The check shows the plan and writes nothing; the commit computes it again inside its
// transaction and carries it out (apply.ts), so both always agree.
import type { Db } from '../../../db/database.js';
import { firstQuotaAmount, periodsOf, type Period } from '../../dues/public.js';
import { readSetting } from '../../../settings/read.js';
import { lisbonDay } from '../../../../core/days.js';
import { debtSlot, readLedgerState, readSchedules, scheduleSlot, type LedgerState, type MemberOfFile } from './ledger-state.js';
import { historyDebtKey, historyPaymentKey } from './keys.js';
import { readHistoryRow, type FieldError, type HistoryRow, type RawRow } from './rows.js';
import { euros, ptDay, type HistoryKind } from './values.js';

type DebtKind = Exclude<HistoryKind, 'paid_up_to'>;

export interface PlannedDebt {
  key: string;
  kind: DebtKind;
  year: number;
  period: number;
  amount: number;
  dueDate: string;
  description: string;
  schedule: number | null;
}

export interface PlannedPayment {
  externalId: string;
  /** The key of the debt it pays (raised by this plan or already in the ledger). */
  debtKey: string;
  amount: number;
  date: string;
  method: string;
  reference: string | null;
  notes: string;
}

export type HistoryOutcome = 'create' | 'unchanged' | 'duplicate' | 'error';

export interface PlannedRow {
  line: number;
  outcome: HistoryOutcome;
  member?: { id: number; number: number | null; name: string };
  matchedBy?: 'nif' | 'number';
  errors: FieldError[];
  /** pt-PT, what the line does: 'Lança Quota 2024 (30,00 €)', 'Regista pagamento de 30,00 € em 15/02/2024 (Numerário)'. */
  actions: string[];
  debts: PlannedDebt[];
  payments: PlannedPayment[];
}

const NIF = /^\d{9}$/;
const DEFAULT_METHOD = 'numerario';
const KIND_TEXT: Record<DebtKind, string> = { quota: 'Quota', joia: 'Jóia', capital: 'Subscrição de capital', other: 'Outro' };

interface Context {
  state: LedgerState;
  today: string;
  rule: 'full' | 'prorata';
  /** Debts the plan raises so far, by `${member}|${key}`, with the line raising them. */
  raised: Map<string, { line: number; debt: PlannedDebt }>;
  /** Payments planned so far, by external_id, with their line. */
  paying: Map<string, number>;
  /** What each debt named so far still owes in the plan, by `${member}|${key}`. */
  owing: Map<string, number>;
}

function findMember(state: LedgerState, text: string): { member: MemberOfFile; matchedBy: 'nif' | 'number' } | null {
  const value = text.replace(/\s/g, '').replace(/^PT/i, '');
  if (NIF.test(value)) {
    const byNif = state.byNif.get(value);
    if (byNif) return { member: byNif, matchedBy: 'nif' };
  }
  if (/^\d{1,9}$/.test(value)) {
    const byNumber = state.byNumber.get(Number(value));
    if (byNumber) return { member: byNumber, matchedBy: 'number' };
  }
  return null;
}

/** The period's days and due date for the member: the schedule's calendar, else the whole year due on 1 January; never before the admission. */
function periodOf(member: MemberOfFile, state: LedgerState, year: number, period: number): { span: Period; schedule: number | null; amount: number | null; count: number } {
  const schedule = member.category === null ? undefined : state.schedules.get(scheduleSlot(member.category, year));
  if (schedule) {
    const periods = periodsOf(year, schedule.periodicity, schedule.dueDay);
    const span = periods[period - 1];
    if (span) return { span, schedule: schedule.id, amount: schedule.amount, count: periods.length };
    return { span: periods[periods.length - 1]!, schedule: schedule.id, amount: null, count: periods.length };
  }
  const label = period === 1 ? `Quota ${year}` : `Quota ${year} (período ${period})`;
  return { span: { period, start: `${year}-01-01`, end: `${year}-12-31`, due: `${year}-01-01`, label }, schedule: null, amount: null, count: 12 };
}

/** The field error when the period lies outside the member's membership, or null. */
function outsideMembership(member: MemberOfFile, span: Period): FieldError | null {
  if (member.admission && span.end < member.admission) {
    return { field: 'year', message: `O período (${ptDay(span.start)} a ${ptDay(span.end)}) é anterior à admissão do sócio, em ${ptDay(member.admission)}.` };
  }
  if (member.left && span.start > member.left) {
    return { field: 'year', message: `O período (${ptDay(span.start)} a ${ptDay(span.end)}) é posterior à saída do sócio, em ${ptDay(member.left)}.` };
  }
  return null;
}

const later = (a: string, b: string | null) => (b && b > a ? b : a);

/** The debt a line names, as it stands in the ledger or in the plan so far. */
function knownDebt(ctx: Context, member: number, key: string) {
  return { stored: ctx.state.debts.get(debtSlot(member, key)), planned: ctx.raised.get(debtSlot(member, key)) };
}

function planLine(ctx: Context, row: HistoryRow, member: MemberOfFile, out: PlannedRow): void {
  const kind = row.kind as DebtKind;
  const key = historyDebtKey(kind, row.year, row.period);
  const { span, schedule, count } = periodOf(member, ctx.state, row.year, row.period);
  if (row.periodGiven && row.period > count) {
    out.errors.push({ field: 'period', message: `O período ${row.period} não existe em ${row.year}: a tabela de quotas da categoria do sócio tem ${count} período(s) nesse ano.` });
    return;
  }
  const outside = outsideMembership(member, span);
  if (outside) return void out.errors.push(outside);
  if (row.owed === 0) return void out.errors.push({ field: 'owed', message: 'O valor em dívida tem de ser maior do que zero (deixe a célula vazia se não há dívida).' });
  const { stored, planned } = knownDebt(ctx, member.id, key);
  const description = kind === 'quota' ? span.label : kind === 'other' ? row.description! : `${KIND_TEXT[kind]} ${row.year}`;
  let duplicateDebt = false;
  if (row.owed !== null) {
    if (planned && planned.debt.amount !== row.owed) {
      return void out.errors.push({ field: 'owed', message: `A linha ${planned.line} já dá esta dívida (${planned.debt.description}) com outro valor: ${euros(planned.debt.amount)}.` });
    }
    if (stored && stored.amount !== row.owed) {
      return void out.errors.push({ field: 'owed', message: `O sócio já tem a dívida ${stored.description} de ${euros(stored.amount)}: o valor do ficheiro (${euros(row.owed)}) é diferente.` });
    }
    duplicateDebt = Boolean(planned);
  }
  if (!stored && !planned) {
    const amount = row.owed ?? row.paid!;
    const debt: PlannedDebt = { key, kind, year: row.year, period: row.period, amount, dueDate: later(span.due, member.admission), description, schedule: kind === 'quota' ? schedule : null };
    out.debts.push(debt);
    ctx.raised.set(debtSlot(member.id, key), { line: row.line, debt });
    ctx.owing.set(debtSlot(member.id, key), amount);
    out.actions.push(`Lança ${description} (${euros(amount)})`);
  }
  let duplicateOf: number | undefined = duplicateDebt ? planned!.line : undefined;
  let paymentNew = false;
  if (row.paid !== null && row.paid > 0) {
    const externalId = historyPaymentKey(member.id, key, 'line', row.date!, row.paid, row.method!);
    const earlier = ctx.paying.get(externalId);
    if (earlier !== undefined) duplicateOf ??= earlier;
    else if (!ctx.state.payments.has(externalId)) {
      ctx.paying.set(externalId, row.line);
      paymentNew = true;
      out.payments.push({ externalId, debtKey: key, amount: row.paid, date: row.date!, method: row.method!, reference: row.reference, notes: `Importado do histórico (linha ${row.line}).` });
      const credit = row.paid - pay(ctx, member.id, key, row.paid);
      out.actions.push(`Regista pagamento de ${euros(row.paid)} em ${ptDay(row.date!)}${credit > 0 ? ` (${euros(credit)} ficam como crédito)` : ''}`);
    } else duplicateOf = undefined;
  }
  if (out.debts.length > 0 || paymentNew) out.outcome = 'create';
  else if (duplicateOf !== undefined) {
    out.outcome = 'duplicate';
    out.errors.push({ field: 'member', message: `Linha repetida: repete a linha ${duplicateOf}.` });
  } else out.outcome = 'unchanged';
}

/** What the debt still owes in the plan so far; paying `amount` on it answers what it takes (the rest is credit). */
function pay(ctx: Context, member: number, key: string, amount: number): number {
  const slot = debtSlot(member, key);
  const stored = ctx.state.debts.get(slot);
  const left = ctx.owing.get(slot) ?? (stored && ['open', 'partial'].includes(stored.status) ? stored.amount - stored.paid : 0);
  const taken = Math.min(left, amount);
  ctx.owing.set(slot, left - taken);
  return taken;
}

/**
 * "Quotas pagas até" a year: every quota period from the admission up to that year exists and is
 * paid. A missing one is raised (the schedule's amount, the first one as the first-quota rule
 * says, or the line's amount where the year has no schedule) and paid by a historical payment on
 * its due date; one the ledger already has is paid for what it still owes.
 */
function planPaidUpTo(ctx: Context, member: MemberOfFile, upTo: number, line: number, out: PlannedRow, perYear: number | null, date: string | null, method: string | null): void {
  if (member.exempt) return void out.errors.push({ field: 'kind', message: 'Este sócio está isento de quotas: não tem quotas a dar como pagas.' });
  if (!member.admission) return void out.errors.push({ field: 'kind', message: 'O sócio não tem data de admissão: não se sabe desde quando pagar as quotas.' });
  const first = Number(member.admission.slice(0, 4));
  if (upTo < first) return void out.errors.push({ field: 'year', message: `O sócio foi admitido em ${ptDay(member.admission)}, depois de ${upTo}.` });
  const admission = member.admission;
  for (let year = first; year <= upTo; year += 1) {
    const schedule = member.category === null ? undefined : ctx.state.schedules.get(scheduleSlot(member.category, year));
    const periods: { span: Period; amount: number; schedule: number | null }[] = [];
    if (schedule) {
      const spans = periodsOf(year, schedule.periodicity, schedule.dueDay).filter((p) => p.end >= admission);
      spans.forEach((span, index) => {
        const amount = index === 0 && year === first ? firstQuotaAmount(schedule.amount, span, admission, ctx.rule) : schedule.amount;
        periods.push({ span, amount, schedule: schedule.id });
      });
    } else if (perYear !== null && perYear > 0) {
      periods.push({ span: { period: 1, start: `${year}-01-01`, end: `${year}-12-31`, due: `${year}-01-01`, label: `Quota ${year}` }, amount: perYear, schedule: null });
    } else {
      return void out.errors.push({ field: 'owed', message: `Não há tabela de quotas de ${year}${member.categoryName ? ` para a categoria ${member.categoryName}` : ''}: crie-a primeiro (num ficheiro de histórico, pode indicar o valor anual na coluna Valor em dívida).` });
    }
    for (const { span, amount, schedule: scheduleId } of periods) {
      const key = historyDebtKey('quota', year, span.period);
      const { stored, planned } = knownDebt(ctx, member.id, key);
      if (planned) return void out.errors.push({ field: 'year', message: `A linha ${planned.line} já traz ${planned.debt.description}.` });
      const due = later(span.due, admission);
      if (!stored) {
        const debt: PlannedDebt = { key, kind: 'quota', year, period: span.period, amount, dueDate: due, description: span.label, schedule: scheduleId };
        out.debts.push(debt);
        ctx.raised.set(debtSlot(member.id, key), { line, debt });
        ctx.owing.set(debtSlot(member.id, key), amount);
      }
      const owing = pay(ctx, member.id, key, Number.MAX_SAFE_INTEGER);
      if (owing <= 0) continue;
      const paidOn = date ?? (due > ctx.today ? ctx.today : due);
      const payMethod = method ?? DEFAULT_METHOD;
      const externalId = historyPaymentKey(member.id, key, 'paid_up_to', paidOn, owing, payMethod);
      if (ctx.state.payments.has(externalId) || ctx.paying.has(externalId)) continue;
      ctx.paying.set(externalId, line);
      out.payments.push({ externalId, debtKey: key, amount: owing, date: paidOn, method: payMethod, reference: null, notes: `Importado: quotas pagas até ${upTo}.` });
    }
  }
  const total = out.payments.reduce((sum, p) => sum + p.amount, 0);
  if (out.debts.length > 0) out.actions.push(`Lança ${out.debts.length} quota(s) de ${first} a ${upTo}`);
  if (out.payments.length > 0) out.actions.push(`Dá como pagas as quotas até ${upTo}: ${out.payments.length} pagamento(s) histórico(s), ${euros(total)}`);
  out.outcome = out.debts.length > 0 || out.payments.length > 0 ? 'create' : 'unchanged';
}

const clean = (text: string) => text.replace(/\s/g, '').replace(/^PT/i, '');

/**
 * Plans lines one at a time, each against the ledger as it stands when planned (a commit writes
 * each line before planning the next) and against what earlier lines planned (a check writes
 * nothing): so a check and a commit of the same file judge every line alike.
 */
export interface HistoryPlanner {
  /** A history file's line. */
  line(db: Db, raw: RawRow, line: number): Promise<PlannedRow>;
  /** A members file's "Quotas pagas até" cell, for a member that exists (or null: planned once the member is written). */
  paidUpTo(db: Db, member: number, year: number, line: number): Promise<PlannedRow>;
}

export async function historyPlanner(db: Db, now: number): Promise<HistoryPlanner> {
  const rule = (await readSetting(db, 'firstQuotaRule')) === 'full' ? 'full' : 'prorata';
  const schedules = await readSchedules(db);
  const today = lisbonDay(now);
  const raised = new Map<string, { line: number; debt: PlannedDebt }>();
  const paying = new Map<string, number>();
  const owing = new Map<string, number>();
  const contextOf = (state: LedgerState): Context => ({ state, today, rule, raised, paying, owing });
  const settle = (out: PlannedRow) => {
    if (out.errors.length > 0 && out.outcome !== 'duplicate') Object.assign(out, { outcome: 'error', actions: [], debts: [], payments: [] });
    return out;
  };
  return {
    async line(trx, raw, line) {
      const { row, errors } = readHistoryRow(raw, line, today);
      const out: PlannedRow = { line, outcome: 'error', errors: [...errors], actions: [], debts: [], payments: [] };
      if (!row) return out;
      const name = clean(row.memberText);
      const state = await readLedgerState(trx, /^\d{1,9}$/.test(name) ? [Number(name)] : [], NIF.test(name) ? [name] : [], schedules);
      const found = findMember(state, row.memberText);
      if (!found) {
        out.errors.push({ field: 'member', message: `Sócio desconhecido: não há sócio com o número ou o NIF «${row.memberText}».` });
        return out;
      }
      out.member = { id: found.member.id, number: found.member.number, name: found.member.name };
      out.matchedBy = found.matchedBy;
      const ctx = contextOf(state);
      if (row.kind === 'paid_up_to') planPaidUpTo(ctx, found.member, row.year, line, out, row.owed, row.date, row.method);
      else planLine(ctx, row, found.member, out);
      return settle(out);
    },
    async paidUpTo(trx, memberId, year, line) {
      const number = await trx.selectFrom('members').select('number').where('_id', '=', memberId).executeTakeFirst();
      const state = await readLedgerState(trx, number ? [Number(number.number)] : [], [], schedules);
      const member = [...state.byNumber.values()].find((m) => m.id === memberId);
      const out: PlannedRow = { line, outcome: 'error', errors: [], actions: [], debts: [], payments: [] };
      if (!member) return out;
      out.member = { id: member.id, number: member.number, name: member.name };
      if (year > Number(today.slice(0, 4))) out.errors.push({ field: 'year', message: `O ano ${year} ainda não começou.` });
      // A members file names each member once: this member's plan stands alone (asked again when written).
      else planPaidUpTo({ state, today, rule, raised: new Map(), paying: new Map(), owing: new Map() }, member, year, line, out, null, null, null);
      return settle(out);
    },
  };
}
