import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildReceiptTotals } from '../../../src/server/modules/dues/receipt-totals.js';
import { lisbonDay } from '../../../src/core/days.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';

// A known data set written row by row into the tables the reports read (members, their state
// history, debts, payments, allocations), and each report checked against figures worked out
// here in plain TypeScript from the same rows, by the reports' definitions (a member's state on a
// day is their latest entry by then), never by the server's SQL. Dates sit in the years before
// the current one, so the set stays in the past whatever today is.

interface Entry { member: number; state: number; previous: number | null; date: string }
interface Debt { id: number; member: number; year: number; amount: number; due: string; resolved?: { status: 'waived' | 'annulled'; day: string } }
interface Payment { id: number; member: number; date: string; amount: number; method: string; annulledOn?: string; paid: { debt: number; amount: number }[] }

let server: ResourceTestServer;
let staff: string;
let Y: number;
let states: { ativo: number; suspenso: number; desistente: number; falecido: number };
let ending: Set<number>;
const names = new Map<number, string>();
const entries: Entry[] = [];
const debts: Debt[] = [];
const payments: Payment[] = [];
const categoryOf = new Map<number, number>();
let categories: { id: number; name: string; exempt: boolean; nextYear: number | null }[] = [];

const stamp = '2020-01-01T00:00:00.000Z';
/** A fixed pseudo-random sequence, so the set is the same every run. */
let seed = 7;
const random = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return Math.floor(seed / 65_536) % n;
};
const day = (year: number, month: number, d: number) => `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('editor')).token;
  Y = Number(lisbonDay(server.ctx.now()).slice(0, 4));
  const db = server.database.db;
  for (const name of ['Ativo', 'Suspenso', 'Desistente', 'Falecido', 'Excluído']) names.set(await server.stateId(name), name);
  const id = (name: string) => [...names].find(([, n]) => n === name)![0];
  states = { ativo: id('Ativo'), suspenso: id('Suspenso'), desistente: id('Desistente'), falecido: id('Falecido') };
  ending = new Set([states.desistente, states.falecido, id('Excluído')]);

  const category = async (name: string, exempt: boolean, nextYear: number | null) => {
    const row = await db.insertInto('fee_categories').values({ name, exempt: exempt ? 1 : 0, created_at: stamp, updated_at: stamp }).returning('_id').executeTakeFirstOrThrow();
    const id = Number(row._id);
    if (nextYear !== null) {
      await db.insertInto('fee_schedules').values({ year: Y + 1, category: id, amount: nextYear, periodicity: 'annual', due_day: 31, created_at: stamp, updated_at: stamp }).execute();
    }
    return { id, name, exempt, nextYear };
  };
  categories = [await category('Efetivo', false, 3600), await category('Estudante', false, 1200), await category('Honorário', true, 0), await category('Sem tabela', false, null)];

  const methods = ['numerario', 'transferencia', 'multibanco', 'mbway'];
  for (let i = 1; i <= 40; i += 1) {
    const admissionYear = Y - 5 + random(5);
    const admission = day(admissionYear, 1 + random(12), 1 + random(28));
    const fee = categories[random(categories.length)]!.id;
    // Today's state: the last of the moves below.
    const moves: { state: number; date: string }[] = [{ state: states.ativo, date: admission }];
    const later = (after: string) => {
      const year = Number(after.slice(0, 4)) + random(Y - Number(after.slice(0, 4)));
      const date = day(year, 1 + random(12), 1 + random(28));
      return date > after ? date : after;
    };
    const roll = random(10);
    if (roll < 2) moves.push({ state: states.suspenso, date: later(admission) });
    if (roll >= 2 && roll < 5) moves.push({ state: states.desistente, date: later(admission) });
    if (roll === 5) {
      const left = later(admission);
      moves.push({ state: states.desistente, date: left }, { state: states.ativo, date: later(left) });
    }
    if (roll === 6) {
      const suspended = later(admission);
      moves.push({ state: states.suspenso, date: suspended }, { state: states.falecido, date: later(suspended) });
    }
    const last = moves.at(-1)!;
    const row = await db
      .insertInto('members')
      .values({ number: 1000 + i, name: `Sócio ${i}`, state: last.state, admission_date: admission, fee_category: fee, created_at: stamp, updated_at: stamp })
      .returning('_id')
      .executeTakeFirstOrThrow();
    const member = Number(row._id);
    categoryOf.set(member, fee);
    moves.forEach((move, n) => entries.push({ member, state: move.state, previous: n === 0 ? null : moves[n - 1]!.state, date: move.date }));

    for (let year = admissionYear; year < Y; year += 1) {
      const amount = 1000 + 500 * random(4);
      const due = day(year, 3, 31);
      const debtRow = await db
        .insertInto('unsettled_payments')
        .values({ member, kind: 'quota', year, period: 1, amount, paid: 0, status: 'open', due_date: due, description: `Quota ${year}`, dedupe_key: `quota:${year}:1`, created_at: stamp, updated_at: stamp })
        .returning('_id')
        .executeTakeFirstOrThrow();
      const debt: Debt = { id: Number(debtRow._id), member, year, amount, due };
      debts.push(debt);
      const fate = random(10);
      if (fate === 0) continue;
      if (fate === 1) {
        debt.resolved = { status: random(2) === 0 ? 'waived' : 'annulled', day: day(year + 1, 1 + random(11), 1 + random(28)) };
        if (debt.resolved.status === 'annulled') continue;
      }
      // Paid in the year or the next (late), in full or in part, sometimes annulled later.
      const date = random(3) === 0 ? day(year + 1, 1 + random(3), 1 + random(28)) : day(year, 4 + random(8), 1 + random(28));
      const part = fate === 2 ? Math.floor(amount / 2) : amount;
      const payment: Payment = { id: 0, member, date, amount: part, method: methods[random(methods.length)]!, paid: [{ debt: debt.id, amount: part }] };
      if (fate === 3) payment.annulledOn = day(Number(date.slice(0, 4)) + 1, 1 + random(11), 1 + random(28));
      payments.push(payment);
    }
  }
  // A payment with credit left over (no debt), which counts on the cash basis only.
  payments.push({ id: 0, member: entries[0]!.member, date: day(Y - 1, 6, 15), amount: 700, method: 'mbway', paid: [] });

  for (const p of payments) {
    const annulled = p.annulledOn ? `${p.annulledOn}T12:00:00.000Z` : null;
    const allocated = p.paid.reduce((sum, a) => sum + a.amount, 0);
    const row = await db
      .insertInto('payments')
      .values({ member: p.member, date: p.date, amount: p.amount, allocated, method: p.method, annulled_at: annulled, created_at: stamp, updated_at: stamp })
      .returning('_id')
      .executeTakeFirstOrThrow();
    p.id = Number(row._id);
    for (const a of p.paid) await db.insertInto('payment_allocations').values({ payment: p.id, debt: a.debt, member: p.member, amount: a.amount, created_at: stamp, updated_at: stamp }).execute();
  }
  // Each debt's status as the ledger keeps it: what payments not annulled have paid today.
  for (const d of debts) {
    const paid = payments.filter((p) => !p.annulledOn).flatMap((p) => p.paid).filter((a) => a.debt === d.id).reduce((sum, a) => sum + a.amount, 0);
    const status = d.resolved ? d.resolved.status : paid >= d.amount ? 'paid' : paid > 0 ? 'partial' : 'open';
    await db
      .updateTable('unsettled_payments')
      .set({ paid, status, resolved_at: d.resolved ? `${d.resolved.day}T12:00:00.000Z` : null })
      .where('_id', '=', d.id)
      .execute();
  }
  // The rows went around the ledger functions: the receipt totals they keep are summed from them.
  await rebuildReceiptTotals(db);
  await db.deleteFrom('member_state_history').execute();
  for (const e of entries) await db.insertInto('member_state_history').values({ member: e.member, state: e.state, previous_state: e.previous, date: e.date, created_at: stamp }).execute();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const report = async (name: string, query: string) => {
  const answer = await server.json('GET', `/api/reports/${name}${query}`, staff);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

// --- The reports by their definitions, from the rows above. ---
const yearOf = (date: string) => Number(date.slice(0, 4));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const cutoff = (year: number, asOf: string) => (`${year}-12-31` < asOf ? `${year}-12-31` : asOf);
const standing = (p: Payment, asOf: string) => p.date <= asOf && !(p.annulledOn && p.annulledOn <= asOf);
const isActive = (state: number) => !ending.has(state);
/** A member's state on a day: their latest entry by then (entries were written in order). */
function stateOn(member: number, date: string): number | undefined {
  return entries.filter((e) => e.member === member && e.date <= date).at(-1)?.state;
}
const members = () => [...new Set(entries.map((e) => e.member))];
const activeOn = (date: string) => members().filter((m) => {
  const state = stateOn(m, date);
  return state !== undefined && isActive(state);
});
const byKey = <T>(rows: T[], key: (row: T) => string) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

function owed(asOf: string, from: number, to: number) {
  const open = debts
    .filter((d) => d.year >= from && d.year <= to && d.due <= asOf && !(d.resolved && d.resolved.day <= asOf))
    .map((d) => ({ ...d, owed: d.amount - payments.filter((p) => standing(p, asOf)).flatMap((p) => p.paid).filter((a) => a.debt === d.id).reduce((s, a) => s + a.amount, 0) }))
    .filter((d) => d.owed > 0);
  const sum = (list: typeof open) => ({ owed: list.reduce((s, d) => s + d.owed, 0), members: new Set(list.map((d) => d.member)).size });
  return { rows: range(from, to).map((year) => ({ year, ...sum(open.filter((d) => d.year === year)) })), total: sum(open) };
}

function paid(asOf: string, from: number, to: number) {
  const add = (map: Map<string, { year: number; method: string; amount: number }>, year: number, method: string, amount: number) => {
    if (year < from || year > to) return;
    const key = `${year}|${method}`;
    map.set(key, { year, method, amount: (map.get(key)?.amount ?? 0) + amount });
  };
  const cash = new Map<string, { year: number; method: string; amount: number }>();
  const accrual = new Map<string, { year: number; method: string; amount: number }>();
  for (const p of payments.filter((p) => standing(p, asOf))) {
    add(cash, yearOf(p.date), p.method, p.amount);
    for (const a of p.paid) add(accrual, debts.find((d) => d.id === a.debt)!.year, p.method, a.amount);
  }
  const sorted = (map: typeof cash) => byKey([...map.values()], (r) => `${r.year}|${r.method}`);
  const total = (map: typeof cash, year: number) => [...map.values()].filter((r) => r.year === year).reduce((s, r) => s + r.amount, 0);
  return { cash: sorted(cash), accrual: sorted(accrual), totals: range(from, to).map((year) => ({ year, cash: total(cash, year), accrual: total(accrual, year) })) };
}

const endingMoves = (asOf: string, from: number, to: number) =>
  entries.filter((e) => e.date <= asOf && yearOf(e.date) >= from && yearOf(e.date) <= to && ending.has(e.state) && e.previous !== null && isActive(e.previous));

function cancelations(asOf: string, from: number, to: number) {
  const counts = new Map<string, { year: number; state: number; name: string; count: number }>();
  for (const e of endingMoves(asOf, from, to)) {
    const key = `${yearOf(e.date)}|${names.get(e.state)}`;
    counts.set(key, { year: yearOf(e.date), state: e.state, name: names.get(e.state)!, count: (counts.get(key)?.count ?? 0) + 1 });
  }
  const moves = endingMoves(asOf, from, to);
  return { rows: byKey([...counts.values()], (r) => `${r.year}|${r.name}`), totals: range(from, to).map((year) => ({ year, count: moves.filter((e) => yearOf(e.date) === year).length })) };
}

function memberships(asOf: string, from: number, to: number) {
  return {
    rows: range(from, to).map((year) => {
      const admissions = entries.filter((e) => e.date <= asOf && yearOf(e.date) === year && isActive(e.state) && (e.previous === null || ending.has(e.previous))).length;
      const endings = endingMoves(asOf, year, year).length;
      const activeAtYearEnd = activeOn(cutoff(year, asOf)).length;
      return { year, admissions, endings, activeAtYearEnd, netChange: activeAtYearEnd - activeOn(cutoff(year - 1, asOf)).length };
    }),
  };
}

function expectations(asOf: string, from: number, to: number) {
  const rows = range(from, to).flatMap((year) => {
    const active = activeOn(cutoff(year, asOf));
    return byKey(categories, (c) => c.name)
      .map((c) => {
        const count = active.filter((m) => categoryOf.get(m) === c.id).length;
        // Schedules exist for the year after the current one only.
        const perMember = year + 1 === Y + 1 ? c.nextYear : null;
        return { year: year + 1, category: c.id, name: c.name, exempt: c.exempt, members: count, perMember, households: 0, discounted: 0, expected: c.exempt || perMember === null ? 0 : count * perMember };
      })
      .filter((row) => row.members > 0);
  });
  const counted = (year: number) => rows.filter((r) => r.year === year && !r.exempt && r.perMember !== null);
  return { rows, totals: range(from + 1, to + 1).map((year) => ({ year, members: counted(year).reduce((s, r) => s + r.members, 0), expected: counted(year).reduce((s, r) => s + r.expected, 0) })) };
}

describe('the five reports against figures worked out from the rows', () => {
  // Today, the end of last year, and a day in the middle of a year before (later payments,
  // annulments, waivers and moves are then in the future and must not count).
  const days = () => [lisbonDay(server.ctx.now()), `${Y - 1}-12-31`, `${Y - 2}-07-15`];

  it('has a data set that exercises every rule', () => {
    expect(payments.some((p) => p.annulledOn)).toBe(true);
    expect(debts.some((d) => d.resolved?.status === 'waived')).toBe(true);
    expect(entries.some((e) => e.previous !== null && ending.has(e.previous) && isActive(e.state))).toBe(true);
    expect(entries.some((e) => e.state === states.falecido && e.previous === states.suspenso)).toBe(true);
  });

  it.each([0, 1, 2])('owedPerYear, as of day %i', async (n) => {
    const asOf = days()[n]!;
    const from = Y - 5;
    const to = yearOf(asOf);
    const data = await report('owedPerYear', `?asOf=${asOf}&from=${from}&to=${to}`);
    expect({ rows: data.rows, total: data.total }).toEqual(owed(asOf, from, to));
  });

  it.each([0, 1, 2])('paymentsPerYear, as of day %i', async (n) => {
    const asOf = days()[n]!;
    const data = await report('paymentsPerYear', `?asOf=${asOf}&from=${Y - 5}`);
    expect({ cash: data.cash, accrual: data.accrual, totals: data.totals }).toEqual(paid(asOf, Y - 5, yearOf(asOf)));
  });

  it.each([0, 1, 2])('cancelationsPerYear, as of day %i', async (n) => {
    const asOf = days()[n]!;
    const data = await report('cancelationsPerYear', `?asOf=${asOf}&from=${Y - 5}`);
    expect({ rows: data.rows, totals: data.totals }).toEqual(cancelations(asOf, Y - 5, yearOf(asOf)));
  });

  it.each([0, 1, 2])('membershipsPerYear, as of day %i', async (n) => {
    const asOf = days()[n]!;
    const data = await report('membershipsPerYear', `?asOf=${asOf}&from=${Y - 5}`);
    expect(data.rows).toEqual(memberships(asOf, Y - 5, yearOf(asOf)).rows);
  });

  it.each([0, 1, 2])('nextYearQuotaExpectations, as of day %i', async (n) => {
    const asOf = days()[n]!;
    const from = yearOf(asOf) - 2;
    const data = await report('nextYearQuotaExpectations', `?asOf=${asOf}&from=${from}`);
    expect({ rows: data.rows, totals: data.totals }).toEqual(expectations(asOf, from, yearOf(asOf)));
  });
});
