import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { lisbonDay, lisbonYear } from '../../src/core/days.js';
import type { Db } from '../../src/server/db/database.js';
import { refreshBalances } from '../../src/server/modules/dues/balances.js';
import { generateYear, yearRaises } from '../../src/server/modules/dues/generation.js';
import { allocateCredit, annulPayment, applyCredit, raiseDebt, recordPayment } from '../../src/server/modules/dues/ledger.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';
import { recordingStatements } from './support/statement-recorder.js';
import { testEngine } from './support/server.js';

// A year's generation, set-based (issue 32, item 3), on the real server and both engines: the
// credit left on payments is spent on the new debts (and any older ones still owing) exactly as
// the member-by-member applyCredit did, row for row; only the members the run touched get their
// balance rows refreshed; the number of statements does not grow with the members who have
// credit; twice, or after a run that died midway, nothing is doubled and every balance is right.

const DAY = 24 * 60 * 60 * 1000;

let server: ResourceTestServer;
let staff: string;
let active: number;
/** The year generated: next year, so its quotas are all still to fall due (a vencer) whatever today is. */
let year: number;
/** The clock of the generation: a few days after the ledger was written. */
let generatedAt: number;

const db = () => server.database.db;
const post = (url: string, body: unknown) => server.json('POST', url, staff, body);
const patch = (url: string, body: unknown) => server.json('PATCH', url, staff, body);

type Members = 'ana' | 'bruno' | 'carla' | 'duarte' | 'filipe' | 'marta' | 'nuno' | 'pedro' | 'rita' | 'sofia' | 'helena' | 'ivo' | 'joana' | 'luis';
type Payments = 'ana' | 'bruno1' | 'bruno2' | 'carla' | 'duarte' | 'marta' | 'nuno' | 'pedro1' | 'pedro2' | 'rita' | 'helena' | 'ivo' | 'joana';
const m = {} as Record<Members, number>;
const p = {} as Record<Payments, number>;
const d = {} as Record<'ana' | 'duarte' | 'marta' | 'filipe', number>;

