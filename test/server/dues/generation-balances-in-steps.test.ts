import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay, lisbonYear } from '../../../src/core/days.js';
import { refreshBalances } from '../../../src/server/modules/dues/balances.js';
import { generateYear } from '../../../src/server/modules/dues/generation.js';
import { raiseDebt, recordPayment } from '../../../src/server/modules/dues/ledger.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { balanceRows as rows, refreshedWhole as refreshedWholeOn, withoutStamps, type BalanceRow as Row } from '../support/balance-rows.js';

// A year's generation in steps of members (SQLite's way, member-steps.ts) and at once
// (PostgreSQL's), each run here on both engines: within one step (or the one run) some rows take
// the new debts alone, and the other members are computed whole from their ledgers (no balance
// row yet, a row a debt fell due on since it was written, a row computed for a later day, credit
// spent on the new debts). Whichever path a row takes, with several members a step, one, or all,
// every row afterwards is what refreshing every member from the ledger gives, and a second run
// changes nothing.

const DAY = 24 * 60 * 60 * 1000;

const WAYS = [
  { way: 'in steps, every member of no household in one step', slicing: { members: 1000 } },
  { way: 'in steps, two members or households a step', slicing: { members: 2 } },
  // PostgreSQL's way (slicingFor), here on both engines: every member at once, the new debts
  // added to the rows they alone moved and the others computed whole, as in a step.
  { way: 'every member at once', slicing: null },
] as const;

type Members = 'ana' | 'bruno' | 'carla' | 'duarte' | 'gil' | 'kevin' | 'helena' | 'ivo' | 'rita';

describe.each(WAYS)("a year's generation, $way", ({ slicing }) => {
  let server: ResourceTestServer;
  let staff: string;
  let year: number;
  /** 15 May of the year generated: its annual quota and first quarters are owed, the later quarters not yet. */
  let generatedAt: number;
  const m = {} as Record<Members, number>;
  const db = () => server.database.db;
  const post = (url: string, body: unknown) => server.json('POST', url, staff, body);

  const row = (list: Row[], member: number) => list.find((b) => Number(b._id) === member);
  const refreshedWhole = (now: number) => refreshedWholeOn(db(), now);

  beforeAll(async () => {
    server = await startResourceServer();
    staff = (await server.as('editor')).token;
    const active = await server.stateId('Ativo');
    year = lisbonYear(server.ctx.now()) + 1;
    generatedAt = Date.UTC(year, 4, 15, 12);
    const category = async (body: Record<string, unknown>) => Number((await post('/api/fee_categories', body)).body.data._id);
    const efetivo = await category({ name: 'Efetivo' });
    const trimestral = await category({ name: 'Trimestral' });
    const familia = await category({ name: 'Família', charge: 'household' });
    const member = async (name: string, number: number, extra: Record<string, unknown>) => {
      const answer = await post('/api/members', { name, number, state: active, admission_date: '2020-01-15', ...extra });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return Number(answer.body.data._id);
    };
    m.ana = await member('Ana Atual', 301, { fee_category: efetivo });
    m.bruno = await member('Bruno Trimestral', 302, { fee_category: trimestral });
    m.carla = await member('Carla Crédito', 303, { fee_category: efetivo });
    m.duarte = await member('Duarte Sem Saldo', 304, { fee_category: efetivo });
    m.gil = await member('Gil Vencido', 305, { fee_category: efetivo });
    m.kevin = await member('Kevin Adiantado', 306, { fee_category: trimestral });
    m.helena = await member('Helena Silva', 307, { fee_category: familia });
    m.ivo = await member('Ivo Silva', 308, { fee_category: familia });
    m.rita = await member('Rita Isenta', 309, { fee_category: efetivo, dues_exempt: true });
    const household = Number((await post('/api/households', { name: 'Silva', payer_member: m.helena })).body.data._id);
    for (const id of [m.helena, m.ivo]) expect((await server.json('PATCH', `/api/members/${id}`, staff, { household })).status).toBe(200);

    const written = server.ctx.now();
    const debt = async (id: number, debtYear: number, amount: number, dueDate: string) =>
      expect(await raiseDebt(db(), { member: id, kind: 'other', year: debtYear, period: 0, amount, dueDate, description: 'Outro' }, written)).not.toBeNull();
    await debt(m.ana, year - 2, 3000, `${year - 2}-03-01`);
    await debt(m.bruno, year - 1, 500, `${year - 1}-06-01`);
    await debt(m.helena, year - 2, 100, `${year - 2}-05-01`);
    await debt(m.kevin, year - 2, 200, `${year - 2}-07-01`);
    await debt(m.rita, year - 1, 150, `${year - 1}-02-01`);
    // Gil's debt falls due the day before the generation, after his row was last written.
    await debt(m.gil, year, 250, lisbonDay(generatedAt - DAY));
    const paid = await recordPayment(db(), { member: m.carla, amount: 1000, date: `${year - 1}-11-11`, method: 'transferencia', debts: [], recordedBy: null, issueReceipt: false }, server.ctx);
    expect(paid.credit).toBe(1000);
    // The rows as the ledger's actions leave them, three days before; Kevin's on a clock ahead.
    // Duarte owes nothing yet: no row.
    await refreshBalances(db(), generatedAt - 3 * DAY);
    await refreshBalances(db(), generatedAt + 10 * DAY, [m.kevin]);

    for (const schedule of [
      { category: efetivo, amount: 3000, periodicity: 'annual', due_day: 31 },
      { category: trimestral, amount: 900, periodicity: 'quarterly', due_day: 10 },
      { category: familia, amount: 6000, periodicity: 'annual', due_day: 31 },
    ]) {
      expect((await post('/api/fee_schedules', { year, ...schedule })).status).toBe(201);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  let after: Row[];

  it('leaves every row as refreshing every member from the ledger gives it', async () => {
    const before = await rows(db());
    expect(row(before, m.duarte)).toBeUndefined();
    const report = await generateYear(db(), year, generatedAt, undefined, slicing);
    // Efetivo: Ana, Carla, Duarte, Gil; Trimestral: Bruno's and Kevin's four quarters; Família: one.
    expect(report.raised).toBe(4 + 8 + 1);
    after = await rows(db());
    expect(withoutStamps(after)).toEqual(withoutStamps(await refreshedWhole(generatedAt)));
    // Every row the run moved, by whichever path, is one version more (a new one: one), as of the generation.
    const stamp = new Date(generatedAt).toISOString();
    for (const id of [m.ana, m.bruno, m.carla, m.gil, m.kevin, m.helena]) {
      expect([row(after, id)?._version, row(after, id)?.as_of, row(after, id)?.updated_at]).toEqual([row(before, id)!._version + 1, lisbonDay(generatedAt), stamp]);
    }
    expect([row(after, m.duarte)?._version, row(after, m.duarte)?.updated_at]).toEqual([1, stamp]);
    expect(Number(row(after, m.duarte)?.open_total)).toBe(3000);
    expect([Number(row(after, m.carla)?.open_total), Number(row(after, m.carla)?.credit)]).toEqual([2000, 0]);
    // Members it charged nothing keep their rows as they were.
    for (const id of [m.ivo, m.rita]) expect(row(after, id)).toEqual(row(before, id));
  });

  it('changes nothing when run again, at the same time or a day later', async () => {
    expect((await generateYear(db(), year, generatedAt, undefined, slicing)).raised).toBe(0);
    expect((await generateYear(db(), year, generatedAt + DAY, undefined, slicing)).raised).toBe(0);
    expect(await rows(db())).toEqual(after);
  });
});
