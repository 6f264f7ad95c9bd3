import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Row } from '../../db/database.js';
import { invalidRecord } from '../../errors.js';
import { OWING } from '../dues/public.js';
import type { StatementLine, StatementSource } from './reconciliation-csv.js';

/** Why a statement line pays nothing: the short label lists show, the message the import explains it with. */
export const UNMATCHED_REASONS = [
  { value: 'not_received', label: 'Não é um recebimento', message: 'Não é um recebimento (valor zero ou negativo).' },
  { value: 'unknown_reference', label: 'Referência desconhecida', message: 'Nenhum pedido de pagamento tem esta entidade e referência.' },
  { value: 'expired_reference', label: 'Pedido expirado', message: 'O pedido de pagamento desta referência expirou e era de outro valor: registe o pagamento à mão.' },
  { value: 'amount_differs', label: 'Valor diferente', message: 'O valor não é o do pedido nem o das dívidas em aberto mais antigas do sócio.' },
  { value: 'already_recorded', label: 'Já registado', message: 'Este pagamento já está registado.' },
  { value: 'duplicate_line', label: 'Linha repetida', message: 'Linha repetida neste ficheiro: só a primeira conta.' },
  { value: 'ambiguous', label: 'Ambíguo', message: 'A descrição refere mais do que um sócio (ou a referência mais do que um pedido).' },
  { value: 'no_member', label: 'Sócio por identificar', message: 'A descrição não refere nenhum número de sócio nem NIF conhecido.' },
  { value: 'rejected', label: 'Rejeitado na revisão', message: 'Rejeitado na revisão: não foi registado.' },
  { value: 'rejected_before', label: 'Rejeitado antes', message: 'Rejeitado numa importação anterior: só é registado se escolher o sócio de novo.' },
] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number]['value'];

const REASONS = Object.fromEntries(UNMATCHED_REASONS.map((r) => [r.value, r.message])) as Record<UnmatchedReason, string>;

export interface DebtShare {
  debt: number;
  amount: number;
}

export type LineMatch = { kind: 'payment_request'; request: number; member: number; debts: DebtShare[] } | { kind: 'member'; member: number; debts: DebtShare[] };

/**
 * How a match was found, for the person reviewing it: a payment request's entity, reference and
 * amount (exact), a member named in the description whose oldest debts add up to the amount, or
 * the member and debts staff chose in the review.
 */
export type MatchConfidence = 'reference' | 'member' | 'manual';

/** A reviewer's word on one line (by its line number in the file): not recorded, or paid by this member for these debts. */
export type LineDecision = { line: number; reject: true } | { line: number; member: number; debts: number[] };

export interface LineOutcome extends StatementLine {
  /** `payments.external_id` the line is recorded under. */
  externalId: string;
  match: LineMatch | null;
  confidence: MatchConfidence | null;
  /** Cents of the amount no debt takes (the member's credit); 0 without a match. */
  credit: number;
  reason: UnmatchedReason | null;
  message: string;
}

const MATCH_MESSAGES: Record<MatchConfidence, string> = {
  reference: 'Paga o pedido de pagamento desta referência.',
  member: 'Paga as dívidas em aberto mais antigas do sócio.',
  manual: 'Sócio e dívidas escolhidos na revisão.',
};

/** Lines that pay nothing whatever a reviewer says: no money in, or already counted. */
const UNPAYABLE: readonly UnmatchedReason[] = ['not_received', 'duplicate_line', 'already_recorded'];

/**
 * The external id of a line: the provider's transaction id when the file has one, else a hash of
 * what identifies the movement. A request's payment is `payment_request:{id}` instead (callbacks.ts),
 * so a callback and an import can never both record it.
 */
function lineKey(source: StatementSource, line: StatementLine): string {
  if (line.transactionId) return `reconciliation:${source}:${line.transactionId}`.slice(0, 100);
  const hash = createHash('sha256')
    .update(JSON.stringify([line.date, line.amount, line.entity, line.reference, line.description]))
    .digest('hex');
  return `reconciliation:${hash.slice(0, 40)}`;
}

/** Member numbers and NIFs a bank description mentions: "Sócio 123", "nº 45", "NIF 123456789", or a bare 9-digit NIF. */
export function mentions(description: string): { numbers: number[]; nifs: string[] } {
  const folded = description.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const numbers = [...folded.matchAll(/\b(?:socio|socia|associado|associada|membro|n\.?\s?o|num|numero)\.?\s*:?\s*(\d{1,7})\b/g)].map((m) => Number(m[1]));
  const nifs = [...folded.matchAll(/(?<!\d)(\d{9})(?!\d)/g)].map((m) => m[1]!);
  return { numbers: [...new Set(numbers)], nifs: [...new Set(nifs)] };
}

interface OpenDebt {
  _id: number;
  open: number;
}

/**
 * What each line of a statement pays, line by line, reading only (`db` may be a transaction):
 * a pending payment request by entity, reference and amount (its debts), else an expired one
 * with that amount (the money was paid: expiring a request never refuses it), else a member named in
 * the description by number or NIF whose oldest open debts add up to exactly the amount, else
 * nothing, with the reason. Lines are taken in file order, each seeing what the earlier ones
 * settle; the same movement twice in the file counts once.
 */
