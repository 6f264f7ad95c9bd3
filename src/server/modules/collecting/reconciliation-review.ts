import type { Db } from '../../db/database.js';
import { invalidRecord } from '../../errors.js';
import { OWING } from '../dues/public.js';
import type { StatementLine } from './reconciliation-csv.js';
import type { LineDecision, LineOutcome } from './reconciliation-match.js';

/**
 * What the review screen needs beside the matching: the reviewer's decisions read from the body
 * (`decisions: [{line, reject: true} | {line, member, debts}]`, all checked or a pt-PT 422 on
 * `decisions`), the names and debts the lines refer to, and the receipts an import issued.
 */

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const refuse = (message: string): never => {
  throw invalidRecord({ decisions: message });
};
const MAX_DEBTS = 200;
const CHUNK = 500;

/** The decisions of a request body, checked against the statement and the ledger; empty when there are none. */
export async function readDecisions(db: Db, lines: readonly StatementLine[], raw: unknown): Promise<Map<number, LineDecision>> {
  const decisions = new Map<number, LineDecision>();
  if (raw === undefined || raw === null) return decisions;
  if (!Array.isArray(raw)) return refuse('As decisões têm de ser uma lista, uma por linha do extrato.');
  if (raw.length > lines.length) return refuse('Há mais decisões do que linhas no extrato.');
  const known = new Set(lines.map((l) => l.line));
  const problems: string[] = [];
  for (const item of raw as unknown[]) {
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const line = entry.line;
    if (!isId(line)) {
      problems.push('Cada decisão tem de indicar a linha do extrato.');
      continue;
    }
    if (!known.has(line)) {
      problems.push(`A linha ${line} não existe neste extrato.`);
      continue;
    }
    if (decisions.has(line)) {
      problems.push(`Linha ${line}: tem mais do que uma decisão.`);
      continue;
    }
    if (entry.reject === true && entry.member === undefined) {
      decisions.set(line, { line, reject: true });
      continue;
    }
    const debts = entry.debts ?? [];
    if (!isId(entry.member) || !Array.isArray(debts) || !debts.every(isId) || debts.length > MAX_DEBTS) {
      problems.push(`Linha ${line}: indique o sócio e as dívidas que paga, ou rejeite-a.`);
      continue;
    }
    decisions.set(line, { line, member: entry.member, debts: [...new Set(debts)] });
  }
  const chosen = [...decisions.values()].flatMap((d) => ('member' in d ? [d] : []));
  const memberIds = [...new Set(chosen.map((d) => d.member))];
  const existing = new Set<number>();
  for (let i = 0; i < memberIds.length; i += CHUNK) {
    const rows = await db.selectFrom('members').select('_id').where('_id', 'in', memberIds.slice(i, i + CHUNK)).execute();
    for (const row of rows) existing.add(Number(row._id));
  }
  const debtIds = [...new Set(chosen.flatMap((d) => d.debts))];
  const owing = new Map<number, number>();
  for (let i = 0; i < debtIds.length; i += CHUNK) {
    const rows = await db.selectFrom('unsettled_payments').select(['_id', 'member']).where('_id', 'in', debtIds.slice(i, i + CHUNK)).where('status', 'in', OWING).execute();
    for (const row of rows) owing.set(Number(row._id), Number(row.member));
  }
  for (const decision of chosen) {
    if (!existing.has(decision.member)) problems.push(`Linha ${decision.line}: o sócio escolhido não existe.`);
    else if (decision.debts.some((debt) => owing.get(debt) !== decision.member)) problems.push(`Linha ${decision.line}: só pode escolher dívidas em aberto do sócio escolhido.`);
  }
  if (problems.length > 0) return refuse(problems.join(' '));
  return decisions;
}

export interface MemberNamed {
  _id: number;
  number: number | null;
  name: string;
}

export interface DebtNamed {
  _id: number;
  member: number;
  description: string;
  due_date: string;
  amount: number;
}

/** The members and debts the lines' matches name, for people (names and descriptions, not ids). */
export async function namedParties(db: Db, lines: readonly LineOutcome[]): Promise<{ members: MemberNamed[]; debts: DebtNamed[] }> {
  const memberIds = [...new Set(lines.flatMap((l) => (l.match ? [l.match.member] : [])))];
  const debtIds = [...new Set(lines.flatMap((l) => l.match?.debts.map((d) => d.debt) ?? []))];
  const members: MemberNamed[] = [];
  for (let i = 0; i < memberIds.length; i += CHUNK) {
    const rows = await db.selectFrom('members').select(['_id', 'number', 'name']).where('_id', 'in', memberIds.slice(i, i + CHUNK)).execute();
    members.push(...rows.map((r) => ({ _id: Number(r._id), number: r.number === null ? null : Number(r.number), name: String(r.name) })));
  }
  const debts: DebtNamed[] = [];
  for (let i = 0; i < debtIds.length; i += CHUNK) {
    const rows = await db.selectFrom('unsettled_payments').select(['_id', 'member', 'description', 'due_date', 'amount']).where('_id', 'in', debtIds.slice(i, i + CHUNK)).execute();
    debts.push(...rows.map((r) => ({ _id: Number(r._id), member: Number(r.member), description: String(r.description), due_date: String(r.due_date), amount: Number(r.amount) })));
  }
  return { members: members.sort((a, b) => a._id - b._id), debts: debts.sort((a, b) => a._id - b._id) };
}

export interface ReceiptIssued {
  _id: number;
  number: string;
  payment: number;
}

/** The receipts issued for these payments (none while the treasury or its automatic receipts are off). */
export async function receiptsOf(db: Db, payments: readonly number[]): Promise<ReceiptIssued[]> {
  const receipts: ReceiptIssued[] = [];
  for (let i = 0; i < payments.length; i += CHUNK) {
    const rows = await db
      .selectFrom('treasury_doc_payments as p')
      .innerJoin('treasury_docs as d', 'd._id', 'p.doc')
      .select(['d._id', 'd.number', 'p.payment'])
      .where('p.payment', 'in', payments.slice(i, i + CHUNK))
      .where('d.annuls', 'is', null)
      .execute();
    receipts.push(...rows.map((r) => ({ _id: Number(r._id), number: String(r.number), payment: Number(r.payment) })));
  }
  return receipts.sort((a, b) => a._id - b._id);
}

/** The import a statement with these bytes was confirmed in, if any: the review says so before anything is confirmed. */
export async function earlierImport(db: Db, sha256: string): Promise<{ _id: number; file_name: string; created_at: string } | null> {
  const row = await db.selectFrom('reconciliation_imports').select(['_id', 'file_name', 'created_at']).where('file_sha256', '=', sha256).executeTakeFirst();
  return row ? { _id: Number(row._id), file_name: String(row.file_name), created_at: String(row.created_at) } : null;
}
