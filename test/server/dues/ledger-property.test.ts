import { afterAll, beforeAll, expect, it } from 'vitest';
import { compactReceiptTotals } from '../../../src/server/modules/dues/receipt-totals.js';
import { lisbonDay } from '../../../src/core/days.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { seededRandom } from '../../support/seeded-random.js';

// A randomised run of 1,000 ledger operations through the API (payments with and without chosen
// debts, annulments, waivers, manual debts, credit allocations, also refused ones), then every
// figure the ledger derives is recomputed from its rows and compared: also the receipt totals
// the reports read, on several days, before and after their compaction.

let server: ResourceTestServer;
let staff: string;
const members: number[] = [];

const post = (url: string, body: unknown) => server.json('POST', url, staff, body);

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('admin')).token;
  const state = await server.stateId('Ativo');
  const category = Number((await post('/api/fee_categories', { name: 'Efetivo' })).body.data._id);
  await post('/api/fee_schedules', { year: 2026, category, amount: 1200, periodicity: 'monthly', due_day: 8, joining_fee: 1500 });
  for (const name of ['Ana', 'Rui', 'Eva', 'Gil']) {
    members.push(Number((await post('/api/members', { name, state, fee_category: category, admission_date: '2026-01-01' })).body.data._id));
  }
});
afterAll(async () => {
  await server?.close();
});

