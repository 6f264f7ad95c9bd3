import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { lisbonDay, lisbonYear } from '../../src/core/days.js';
import { addRaisedToBalances, refreshBalances } from '../../src/server/modules/dues/balances.js';
import { generateYear } from '../../src/server/modules/dues/generation.js';
import { raiseDebt, recordPayment } from '../../src/server/modules/dues/ledger.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';
import { balanceRows as rows, refreshedWhole as refreshedWholeOn, withoutStamps, type BalanceRow as Row } from './support/balance-rows.js';

// A year's generation brings most members' balance rows up by the new debts alone (issue 32):
// whatever path a row takes (the new debts added to it, or the whole ledger read again for
// members with credit spent, without a row, with a row not current today), every row after the
// run is what refreshing every member from the ledger gives, on both engines, with debts already
// fallen due and debts still to fall due, a manual debt of the same year, a year already owed;
// and a second run changes nothing.

const DAY = 24 * 60 * 60 * 1000;

let server: ResourceTestServer;
let staff: string;
let active: number;
/** The year generated, and the generation's clock: 15 May of it, so its first quarters and its annual quota are owed, the later quarters not yet. */
let year: number;
let generatedAt: number;

const db = () => server.database.db;
const post = (url: string, body: unknown) => server.json('POST', url, staff, body);
const patch = (url: string, body: unknown) => server.json('PATCH', url, staff, body);

type Members = 'ana' | 'bruno' | 'carla' | 'duarte' | 'eva' | 'filipe' | 'gil' | 'helena' | 'ivo' | 'joana' | 'kevin' | 'mario' | 'rita';
const m = {} as Record<Members, number>;

async function newMember(name: string, number: number, extra: Record<string, unknown>): Promise<number> {
  const answer = await post('/api/members', { name, number, state: active, admission_date: '2020-01-15', ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.body.data._id);
}

async function debt(member: number, kind: 'other' | 'quota', debtYear: number, amount: number, dueDate: string, at: number, period = 0): Promise<void> {
  expect(await raiseDebt(db(), { member, kind, year: debtYear, period, amount, dueDate, description: kind === 'quota' ? `Quota ${debtYear}` : 'Outro' }, at)).not.toBeNull();
}

const refreshedWhole = (now: number) => refreshedWholeOn(db(), now);

const figures = (list: Row[], member: number) => {
  const b = list.find((row) => Number(row._id) === member);
  if (!b) return undefined;
  return {
    open_total: Number(b.open_total),
    open_debts: Number(b.open_debts),
    years_owed: Number(b.years_owed),
    oldest_due: b.oldest_due,
    upcoming_total: Number(b.upcoming_total),
    upcoming_debts: Number(b.upcoming_debts),
    next_due: b.next_due,
    credit: Number(b.credit),
  };
};

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('editor')).token;
  active = await server.stateId('Ativo');
  year = lisbonYear(server.ctx.now()) + 1;
  generatedAt = Date.UTC(year, 4, 15, 12);
  const category = async (body: Record<string, unknown>) => {
    const answer = await post('/api/fee_categories', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return Number(answer.body.data._id);
  };
  const efetivo = await category({ name: 'Efetivo' });
  const trimestral = await category({ name: 'Trimestral' });
  const familia = await category({ name: 'Família', charge: 'household' });

  m.ana = await newMember('Ana Antiga', 201, { fee_category: efetivo });
  m.bruno = await newMember('Bruno Trimestral', 202, { fee_category: trimestral });
  m.carla = await newMember('Carla Crédito', 203, { fee_category: efetivo });
  m.duarte = await newMember('Duarte Sem Saldo', 204, { fee_category: efetivo });
  m.eva = await newMember('Eva Manual', 205, { fee_category: efetivo });
  m.filipe = await newMember('Filipe A Vencer', 206, { fee_category: trimestral });
  m.gil = await newMember('Gil Desatualizado', 207, { fee_category: efetivo });
  m.helena = await newMember('Helena Silva', 208, { fee_category: familia });
  m.ivo = await newMember('Ivo Silva', 209, { fee_category: familia });
  m.joana = await newMember('Joana Quota à Mão', 210, { fee_category: trimestral });
  m.kevin = await newMember('Kevin Adiantado', 211, { fee_category: efetivo });
  m.mario = await newMember('Mário Isento', 212, { fee_category: efetivo, dues_exempt: true });
  m.rita = await newMember('Rita Isenta', 213, { fee_category: efetivo, dues_exempt: true });
  const household = await post('/api/households', { name: 'Silva', payer_member: m.helena });
  expect(household.status, JSON.stringify(household.body)).toBe(201);
  for (const member of [m.helena, m.ivo]) expect((await patch(`/api/members/${member}`, { household: Number(household.body.data._id) })).status).toBe(200);

  const written = server.ctx.now();
  // Ana, Helena and Kevin owe a year long past; Bruno last year.
  await debt(m.ana, 'other', year - 2, 3000, `${year - 2}-03-01`, written);
  await debt(m.helena, 'other', year - 2, 100, `${year - 2}-05-01`, written);
  await debt(m.kevin, 'other', year - 2, 200, `${year - 2}-07-01`, written);
  await debt(m.bruno, 'other', year - 1, 500, `${year - 1}-06-01`, written);
  // Eva already owes the year (a manual debt, due in March): the year is not counted twice.
  await debt(m.eva, 'other', year, 700, `${year}-03-01`, written);
  // Filipe's manual debt falls due in June, before his third quarter: it stays his next due date.
  await debt(m.filipe, 'other', year, 400, `${year}-06-01`, written);
  // Joana's first quarter was raised by hand (no schedule): the generation raises the other three.
  await debt(m.joana, 'quota', year, 900, `${year}-01-10`, written, 1);
  // Gil's debt falls due the day before the generation, after his row was last written.
  await debt(m.gil, 'other', year, 250, lisbonDay(generatedAt - DAY), written);
  // Mário, exempt, owes something falling due the day after the generation.
  await debt(m.mario, 'other', year, 150, lisbonDay(generatedAt + DAY), written);
  // Carla's credit pays her quota in part; Rita's (exempt) pays nothing.
  for (const [member, amount] of [
    [m.carla, 1000],
    [m.rita, 500],
  ] as const) {
    const recorded = await recordPayment(db(), { member, amount, date: `${year - 1}-11-11`, method: 'transferencia', debts: [], recordedBy: null, issueReceipt: false }, server.ctx);
    expect(recorded.credit).toBe(amount);
  }
  // The rows as the ledger's actions leave them, three days before the generation; Kevin's was
  // written on a clock ahead (computed for a later day than the generation's).
  await refreshBalances(db(), generatedAt - 3 * DAY);
  await refreshBalances(db(), generatedAt + 10 * DAY, [m.kevin]);

  expect((await post('/api/fee_schedules', { year, category: efetivo, amount: 3000, periodicity: 'annual', due_day: 31 })).status).toBe(201);
  expect((await post('/api/fee_schedules', { year, category: trimestral, amount: 900, periodicity: 'quarterly', due_day: 10 })).status).toBe(201);
  expect((await post('/api/fee_schedules', { year, category: familia, amount: 6000, periodicity: 'annual', due_day: 31 })).status).toBe(201);
});
afterAll(async () => {
  await server?.close();
});