export async function matchStatement(db: Db, source: StatementSource, lines: readonly StatementLine[], decisions: ReadonlyMap<number, LineDecision> = new Map()): Promise<LineOutcome[]> {
  const keys = lines.map((line) => lineKey(source, line));
  const recorded = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = keys.slice(i, i + 500);
    const rows = await db.selectFrom('payments').select('external_id').where('external_id', 'in', chunk).execute();
    for (const row of rows) recorded.add(String(row.external_id));
  }
  const rejectedBefore = await rejectedKeys(db, lines);
  const seen = new Set<string>();
  const takenRequests = new Set<number>();
  const debtsOf = new Map<number, OpenDebt[]>();
  const openDebts = async (member: number): Promise<OpenDebt[]> => {
    let debts = debtsOf.get(member);
    if (!debts) {
      const rows = await db
        .selectFrom('unsettled_payments')
        .select(['_id', sql<number>`amount - paid`.as('open')])
        .where('member', '=', member)
        .where('status', 'in', OWING)
        .orderBy('due_date')
        .orderBy('_id')
        .execute();
      debts = rows.map((r) => ({ _id: Number(r._id), open: Number(r.open) }));
      debtsOf.set(member, debts);
    }
    return debts;
  };
  // The shares may be of several members (a household's request, issue 34): each debt is found where it is.
  const settle = (shares: DebtShare[]) => {
    for (const [member, debts] of debtsOf) {
      for (const share of shares) {
        const debt = debts.find((d) => d._id === share.debt);
        if (debt) debt.open -= share.amount;
      }
      debtsOf.set(member, debts.filter((d) => d.open > 0));
    }
  };

  const outcomes: LineOutcome[] = [];
  const refused: string[] = [];
  for (const [index, line] of lines.entries()) {
    const externalId = keys[index]!;
    const decision = decisions.get(line.line);
    const done = (match: LineMatch | null, reason: UnmatchedReason | null, confidence: MatchConfidence | null = null) => {
      // Rejecting such a line changes nothing; paying it would count the money twice.
      if (decision && !('reject' in decision) && reason && UNPAYABLE.includes(reason)) refused.push(`Linha ${line.line}: ${REASONS[reason]}`);
      const credit = match ? line.amount - match.debts.reduce((sum, d) => sum + d.amount, 0) : 0;
      const message = reason ? REASONS[reason] : `${MATCH_MESSAGES[confidence!]}${credit > 0 ? ' O restante fica como crédito do sócio.' : ''}`;
      outcomes.push({ ...line, externalId, match, confidence: match ? confidence : null, credit, reason, message });
    };
    if (line.amount <= 0) {
      done(null, 'not_received');
      continue;
    }
    if (seen.has(externalId)) {
      done(null, 'duplicate_line');
      continue;
    }
    seen.add(externalId);
    if (recorded.has(externalId)) {
      done(null, 'already_recorded');
      continue;
    }
    if (!decision && rejectedBefore.has(externalId)) {
      done(null, 'rejected_before');
      continue;
    }
    if (decision && !('reject' in decision) && line.reference) {
      // A reference whose request was paid (by its callback, or by an earlier line) is that payment already.
      const byRef = await byReference(db, line, takenRequests, openDebts);
      if (!byRef.match && UNPAYABLE.includes(byRef.reason)) {
        done(null, byRef.reason);
        continue;
      }
    }
    if (decision) {
      if ('reject' in decision) done(null, 'rejected');
      else {
        const chosen = (await openDebts(decision.member)).filter((d) => decision.debts.includes(d._id));
        const match: LineMatch = { kind: 'member', member: decision.member, debts: spreadOver(chosen, line.amount) };
        settle(match.debts);
        done(match, null, 'manual');
      }
      continue;
    }
    if (line.reference) {
      const outcome = await byReference(db, line, takenRequests, openDebts);
      if (outcome.match) {
        takenRequests.add(outcome.match.request);
        settle(outcome.match.debts);
        done(outcome.match, null, 'reference');
        continue;
      }
      // A Multibanco export's line is a reference or nothing; a bank line may still name the member.
      if (source === 'multibanco' || !line.description || outcome.reason !== 'unknown_reference') {
        done(null, outcome.reason);
        continue;
      }
    }
    const outcome = await byMember(db, line, openDebts);
    if (outcome.match) settle(outcome.match.debts);
    done(outcome.match, outcome.reason, 'member');
  }
  if (refused.length > 0) throw invalidRecord({ decisions: refused.join(' ') });
  return outcomes;
}

/**
 * The keys of lines a reviewer rejected in an earlier import (read back from its stored lines, on
 * the days this statement covers): a statement overlapping that one shows them as rejected then.
 */
