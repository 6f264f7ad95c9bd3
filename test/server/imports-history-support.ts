// What the history import tests share: the organisation the fixtures name (categories, fee
// schedules of 2023–2025), its members brought in by the members import, and what the history
// file says, computed here from its rows alone, line by line, to compare with the ledger.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { check, commit, FIXTURES, prepareOrganisation, upload } from './imports-support.js';
import type { TestServer } from './support/server.js';

/** The quota of each category per year in the fixtures' schedules (annual, due on 31 January). */
const QUOTAS: Readonly<Record<string, number>> = { Efetivo: 3000, Juvenil: 1250 };
export const YEARS = [2023, 2024, 2025] as const;

const rowsOf = (name: string) =>
  fs
    .readFileSync(path.join(FIXTURES, name), 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .slice(1)
    .map((line) => line.split(';'));

const cents = (text: string) => (text.trim() === '' ? null : Math.round(Number(text.replace(',', '.')) * 100));
const iso = (text: string) => text.split('/').reverse().join('-');

export interface FixtureMember {
  number: number;
  name: string;
  nif: string;
  admission: string;
  category: string;
}

export const fixtureMembers = (): FixtureMember[] =>
  rowsOf('history-members.csv').map(([number, name, nif, admission, category]) => ({ number: Number(number), name: name!, nif: nif!, admission: iso(admission!), category: category! }));

export interface Expected {
  /** Per member number: debts raised, paid by the file, what stays owed, the credit. */
  members: Map<number, { debts: number; paid: number; open: number; credit: number }>;
  /** Per debt year: what stays owed, and by how many members. */
  owedByYear: Map<number, { owed: number; members: Set<number> }>;
  /** Per year of the payment's date: received (cash basis). */
  cashByYear: Map<number, number>;
  /** Per debt year: received for that year's debts (accrual basis). */
  accrualByYear: Map<number, number>;
  payments: number;
  debts: number;
}

/**
 * What history-3-years.csv says, worked out from its rows: each line's debt (its amount, or the
 * amount paid when the owed cell is empty) and payment, allocated to its own debt (the rest is
 * credit); a "Quotas pagas até" line raises and pays each year from the admission at the
 * category's quota.
 */
export function expectedFromFixture(): Expected {
  const members = fixtureMembers();
  const byNif = new Map(members.map((m) => [m.nif, m]));
  const byNumber = new Map(members.map((m) => [m.number, m]));
  const debts = new Map<string, { member: number; year: number; amount: number; paid: number }>();
  const payments: { member: number; debt: string; date: string; amount: number }[] = [];
  for (const [who, year, kind, owed, paid, date] of rowsOf('history-3-years.csv')) {
    const member = byNif.get(who!) ?? byNumber.get(Number(who))!;
    if (kind === 'Quotas pagas até') {
      for (let y = Number(member.admission.slice(0, 4)); y <= Number(year); y += 1) {
        const key = `${member.number}|quota|${y}`;
        const amount = QUOTAS[member.category]!;
        debts.set(key, { member: member.number, year: y, amount, paid: 0 });
        const due = `${y}-01-31` < member.admission ? member.admission : `${y}-01-31`;
        payments.push({ member: member.number, debt: key, date: due, amount });
      }
      continue;
    }
    const key = `${member.number}|${kind}|${year}`;
    if (!debts.has(key)) debts.set(key, { member: member.number, year: Number(year), amount: cents(owed!) ?? cents(paid!)!, paid: 0 });
    if (cents(paid!)) payments.push({ member: member.number, debt: key, date: iso(date!), amount: cents(paid!)! });
  }
  const expected: Expected = { members: new Map(), owedByYear: new Map(), cashByYear: new Map(), accrualByYear: new Map(), payments: payments.length, debts: debts.size };
  const of = (number: number) => {
    if (!expected.members.has(number)) expected.members.set(number, { debts: 0, paid: 0, open: 0, credit: 0 });
    return expected.members.get(number)!;
  };
  const add = (map: Map<number, number>, key: number, value: number) => map.set(key, (map.get(key) ?? 0) + value);
  for (const payment of payments) {
    const debt = debts.get(payment.debt)!;
    const allocated = Math.min(payment.amount, debt.amount - debt.paid);
    debt.paid += allocated;
    of(payment.member).paid += payment.amount;
    of(payment.member).credit += payment.amount - allocated;
    add(expected.cashByYear, Number(payment.date.slice(0, 4)), payment.amount);
    add(expected.accrualByYear, debt.year, allocated);
  }
  for (const debt of debts.values()) {
    of(debt.member).debts += debt.amount;
    of(debt.member).open += debt.amount - debt.paid;
    if (debt.amount > debt.paid) {
      const year = expected.owedByYear.get(debt.year) ?? { owed: 0, members: new Set<number>() };
      year.owed += debt.amount - debt.paid;
      year.members.add(debt.member);
      expected.owedByYear.set(debt.year, year);
    }
  }
  return expected;
}

/** The organisation, its members (imported from history-members.csv) and the fee schedules of 2023–2025, made after the members so none of their first debts is raised. */
export async function prepareHistory(server: TestServer, token: string): Promise<Map<number, number>> {
  await prepareOrganisation(server, token);
  const uploaded = await upload(server, token, 'history-members.csv');
  const checked = await check(server, token, uploaded.id, uploaded.mapping);
  expect(checked.summary.create).toBe(fixtureMembers().length);
  await commit(server, token, uploaded.id);
  const db = server.database.db;
  for (const [name, amount] of Object.entries(QUOTAS)) {
    const category = Number((await db.selectFrom('fee_categories').select('_id').where('name', '=', name).executeTakeFirstOrThrow())._id);
    for (const year of YEARS) {
      const response = await server.request({ method: 'POST', url: '/api/fee_schedules', token, payload: { year, category, amount, periodicity: 'annual', due_day: 31 } });
      expect(response.statusCode, response.body).toBe(201);
    }
  }
  const rows = await db.selectFrom('members').select(['_id', 'number']).execute();
  return new Map(rows.map((r) => [Number(r.number), Number(r._id)]));
}

/** The ledger's rows (no bookkeeping), and the receipts totals summed by key: equal when the ledger says the same. */
export async function ledgerState(server: TestServer): Promise<Record<string, unknown>> {
  const db = server.database.db;
  const debts = await db.selectFrom('unsettled_payments').select(['_id', 'member', 'kind', 'year', 'period', 'amount', 'paid', 'status', 'due_date', 'dedupe_key']).orderBy('_id').execute();
  const payments = await db.selectFrom('payments').select(['_id', 'member', 'date', 'amount', 'allocated', 'method', 'external_id', 'annulled_at']).orderBy('_id').execute();
  const allocations = await db.selectFrom('payment_allocations').select(['_id', 'payment', 'debt', 'amount']).orderBy('_id').execute();
  // A member whose ledger is empty again keeps a balance row of zeros: it says what no row says.
  const balances = (await db.selectFrom('member_balances').select(['_id', 'open_total', 'open_debts', 'years_owed', 'oldest_due', 'upcoming_total', 'credit']).orderBy('_id').execute()).filter(
    (b) => Number(b.open_total) !== 0 || Number(b.open_debts) !== 0 || Number(b.upcoming_total) !== 0 || Number(b.credit) !== 0,
  );
  const totals = (await db.selectFrom('receipt_totals').select(['basis', 'debt_year', 'method', 'date', 'counts_from', 'amount']).execute()).reduce<Record<string, number>>((sum, r) => {
    const key = [r.basis, r.debt_year, r.method, r.date, r.counts_from].join('|');
    sum[key] = (sum[key] ?? 0) + Number(r.amount);
    if (sum[key] === 0) delete sum[key];
    return sum;
  }, {});
  const docs = await db.selectFrom('treasury_docs').select(['_id', 'number', 'annulled_by_doc']).orderBy('_id').execute();
  return { debts, payments, allocations, balances, totals, docs };
}