describe("a year's generation and the balance rows", () => {
  let before: Row[];
  let after: Row[];

  it('leaves every row as refreshing every member from the ledger gives it', async () => {
    before = await rows(db());
    expect(figures(before, m.duarte)).toBeUndefined();
    const report = await generateYear(db(), year, generatedAt);
    // Efetivo: Ana, Carla, Duarte, Eva, Gil, Kevin; Trimestral: Bruno's and Filipe's four quarters, Joana's three; Família: one.
    expect(report.raised).toBe(6 + 4 + 4 + 3 + 1);
    after = await rows(db());
    expect(withoutStamps(after)).toEqual(withoutStamps(await refreshedWhole(generatedAt)));
  });

  it('adds up, figure by figure, the debts owed today and those still to fall due', () => {
    const owed = (open_total: number, open_debts: number, years_owed: number, oldest_due: string | null) => ({ open_total, open_debts, years_owed, oldest_due });
    const upcoming = (upcoming_total: number, upcoming_debts: number, next_due: string | null) => ({ upcoming_total, upcoming_debts, next_due });
    const y = (offset: number, day: string) => `${year + offset}-${day}`;
    expect(figures(after, m.ana)).toEqual({ ...owed(6000, 2, 2, y(-2, '03-01')), ...upcoming(0, 0, null), credit: 0 });
    expect(figures(after, m.bruno)).toEqual({ ...owed(500 + 1800, 3, 2, y(-1, '06-01')), ...upcoming(1800, 2, y(0, '07-10')), credit: 0 });
    expect(figures(after, m.carla)).toEqual({ ...owed(2000, 1, 1, y(0, '01-31')), ...upcoming(0, 0, null), credit: 0 });
    expect(figures(after, m.duarte)).toEqual({ ...owed(3000, 1, 1, y(0, '01-31')), ...upcoming(0, 0, null), credit: 0 });
    expect(figures(after, m.eva)).toEqual({ ...owed(3700, 2, 1, y(0, '01-31')), ...upcoming(0, 0, null), credit: 0 });
    expect(figures(after, m.filipe)).toEqual({ ...owed(1800, 2, 1, y(0, '01-10')), ...upcoming(2200, 3, y(0, '06-01')), credit: 0 });
    expect(figures(after, m.gil)).toEqual({ ...owed(3250, 2, 1, y(0, '01-31')), ...upcoming(0, 0, null), credit: 0 });
    expect(figures(after, m.helena)).toEqual({ ...owed(6100, 2, 2, y(-2, '05-01')), ...upcoming(0, 0, null), credit: 0 });
    expect(figures(after, m.joana)).toEqual({ ...owed(1800, 2, 1, y(0, '01-10')), ...upcoming(1800, 2, y(0, '07-10')), credit: 0 });
    expect(figures(after, m.kevin)).toEqual({ ...owed(3200, 2, 2, y(-2, '07-01')), ...upcoming(0, 0, null), credit: 0 });
    // Every row the run moved is one version more, as of the generation's day and time.
    const row = (list: Row[], member: number) => list.find((b) => Number(b._id) === member)!;
    for (const member of [m.ana, m.bruno, m.carla, m.eva, m.filipe, m.gil, m.helena, m.joana, m.kevin]) {
      expect([row(after, member)._version, row(after, member).as_of, row(after, member).updated_at]).toEqual([
        row(before, member)._version + 1,
        lisbonDay(generatedAt),
        new Date(generatedAt).toISOString(),
      ]);
    }
    // Members the run did not charge keep their rows as they were.
    for (const member of [m.ivo, m.mario, m.rita]) expect(row(after, member)).toEqual(row(before, member));
  });

  it('changes nothing when run again, at the same time or a day later', async () => {
    expect((await generateYear(db(), year, generatedAt)).raised).toBe(0);
    expect(await rows(db())).toEqual(after);
    expect((await generateYear(db(), year, generatedAt + DAY)).raised).toBe(0);
    expect(await rows(db())).toEqual(after);
  });
});