async function rejectedKeys(db: Db, lines: readonly StatementLine[]): Promise<Set<string>> {
  const days = [...new Set(lines.map((l) => l.date))];
  const keys = new Set<string>();
  for (let i = 0; i < days.length; i += 500) {
    const rows = await db
      .selectFrom('reconciliation_import_lines as l')
      .innerJoin('reconciliation_imports as i', 'i._id', 'l.reconciliation_import')
      .select(['i.source', 'l.date', 'l.amount', 'l.entity', 'l.reference', 'l.description', 'l.transaction_id'])
      .where('l.reason', '=', 'rejected')
      .where('l.date', 'in', days.slice(i, i + 500))
      .execute();
    for (const row of rows) {
      const stored: StatementLine = {
        line: 0,
        date: String(row.date),
        amount: Number(row.amount),
        entity: row.entity === null ? null : String(row.entity),
        reference: row.reference === null ? null : String(row.reference),
        description: row.description === null ? null : String(row.description),
        transactionId: row.transaction_id === null ? null : String(row.transaction_id),
      };
      keys.add(lineKey(row.source === 'multibanco' ? 'multibanco' : 'bank', stored));
    }
  }
  return keys;
}

/** The amount over the debts in order, each up to what it owes (as the ledger allocates a payment to chosen debts). */
function spreadOver(debts: readonly OpenDebt[], amount: number): DebtShare[] {
  let left = amount;
  const shares: DebtShare[] = [];
  for (const debt of debts) {
    if (left <= 0) break;
    const share = Math.min(left, debt.open);
    shares.push({ debt: debt._id, amount: share });
    left -= share;
  }
  return shares;
}

async function byReference(
  db: Db,
  line: StatementLine,
  taken: ReadonlySet<number>,
  openDebts: (member: number) => Promise<OpenDebt[]>,
): Promise<{ match: Extract<LineMatch, { kind: 'payment_request' }>; reason: null } | { match: null; reason: UnmatchedReason }> {
  let query = db.selectFrom('payment_requests').selectAll().where('reference', '=', line.reference!).where('state', '!=', 'failed');
  if (line.entity) query = query.where('entity', '=', line.entity);
  const requests: Row[] = await query.orderBy('_id').execute();
  if (requests.length === 0) return { match: null, reason: 'unknown_reference' };
  const pending = requests.filter((r) => r.state === 'pending' && !taken.has(Number(r._id)));
  const expired = requests.filter((r) => r.state === 'expired' && !taken.has(Number(r._id)));
  const fits = (r: Row) => Number(r.amount) === line.amount;
  // A pending request first; an expired one only when none is pending (its reference may be reused since).
  const fitting = pending.some(fits) ? pending.filter(fits) : expired.filter(fits);
  if (fitting.length > 1) return { match: null, reason: 'ambiguous' };
  const request = fitting[0];
  if (!request) {
    if (requests.some((r) => taken.has(Number(r._id)))) return { match: null, reason: 'duplicate_line' };
    if (pending.length > 0) return { match: null, reason: 'amount_differs' };
    if (requests.some((r) => r.state === 'paid')) return { match: null, reason: 'already_recorded' };
    return { match: null, reason: 'expired_reference' };
  }
  const member = Number(request.member);
  const rows = await db
    .selectFrom('payment_request_debts as r')
    .innerJoin('unsettled_payments as d', 'd._id', 'r.debt')
    .select(['r.debt', 'd.member'])
    .where('r.request', '=', Number(request._id))
    .execute();
  const ids = rows.map((r) => Number(r.debt));
  // The ledger allocates to the request's debts still owing, each up to what it owes (callbacks.ts);
  // a household's request has debts of several members (issue 34).
  const open: OpenDebt[] = [];
  for (const owner of [...new Set([member, ...rows.map((r) => Number(r.member))])]) open.push(...(await openDebts(owner)));
  const debts = spreadOver(open.filter((d) => ids.includes(d._id)), line.amount);
  return { match: { kind: 'payment_request', request: Number(request._id), member, debts }, reason: null };
}

async function byMember(
  db: Db,
  line: StatementLine,
  openDebts: (member: number) => Promise<OpenDebt[]>,
): Promise<{ match: Extract<LineMatch, { kind: 'member' }>; reason: null } | { match: null; reason: UnmatchedReason }> {
  const { numbers, nifs } = mentions(line.description ?? '');
  if (numbers.length === 0 && nifs.length === 0) return { match: null, reason: 'no_member' };
  const found = await db
    .selectFrom('members')
    .select('_id')
    .where((eb) => eb.or([eb('number', 'in', numbers.length > 0 ? numbers : [-1]), eb('nif', 'in', nifs.length > 0 ? nifs : ['-'])]))
    .execute();
  const members = [...new Set(found.map((r) => Number(r._id)))];
  if (members.length === 0) return { match: null, reason: 'no_member' };
  if (members.length > 1) return { match: null, reason: 'ambiguous' };
  const member = members[0]!;
  // The oldest open debts whose sum is exactly the amount.
  let sum = 0;
  const debts: DebtShare[] = [];
  for (const debt of await openDebts(member)) {
    sum += debt.open;
    debts.push({ debt: debt._id, amount: debt.open });
    if (sum >= line.amount) break;
  }
  if (sum !== line.amount) return { match: null, reason: 'amount_differs' };
  return { match: { kind: 'member', member, debts }, reason: null };
}