async function newMember(name: string, number: number, extra: Record<string, unknown>): Promise<number> {
  const answer = await post('/api/members', { name, number, state: active, admission_date: '2020-01-15', ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.body.data._id);
}

async function newHousehold(name: string, payer: number, members: number[]): Promise<number> {
  const answer = await post('/api/households', { name, payer_member: payer });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const household = Number(answer.body.data._id);
  for (const member of members) expect((await patch(`/api/members/${member}`, { household })).status).toBe(200);
  return household;
}

/** A payment left whole as credit (it names no debt to pay). */
async function credit(payer: { member: number } | { household: number }, amount: number, date: string): Promise<number> {
  const recorded = await recordPayment(db(), { ...payer, amount, date, method: 'transferencia', debts: [], recordedBy: null, issueReceipt: false }, server.ctx);
  expect(recorded.credit).toBe(amount);
  return recorded.payment;
}

async function oldDebt(member: number, amount: number, dueDate: string): Promise<number> {
  const id = await raiseDebt(db(), { member, kind: 'other', year: year - 2, period: 0, amount, dueDate, description: 'Outro' }, server.ctx.now());
  return Number(id);
}

const paymentRow = (id: number) => db().selectFrom('payments').selectAll().where('_id', '=', id).executeTakeFirstOrThrow();

/** Everything generation writes, keyed so that two runs compare whatever ids a rolled-back run used up. */
async function snapshot(on: Db) {
  const debts = await on.selectFrom('unsettled_payments').selectAll().orderBy('_id').execute();
  const key = new Map(debts.map((row) => [row._id, `${row.member}|${row.dedupe_key ?? `#${row._id}`}`]));
  const allocations = await on.selectFrom('payment_allocations').selectAll().execute();
  const totals = await on
    .selectFrom('receipt_totals')
    .select(['basis', 'debt_year', 'method', 'date', 'counts_from', sql<number>`SUM(amount)`.as('amount')])
    .groupBy(['basis', 'debt_year', 'method', 'date', 'counts_from'])
    .execute();
  const byKey = <T>(rows: T[], of: (row: T) => string) => [...rows].sort((a, b) => of(a).localeCompare(of(b)));
  return {
    debts: byKey(
      debts.map(({ _id, ...row }) => ({ ...row, key: key.get(_id)!, amount: Number(row.amount), paid: Number(row.paid) })),
      (row) => row.key,
    ),
    allocations: byKey(
      allocations.map((a) => ({ payment: a.payment, debt: key.get(a.debt)!, member: a.member, amount: Number(a.amount), created_at: a.created_at, updated_at: a.updated_at, _version: a._version })),
      (a) => `${a.payment}|${a.debt}`,
    ),
    payments: (await on.selectFrom('payments').select(['_id', 'amount', 'allocated', 'updated_at', '_version']).orderBy('_id').execute()).map((row) => ({ ...row, allocated: Number(row.allocated) })),
    totals: byKey(
      totals.map((t) => ({ ...t, amount: Number(t.amount) })),
      (t) => [t.basis, t.debt_year, t.method, t.date, t.counts_from].join('|'),
    ),
    balances: await on.selectFrom('member_balances').selectAll().orderBy('_id').execute(),
  };
}

/**
 * The member-by-member way, as generation worked before: the year's statements, applyCredit for
 * each member with credit, every balance refreshed. In a transaction rolled back: what it would
 * have written, and the database as it was.
 */
async function oneByOne(now: number) {
  let seen: Awaited<ReturnType<typeof snapshot>> | undefined;
  const rollback = new Error('rollback');
  await db()
    .transaction()
    .execute(async (trx) => {
      for (const statements of await yearRaises(trx, year, now)) for (const statement of statements) await statement.execute(trx);
      const withCredit = await trx.selectFrom('payments').select('member').distinct().where('annulled_at', 'is', null).where(sql<boolean>`amount > allocated`).orderBy('member').execute();
      for (const { member } of withCredit) await applyCredit(trx, Number(member), now);
      await refreshBalances(trx, now);
      seen = await snapshot(trx);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return seen!;
}

/**
 * The same run every member at once (PostgreSQL's way) and in steps over ranges of members
 * (SQLite's way, member-steps.ts): one member, or one household, a step, each step committed
 * alone, so a household's discount order and its one quota must be worked out in its own step.
 */
const WAYS = [
  { way: 'every member at once', slicing: null },
  { way: 'a member or a household a step', slicing: { members: 1 } },
] as const;

describe.each(WAYS)("a year's generation, set-based, $way", ({ slicing }) => {
  beforeAll(async () => {
    server = await startResourceServer();
    staff = (await server.as('editor')).token;
    active = await server.stateId('Ativo');
    year = lisbonYear(server.ctx.now()) + 1;
    const category = async (body: Record<string, unknown>) => {
      const answer = await post('/api/fee_categories', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return Number(answer.body.data._id);
    };
    const efetivo = await category({ name: 'Efetivo', household_discount_percent: 25 });
    const trimestral = await category({ name: 'Trimestral' });
    const familia = await category({ name: 'Família', charge: 'household' });
    const honorario = await category({ name: 'Honorário', exempt: true });

    m.ana = await newMember('Ana Lopes', 101, { fee_category: efetivo });
    m.bruno = await newMember('Bruno Dias', 102, { fee_category: trimestral });
    m.carla = await newMember('Carla Reis', 103, { fee_category: efetivo });
    m.duarte = await newMember('Duarte Honorário', 104, { fee_category: honorario });
    m.filipe = await newMember('Filipe Honorário', 105, { fee_category: honorario });
    m.marta = await newMember('Marta Pires', 106, { fee_category: efetivo });
    m.nuno = await newMember('Nuno Anulado', 107, { fee_category: efetivo });
    m.pedro = await newMember('Pedro Dois', 108, { fee_category: efetivo });
    m.rita = await newMember('Rita Isenta', 109, { fee_category: efetivo, dues_exempt: true });
    m.sofia = await newMember('Sofia Sem Crédito', 110, { fee_category: efetivo });
    // Família charges per household: one quota on the payer, Helena; Ivo's own credit pays nothing.
    m.helena = await newMember('Helena Silva', 131, { fee_category: familia });
    m.ivo = await newMember('Ivo Silva', 132, { fee_category: familia });
    const silva = await newHousehold('Silva', m.helena, [m.helena, m.ivo]);
    // Efetivo with the household discount: Luís, the 2nd by number, owes 3000 less 25 %.
    m.joana = await newMember('Joana Sousa', 141, { fee_category: efetivo });
    m.luis = await newMember('Luís Sousa', 142, { fee_category: efetivo });
    const sousa = await newHousehold('Sousa', m.joana, [m.joana, m.luis]);

    const before = `${year - 1}`;
    d.ana = await oldDebt(m.ana, 3000, `${year - 2}-03-01`);
    p.ana = await credit({ member: m.ana }, 5000, `${before}-06-01`);
    // Bruno's second payment is dated earlier: credit goes by date, not by id.
    p.bruno1 = await credit({ member: m.bruno }, 2000, `${before}-03-01`);
    p.bruno2 = await credit({ member: m.bruno }, 500, `${before}-02-01`);
    p.carla = await credit({ member: m.carla }, 10000, `${before}-05-05`);
    d.duarte = await oldDebt(m.duarte, 400, `${year - 2}-09-30`);
    p.duarte = await credit({ member: m.duarte }, 1000, `${before}-04-04`);
    // Marta's payment already pays part of her old debt (at the staff's word): the credit adds to that allocation.
    d.marta = await oldDebt(m.marta, 1000, `${year - 2}-01-31`);
    p.marta = await credit({ member: m.marta }, 1500, `${before}-07-07`);
    await allocateCredit(db(), await paymentRow(p.marta), d.marta, 300, server.ctx.now());
    p.nuno = await credit({ member: m.nuno }, 2000, `${before}-08-08`);
    await annulPayment(db(), await paymentRow(p.nuno), 'Cheque sem cobertura', null, server.ctx.now());
    // Two payments on the same day: the first recorded is spent first.
    p.pedro1 = await credit({ member: m.pedro }, 1000, `${before}-09-09`);
    p.pedro2 = await credit({ member: m.pedro }, 2500, `${before}-09-09`);
    p.rita = await credit({ member: m.rita }, 500, `${before}-10-10`);
    p.helena = await credit({ household: silva }, 8000, `${before}-11-11`);
    p.ivo = await credit({ member: m.ivo }, 700, `${before}-11-12`);
    // The Sousa household's payment is recorded on its payer, Joana: as before, it pays her own quota only.
    p.joana = await credit({ household: sousa }, 4000, `${before}-12-01`);
    // Filipe, exempt, owes an old debt falling due between the ledger's last refresh and the
    // generation: his balance row is stale then, and the generation does not touch him.
    d.filipe = await oldDebt(m.filipe, 800, lisbonDay(server.ctx.now() + 2 * DAY));
    await refreshBalances(db(), server.ctx.now());
    generatedAt = server.ctx.now() + 5 * DAY;

    expect((await post('/api/fee_schedules', { year, category: efetivo, amount: 3000, periodicity: 'annual', due_day: 31 })).status).toBe(201);
    expect((await post('/api/fee_schedules', { year, category: trimestral, amount: 900, periodicity: 'quarterly', due_day: 10 })).status).toBe(201);
    expect((await post('/api/fee_schedules', { year, category: familia, amount: 6000, periodicity: 'annual', due_day: 31 })).status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
  });

  let before: Awaited<ReturnType<typeof snapshot>>;
  let expected: Awaited<ReturnType<typeof snapshot>>;
  let after: Awaited<ReturnType<typeof snapshot>>;
  let statements = 0;
  let steps = 0;

  it('spends the credit exactly as the member-by-member way did, allocation by allocation', async () => {
    before = await snapshot(db());
    expected = await oneByOne(generatedAt);
    expect(await snapshot(db())).toEqual(before);

    const counted = recordingStatements(db());
    steps = 0;
    const report = await generateYear(counted.db, year, generatedAt, () => void (steps += 1), slicing);
    statements = counted.statements.length;
    after = await snapshot(db());
    // Efetivo: 8 members (Rita is exempt); Trimestral: Bruno's 4 quarters; Família: 1 household.
    expect(report.raised).toBe(8 + 4 + 1);
    // The job's report: members charged (the household's quota on its payer, Helena) and the
    // total, Luís's quota discounted by 750.
    expect(report).toMatchObject({ members: 8 + 1 + 1, total: 8 * 3000 - 750 + 4 * 900 + 6000 });

    expect(after.allocations).toEqual(expected.allocations);
    expect(after.debts).toEqual(expected.debts);
    expect(after.payments).toEqual(expected.payments);
    expect(after.totals).toEqual(expected.totals);

    // What that is, by hand: oldest debt first, payments by date then id, partial debts continued.
    const quota = (member: number, period = 1) => `${member}|quota:${year}:${period}`;
    const made = (payment: number) => after.allocations.filter((a) => a.payment === payment && a.updated_at === new Date(generatedAt).toISOString()).map((a) => [a.debt, a.amount]);
    expect(made(p.ana)).toEqual([
      [`${m.ana}|#${d.ana}`, 3000],
      [quota(m.ana), 2000],
    ]);
    expect(made(p.bruno2)).toEqual([[quota(m.bruno, 1), 500]]);
    expect(made(p.bruno1)).toEqual([
      [quota(m.bruno, 1), 400],
      [quota(m.bruno, 2), 900],
      [quota(m.bruno, 3), 700],
    ]);
    expect(made(p.carla)).toEqual([[quota(m.carla), 3000]]);
    expect(made(p.duarte)).toEqual([[`${m.duarte}|#${d.duarte}`, 400]]);
    // Added to the 300 allocated by hand: one row, one version more.
    expect(made(p.marta)).toEqual([
      [`${m.marta}|#${d.marta}`, 1000],
      [quota(m.marta), 500],
    ]);
    expect(after.allocations.find((a) => a.payment === p.marta && a.debt === `${m.marta}|#${d.marta}`)?._version).toBe(2);
    expect(made(p.nuno)).toEqual([]);
    expect(made(p.pedro1)).toEqual([[quota(m.pedro), 1000]]);
    expect(made(p.pedro2)).toEqual([[quota(m.pedro), 2000]]);
    expect(made(p.rita)).toEqual([]);
    expect(made(p.helena)).toEqual([[`${m.helena}|agregado:quota:${year}:1`, 6000]]);
    expect(made(p.ivo)).toEqual([]);
    expect(made(p.joana)).toEqual([[quota(m.joana), 3000]]);
    const debt = (key: string) => after.debts.find((row) => row.key === key)!;
    expect([debt(quota(m.luis)).amount, debt(quota(m.luis)).status]).toEqual([2250, 'open']);
    expect([debt(quota(m.bruno, 3)).paid, debt(quota(m.bruno, 3)).status, debt(quota(m.bruno, 1)).status, debt(quota(m.bruno, 4)).status]).toEqual([700, 'partial', 'paid', 'open']);
    // Bruno's first quarter was paid by two allocations: two versions more, as one by one.
    expect(debt(quota(m.bruno, 1))._version).toBe(3);
  });

  it("refreshes the balances of the members it touched, right, and leaves the others' rows alone", () => {
    const row = (rows: typeof after.balances, member: number) => rows.find((b) => Number(b._id) === member);
    const figures = (member: number) => {
      const b = row(after.balances, member)!;
      return { open_total: Number(b.open_total), upcoming_total: Number(b.upcoming_total), upcoming_debts: b.upcoming_debts, credit: Number(b.credit) };
    };
    expect(figures(m.ana)).toEqual({ open_total: 0, upcoming_total: 1000, upcoming_debts: 1, credit: 0 });
    expect(figures(m.bruno)).toEqual({ open_total: 0, upcoming_total: 200 + 900, upcoming_debts: 2, credit: 0 });
    expect(figures(m.carla)).toEqual({ open_total: 0, upcoming_total: 0, upcoming_debts: 0, credit: 7000 });
    expect(figures(m.duarte)).toEqual({ open_total: 0, upcoming_total: 0, upcoming_debts: 0, credit: 600 });
    expect(figures(m.helena)).toEqual({ open_total: 0, upcoming_total: 0, upcoming_debts: 0, credit: 2000 });
    expect(figures(m.joana)).toEqual({ open_total: 0, upcoming_total: 0, upcoming_debts: 0, credit: 1000 });
    expect(figures(m.luis)).toEqual({ open_total: 0, upcoming_total: 2250, upcoming_debts: 1, credit: 0 });
    expect(figures(m.sofia)).toEqual({ open_total: 0, upcoming_total: 3000, upcoming_debts: 1, credit: 0 });
    expect(figures(m.nuno)).toEqual({ open_total: 0, upcoming_total: 3000, upcoming_debts: 1, credit: 0 });

    // Every touched member's row is what refreshing everyone gives, to the stamp and version.
    const others = (rows: typeof after.balances) => rows.filter((b) => Number(b._id) !== m.filipe);
    expect(others(after.balances)).toEqual(others(expected.balances));
    // Filipe's ledger did not move: his row is left as it was (a read brings it to today), where
    // refreshing everyone rewrote it.
    expect(row(after.balances, m.filipe)).toEqual(row(before.balances, m.filipe));
    expect(row(expected.balances, m.filipe)?._version).toBe(Number(row(before.balances, m.filipe)!._version) + 1);
    // Ivo and Rita have credit but nothing to spend it on: untouched.
    expect(row(after.balances, m.ivo)).toEqual(row(before.balances, m.ivo));
    expect(row(after.balances, m.rita)).toEqual(row(before.balances, m.rita));
  });

  it('runs a handful of statements, not some per member with credit', () => {
    // Schedules; 6 periods' INSERT … SELECT (Família's period two); the run's figures; the
    // credit's allocations, their upsert, the debts' and payments' updates, the receipt totals;
    // one balance refresh (members with credit spent) and one addition of the new debts to the
    // other rows. Member by member it was two reads per member with credit and five writes per
    // allocation (over 80 here).
    // In steps: the same a step, plus the step's first read of the members' ids. On PostgreSQL,
    // where the raised debts are summed in the database, one more a step: the members charged.
    const counting = testEngine === 'postgres' ? 1 : 0;
    expect(statements).toBeLessThanOrEqual(slicing ? 2 + steps * (1 + 7 + 5 + 2 + counting) : 1 + 7 + 1 + 5 + 2 + counting);
  });

  it('changes nothing when run again, at the same time or later', async () => {
    const again = await generateYear(db(), year, generatedAt, undefined, slicing);
    const later = await generateYear(db(), year, generatedAt + DAY, undefined, slicing);
    expect([again.raised, later.raised]).toEqual([0, 0]);
    expect(await snapshot(db())).toEqual(after);
    const receiptRows = await db().selectFrom('receipt_totals').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    await generateYear(db(), year, generatedAt + 2 * DAY, undefined, slicing);
    expect(await db().selectFrom('receipt_totals').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).toEqual(receiptRows);
  });

  it('after a run that died midway, the next run brings every balance it raised to the ledger', async () => {
    const trimestral = await db().selectFrom('fee_categories').select('_id').where('name', '=', 'Trimestral').executeTakeFirstOrThrow();
    expect((await post('/api/fee_schedules', { year: year + 1, category: trimestral._id, amount: 900, periodicity: 'quarterly', due_day: 10 })).status).toBe(201);
    const diedAt = generatedAt + 3 * DAY;
    const raisedOf = () => db().selectFrom('unsettled_payments').select('_id').where('year', '=', year + 1).execute();
    // At once: killed after two of Bruno's four quarters committed. In steps: after the step
    // that raised his four (with its credit and balances) committed, before the next.
    const kill = slicing
      ? async () => {
          if ((await raisedOf()).length > 0) throw new Error('killed');
        }
      : (done: number) => {
          if (done === 2) throw new Error('killed');
        };
    await expect(generateYear(db(), year + 1, diedAt, kill, slicing)).rejects.toThrow('killed');
    expect((await raisedOf()).length).toBe(slicing ? 4 : 2);
    const rerun = await generateYear(db(), year + 1, diedAt + DAY, undefined, slicing);
    expect(rerun.raised).toBe(slicing ? 0 : 2);
    // As refreshing every member would have them (in a transaction rolled back).
    let everyone: unknown;
    const rollback = new Error('rollback');
    await db()
      .transaction()
      .execute(async (trx) => {
        await refreshBalances(trx, diedAt + DAY);
        everyone = await trx.selectFrom('member_balances').selectAll().where('_id', '!=', m.filipe).orderBy('_id').execute();
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(await db().selectFrom('member_balances').selectAll().where('_id', '!=', m.filipe).orderBy('_id').execute()).toEqual(everyone);
    const bruno = await db().selectFrom('member_balances').select(['upcoming_debts', 'upcoming_total']).where('_id', '=', m.bruno).executeTakeFirstOrThrow();
    expect([bruno.upcoming_debts, Number(bruno.upcoming_total)]).toEqual([2 + 4, 200 + 900 + 4 * 900]);
  });
});