describe('adding debts just raised to the balance rows', () => {
  it('gives what refreshing every member gives, and leaves a row not current today alone', async () => {
    // Two days after the generation: Mário's debt fell due yesterday, so his row is not current.
    const at = generatedAt + 2 * DAY;
    const stamp = new Date(at).toISOString();
    // Ana owes a new year, today; Bruno a debt of the year before his next due date; Eva one of
    // a year she already owes, fallen due; Filipe one falling due after his next; Mário one more.
    await debt(m.ana, 'other', year + 1, 100, lisbonDay(at), at);
    await debt(m.bruno, 'other', year, 50, `${year}-06-20`, at);
    await debt(m.eva, 'other', year, 70, `${year}-02-01`, at);
    await debt(m.filipe, 'other', year, 40, `${year}-12-01`, at);
    await debt(m.mario, 'other', year, 30, `${year}-12-01`, at);
    const stale = (await rows(db())).find((b) => Number(b._id) === m.mario);
    await addRaisedToBalances(db(), at, (alias) => sql<boolean>`${sql.ref(`${alias}.created_at`)} = ${stamp}`);
    const added = await rows(db());
    expect(added.find((b) => Number(b._id) === m.mario)).toEqual(stale);
    const whole = await refreshedWhole(at);
    const others = (list: Row[]) => withoutStamps(list.filter((b) => Number(b._id) !== m.mario));
    expect(others(added)).toEqual(others(whole));
    expect(figures(added, m.ana)).toMatchObject({ open_total: 6100, open_debts: 3, years_owed: 3, oldest_due: `${year - 2}-03-01` });
    expect(figures(added, m.bruno)).toMatchObject({ upcoming_total: 1850, upcoming_debts: 3, next_due: `${year}-06-20` });
    expect(figures(added, m.eva)).toMatchObject({ open_total: 3770, open_debts: 3, years_owed: 1 });
    expect(figures(added, m.filipe)).toMatchObject({ upcoming_total: 2240, upcoming_debts: 4, next_due: `${year}-06-01` });
    // Mário's row, refreshed, counts his debt fallen due and the new one.
    expect(figures(whole, m.mario)).toMatchObject({ open_total: 150, upcoming_total: 30 });
  });
});