it('keeps payments = allocations + credit and every derived figure exact over 1,000 random operations', { timeout: 240_000 }, async () => {
  const db = server.database.db;
  const next = seededRandom(20261123);
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(next() * list.length)];
  const counts: Record<string, number> = {};
  for (let step = 0; step < 1000; step += 1) {
    // A day passes now and then, so annulments fall on different days (a new login: tokens expire).
    if (step % 100 === 99) {
      server.advance(86_400_000);
      staff = (await server.as('admin')).token;
    }
    const member = pick(members)!;
    const roll = next();
    let operation: string;
    let answer: { status: number };
    if (roll < 0.4) {
      const owing = await db.selectFrom('unsettled_payments').select('_id').where('member', '=', member).where('status', 'in', ['open', 'partial']).execute();
      const chosen = next() < 0.5 ? owing.filter(() => next() < 0.4).map((d) => Number(d._id)) : [];
      operation = 'record';
      answer = await post('/api/payments/record', {
        member,
        date: ['2026-03-01', '2026-06-15', '2026-11-20'][step % 3],
        // Now and then an amount the ledger refuses (0 or over the limit).
        amount: next() < 0.03 ? 0 : Math.floor(next() * 6000) + 1,
        method: 'numerario',
        ...(chosen.length > 0 ? { debts: chosen } : {}),
      });
    } else if (roll < 0.55) {
      const payment = pick(await db.selectFrom('payments').select('_id').where('member', '=', member).execute());
      if (!payment) continue;
      operation = 'annul payment';
      answer = await post(`/api/payments/${Number(payment._id)}/annul`, { reason: 'Teste' });
    } else if (roll < 0.65) {
      const debt = pick(await db.selectFrom('unsettled_payments').select('_id').where('member', '=', member).execute());
      if (!debt) continue;
      operation = next() < 0.5 ? 'waive' : 'annul';
      answer = await post(`/api/unsettled_payments/${Number(debt._id)}/${operation}`, { reason: 'Teste' });
    } else if (roll < 0.85) {
      operation = 'raise';
      answer = await post('/api/unsettled_payments/raise', {
        member,
        kind: next() < 0.8 ? 'other' : 'quota',
        year: 2026,
        period: Math.floor(next() * 12) + 1,
        amount: Math.floor(next() * 4000) + 1,
        due_date: '2026-05-01',
        description: 'Despesa',
      });
    } else {
      // Mostly a payment with credit and an owing debt of the same member, for an amount both allow;
      // otherwise anything (another member's debt, a closed debt, too much, an annulled payment).
      const sensible = next() < 0.7;
      const payments = await db.selectFrom('payments').selectAll().where('member', '=', sensible ? member : pick(members)!).execute();
      const payment = pick(sensible ? payments.filter((p) => !p.annulled_at && Number(p.amount) > Number(p.allocated)) : payments);
      const debts = await db.selectFrom('unsettled_payments').selectAll().where('member', '=', member).execute();
      const debt = pick(sensible ? debts.filter((d) => d.status === 'open' || d.status === 'partial') : debts);
      if (!payment || !debt) continue;
      const room = Math.min(Number(payment.amount) - Number(payment.allocated), Number(debt.amount) - Number(debt.paid));
      operation = 'allocate';
      answer = await post(`/api/payments/${Number(payment._id)}/allocate`, { debt: debt._id, amount: sensible ? Math.max(1, Math.floor(next() * room)) : Math.floor(next() * 3000) + 1 });
    }
    // Every answer is a success or a clear refusal; never a server error.
    expect(answer.status, operation).toBeLessThan(500);
    const key = `${operation} ${answer.status}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  // The run exercised both paths of each kind of operation.
  for (const key of ['record 200', 'record 422', 'annul payment 200', 'annul payment 409', 'waive 200', 'raise 200', 'allocate 200', 'allocate 422']) {
    expect(counts[key] ?? 0, key).toBeGreaterThan(0);
  }

  const debts = await db.selectFrom('unsettled_payments').selectAll().execute();
  const payments = await db.selectFrom('payments').selectAll().execute();
  const allocations = await db.selectFrom('payment_allocations').selectAll().execute();
  const valid = new Set(payments.filter((p) => !p.annulled_at).map((p) => Number(p._id)));
  const sum = (values: unknown[]) => values.reduce<number>((total, v) => total + Number(v), 0);

  for (const debt of debts) {
    const paid = sum(allocations.filter((a) => a.debt === debt._id && valid.has(Number(a.payment))).map((a) => a.amount));
    expect(Number(debt.paid), `debt ${Number(debt._id)}`).toBe(paid);
    expect(paid).toBeLessThanOrEqual(Number(debt.amount));
    if (debt.status === 'open' || debt.status === 'partial' || debt.status === 'paid') {
      expect(debt.status).toBe(paid === 0 ? 'open' : paid === Number(debt.amount) ? 'paid' : 'partial');
    }
  }
  for (const payment of payments) {
    const allocated = sum(allocations.filter((a) => a.payment === payment._id).map((a) => a.amount));
    expect(Number(payment.allocated), `payment ${Number(payment._id)}`).toBe(allocated);
    expect(allocated).toBeLessThanOrEqual(Number(payment.amount));
  }
  for (const member of members) {
    const own = payments.filter((p) => Number(p.member) === member && !p.annulled_at);
    const allocatedToOwn = sum(allocations.filter((a) => valid.has(Number(a.payment)) && Number(a.member) === member).map((a) => a.amount));
    const balance = (await server.json('GET', `/api/member_balances/${member}`, staff)).body.data;
    // The sum of payments equals the sum of allocations plus credit.
    expect(sum(own.map((p) => p.amount))).toBe(allocatedToOwn + balance.credit);
    // Owed: open and due by today (the ledger's one rule); the rest is a vencer. The statement's
    // last balance counts both, less the credit.
    const today = lisbonDay(server.ctx.now());
    const open = debts.filter((d) => Number(d.member) === member && (d.status === 'open' || d.status === 'partial'));
    const owing = open.filter((d) => String(d.due_date) <= today);
    const upcoming = open.filter((d) => String(d.due_date) > today);
    expect(balance.open_total).toBe(sum(owing.map((d) => Number(d.amount) - Number(d.paid))));
    expect(balance.open_debts).toBe(owing.length);
    expect(balance.upcoming_total).toBe(sum(upcoming.map((d) => Number(d.amount) - Number(d.paid))));
    const statement = (await server.json('GET', `/api/members/${member}/statement`, staff)).body.data;
    expect(statement.lines.at(-1)?.balance ?? 0).toBe(balance.open_total + balance.upcoming_total - balance.credit);
  }

  // The receipt totals: on each day, what they sum to per basis, debt year, method and payment
  // date is what the payments and allocations standing that day add up to.
  const debtYear = new Map(debts.map((d) => [Number(d._id), Number(d.year)]));
  const annulDay = (p: (typeof payments)[number]) => (p.annulled_at ? lisbonDay(Date.parse(String(p.annulled_at))) : null);
  const standing = (p: (typeof payments)[number], asOf: string) => String(p.date) <= asOf && !(annulDay(p) !== null && annulDay(p)! <= asOf);
  const expected = (asOf: string) => {
    const sums = new Map<string, number>();
    const add = (key: string, amount: number) => sums.set(key, (sums.get(key) ?? 0) + amount);
    for (const p of payments.filter((p) => standing(p, asOf))) {
      add(`cash|null|${String(p.method)}|${String(p.date)}`, Number(p.amount));
      for (const a of allocations.filter((a) => a.payment === p._id)) add(`accrual|${debtYear.get(Number(a.debt))}|${String(p.method)}|${String(p.date)}`, Number(a.amount));
    }
    return new Map([...sums].filter(([, amount]) => amount !== 0));
  };
  const totals = async (asOf: string) => {
    const rows = await db.selectFrom('receipt_totals').selectAll().where('counts_from', '<=', asOf).execute();
    const sums = new Map<string, number>();
    for (const r of rows) {
      const key = `${String(r.basis)}|${r.debt_year === null ? 'null' : Number(r.debt_year)}|${String(r.method)}|${String(r.date)}`;
      sums.set(key, (sums.get(key) ?? 0) + Number(r.amount));
    }
    return new Map([...sums].filter(([, amount]) => amount !== 0));
  };
  const today = lisbonDay(server.ctx.now());
  const days = ['2026-02-28', '2026-03-01', '2026-06-15', '2026-11-20', ...new Set(payments.map(annulDay).filter((d): d is string => d !== null)), today];
  expect(payments.some((p) => p.annulled_at)).toBe(true);
  for (const asOf of days) expect(await totals(asOf), `receipt totals on ${asOf}`).toEqual(expected(asOf));
  const rowsBefore = Number((await db.selectFrom('receipt_totals').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  expect(await compactReceiptTotals(server.database)).toBeGreaterThan(0);
  for (const asOf of days) expect(await totals(asOf), `compacted receipt totals on ${asOf}`).toEqual(expected(asOf));
  const keys = await db.selectFrom('receipt_totals').select(['basis', 'debt_year', 'method', 'date', 'counts_from']).execute();
  expect(new Set(keys.map((k) => JSON.stringify(k))).size).toBe(keys.length);
  expect(keys.length).toBeLessThan(rowsBefore);
  // Compacting again changes nothing.
  expect(await compactReceiptTotals(server.database)).toBe(0);
});
