import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../../src/server/config.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { lisbonDay } from '../../../src/core/days.js';
import { memberStateHistoryMigration } from '../../../src/server/modules/reports/migration.js';
import { prepareFirstStart } from '../../../src/server/seed/first-start.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';

let server: ResourceTestServer;
let staff: string;
let today: string;
let states: { active: number; suspended: number; left: number };

const historyOf = async (member: number) =>
  (await server.database.db.selectFrom('member_state_history').select(['state', 'previous_state', 'date']).where('member', '=', member).orderBy('date').orderBy('_id').execute()).map((row) => ({
    state: Number(row.state),
    previous: row.previous_state === null ? null : Number(row.previous_state),
    date: String(row.date),
  }));

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('editor')).token;
  today = lisbonDay(server.ctx.now());
  states = { active: await server.stateId('Ativo'), suspended: await server.stateId('Suspenso'), left: await server.stateId('Desistente') };
});
afterAll(async () => {
  await server?.close();
});

describe('the state history hook', () => {
  it('records the admission, each change of state with its day and nothing for other edits', async () => {
    const created = await server.json('POST', '/api/members', staff, { dues_exempt: true, name: 'Ana Lopes', state: states.active, admission_date: '2021-05-03' });
    const id = Number(created.body.data._id);
    expect((await server.json('PATCH', `/api/members/${id}`, staff, { locality: 'Braga' })).status).toBe(200);
    expect((await server.json('PATCH', `/api/members/${id}`, staff, { state: states.suspended })).status).toBe(200);
    expect((await server.json('PATCH', `/api/members/${id}`, staff, { state: states.left })).status).toBe(200);
    expect(await historyOf(id)).toEqual([
      { state: states.active, previous: null, date: '2021-05-03' },
      { state: states.suspended, previous: states.active, date: today },
      { state: states.left, previous: states.suspended, date: today },
    ]);
  });

  it('records nothing when the write is refused, and goes when the member is deleted', async () => {
    const created = await server.json('POST', '/api/members', staff, { dues_exempt: true, name: 'Rui Dias', state: states.active });
    const id = Number(created.body.data._id);
    expect((await server.json('PATCH', `/api/members/${id}`, staff, { state: states.left, name: '' })).status).toBe(422);
    expect(await historyOf(id)).toEqual([{ state: states.active, previous: null, date: today }]);
    const admin = (await server.as('admin')).token;
    expect((await server.json('DELETE', `/api/members/${id}`, admin)).status).toBeLessThan(300);
    expect(await historyOf(id)).toEqual([]);
  });
});

describe('the migration', () => {
  it('gives existing members their admission as the first entry, and those who left an ending entry', async () => {
    const db = server.database.db;
    const stamp = '2024-09-10T10:00:00.000Z';
    const insert = async (number: number, state: number, admission: string | null) =>
      Number((await db.insertInto('members').values({ number: 9000 + number, name: `Antigo ${number}`, state, admission_date: admission, created_at: '2019-02-01T09:00:00.000Z', updated_at: stamp }).returning('_id').executeTakeFirstOrThrow())._id);
    const stayed = await insert(1, states.active, '2018-04-01');
    const left = await insert(2, states.left, '2015-01-20');
    const undated = await insert(3, states.active, null);
    await db.deleteFrom('member_state_history').execute();
    await db.schema.dropTable('member_state_history').execute();
    await db.deleteFrom('schema_migrations').where('name', '=', memberStateHistoryMigration.name).execute();
    expect(await migrate(db, server.database.engine, [memberStateHistoryMigration])).toEqual([memberStateHistoryMigration.name]);
    expect(await historyOf(stayed)).toEqual([{ state: states.active, previous: null, date: '2018-04-01' }]);
    expect(await historyOf(left)).toEqual([
      { state: states.active, previous: null, date: '2015-01-20' },
      { state: states.left, previous: states.active, date: '2024-09-10' },
    ]);
    expect(await historyOf(undated)).toEqual([{ state: states.active, previous: null, date: '2019-02-01' }]);
  });
});

describe('the demo organisation', () => {
  // A first start in test mode seeds seven years of dues: tens of seconds on a busy PostgreSQL.
  it('has a history whose members left over several years and which matches today\'s states', { timeout: 120_000 }, async () => {
    const demo = await startResourceServer();
    try {
      await prepareFirstStart(demo.database, loadConfig({ ASSOCIA_MODE: 'test' }, { dataDir: demo.ctx.config.dataDir }), demo.ctx.now());
      const db = demo.database.db;
      // Each member's latest entry is their state today.
      const mismatched = await sql<{ n: number }>`
        SELECT COUNT(*) AS n FROM members m WHERE m.state <> (
          SELECT h.state FROM member_state_history h WHERE h.member = m._id ORDER BY h.date DESC, h._id DESC LIMIT 1)
      `.execute(db);
      expect(Number(mismatched.rows[0]!.n)).toBe(0);
      const editor = (await demo.as('editor')).token;
      const year = Number(lisbonDay(demo.ctx.now()).slice(0, 4));
      const answer = await demo.json('GET', `/api/reports/membershipsPerYear?from=${year - 6}`, editor);
      expect(answer.status).toBe(200);
      const rows = answer.body.data.rows as { endings: number; activeAtYearEnd: number }[];
      expect(rows.filter((row) => row.endings > 0).length).toBeGreaterThanOrEqual(5);
      expect(rows.every((row) => row.activeAtYearEnd > 500)).toBe(true);
      // Next year's fee table is in the demo: the expectations chart has something to show.
      const expected = (await demo.json('GET', '/api/reports/nextYearQuotaExpectations', editor)).body.data;
      expect(expected.totals[0].year).toBe(year + 1);
      expect(expected.totals[0].expected).toBeGreaterThan(0);
      expect(expected.rows.find((row: { name: string }) => row.name === 'Honorário')).toMatchObject({ exempt: true, expected: 0 });
      // The demo's receipts, seeded in batches, are in the receipt totals the payments report reads.
      const received = (await demo.json('GET', `/api/reports/paymentsPerYear?from=${year - 6}`, editor)).body.data;
      const cash = await sql<{ year: string; amount: number }>`
        SELECT substr(date, 1, 4) AS year, SUM(amount) AS amount FROM payments WHERE annulled_at IS NULL GROUP BY substr(date, 1, 4) ORDER BY 1
      `.execute(db);
      const cashByYear = (received.totals as { year: number; cash: number }[]).filter((t) => t.cash > 0).map((t) => [t.year, t.cash]);
      expect(cashByYear).toEqual(cash.rows.map((r) => [Number(r.year), Number(r.amount)]));
    } finally {
      await demo.close();
    }
  });
});
