import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bringBalancesToToday, bringBalancesToTodayInSteps, refreshBalances } from '../../../src/server/modules/dues/balances.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { planOf } from '../support/query-plan.js';
import { recordingStatements } from '../support/statement-recorder.js';

// Balance rows follow the calendar: a debt that falls due overnight is counted as owed by the
// nightly job dues.balances_today before anyone reads the list, and by the first read anyway.

let server: ResourceTestServer;
let staff: string;
/** The server's clock: moved by the test, never by waiting (Lisbon is on UTC in winter). */
let now = Date.parse('2026-11-28T10:00:00Z');
let member: number;
const post = (url: string, body: unknown) => server.json('POST', url, staff, body);
const stored = async () =>
  server.database.db.selectFrom('member_balances').select(['open_total', 'open_debts', 'upcoming_total', 'next_due', 'oldest_due']).where('_id', '=', member).executeTakeFirstOrThrow();

beforeAll(async () => {
  server = await startResourceServer();
  server.ctx.now = () => now;
  staff = (await server.as('editor')).token;
  const state = await server.stateId('Ativo');
  member = Number((await post('/api/members', { dues_exempt: true, name: 'Ana Lopes', state })).body.data._id);
  expect((await post('/api/unsettled_payments/raise', { member, kind: 'other', year: 2026, amount: 1500, due_date: '2026-11-29', description: 'Quota de novembro' })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

it('counts a debt as owed from the night it falls due, through the nightly job, with no read needed', async () => {
  await server.app.jobs.tick();
  expect(await stored()).toMatchObject({ open_total: 0, open_debts: 0, upcoming_total: 1500, next_due: '2026-11-29', oldest_due: null });

  now = Date.parse('2026-11-29T00:30:00Z');
  await server.app.jobs.tick();
  expect(await stored()).toMatchObject({ open_total: 1500, open_debts: 1, upcoming_total: 0, next_due: null, oldest_due: '2026-11-29' });
  const run = await server.database.db.selectFrom('jobs').select(['state', 'result']).where('name', '=', 'dues.balances_today').orderBy('_id', 'desc').executeTakeFirstOrThrow();
  expect(run.state).toBe('done');
  expect(JSON.parse(String(run.result))).toEqual({ moved: true });
});

it('rewrites a stale row whose only change is a date becoming empty, once (the migration marks every row so)', async () => {
  // As migration 037 leaves a row it cannot compute without a clock: due for a recount.
  await server.database.db.updateTable('member_balances').set({ next_due: '0000-01-01' }).where('_id', '=', member).execute();
  expect(await bringBalancesToToday(server.database.db, now)).toBe(true);
  expect(await stored()).toMatchObject({ open_total: 1500, upcoming_total: 0, next_due: null });
  // Nothing is stale any more: the next reads rewrite nothing.
  expect(await bringBalancesToToday(server.database.db, now)).toBe(false);
});

it('finds stale rows in one statement of index seeks, never by scanning every balance, with statistics like a real ledger', async () => {
  const { db } = server.database;
  // Many members with settled ledgers: next_due empty and as_of alike on nearly every row, as at
  // scale, where SQLite's planner scanned the table for an OR of the two conditions.
  const stamp = new Date(now).toISOString();
  const today = '2026-11-29';
  const state = await server.stateId('Ativo');
  const rows = Array.from({ length: 3000 }, (_, i) => ({ name: `Sócio ${i}`, number: 10_000 + i, state, created_at: stamp, updated_at: stamp }));
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('members').values(rows.slice(i, i + 500)).execute();
  await sql`INSERT INTO member_balances (_id, member, number, name, open_total, open_debts, years_owed, upcoming_total, upcoming_debts, credit, as_of, created_at, updated_at)
    SELECT _id, _id, number, name, 0, 0, 0, 0, 0, 0, ${today}, ${stamp}, ${stamp} FROM members WHERE number >= 10000`.execute(db);
  await sql`ANALYZE`.execute(db);
  const { db: recorded, statements } = recordingStatements(db);
  expect(await bringBalancesToToday(recorded, now)).toBe(false);
  const checks = statements.filter((s) => /from "?member_balances"?/i.test(s.sql));
  // One round trip for both conditions: every read of the unpaid list asks it first.
  expect(checks).toHaveLength(1);
  for (const check of checks) {
    const plan = await planOf(server.database, check);
    expect(plan, check.sql).toMatch(/member_balances_next_due_keyset/);
    expect(plan, check.sql).toMatch(/member_balances_updated_at_keyset/);
    expect(plan, check.sql).not.toMatch(/^SCAN member_balances$|Seq Scan/m);
  }
});

it('the nightly job brings the rows in steps that each commit, to the same figures as one statement', async () => {
  const { db } = server.database;
  // Five members whose quota falls due the same night, stale together after it.
  const state = await server.stateId('Ativo');
  const members: number[] = [];
  for (const name of ['Bruno', 'Carla', 'Duarte', 'Eva', 'Filipe']) {
    const id = Number((await post('/api/members', { dues_exempt: true, name: `${name} Passos`, state })).body.data._id);
    expect((await post('/api/unsettled_payments/raise', { member: id, kind: 'other', year: 2026, amount: 700, due_date: '2026-12-01', description: 'Quota de dezembro' })).status).toBe(200);
    members.push(id);
  }
  now = Date.parse('2026-12-01T00:10:00Z');
  const { db: recorded, statements } = recordingStatements(db);
  expect(await bringBalancesToTodayInSteps(recorded, now, 2)).toBe(true);
  // Five stale rows, two a step: three steps, each its own transaction (none holds them all).
  expect(statements.filter((s) => /insert into "?member_balances"?/i.test(s.sql))).toHaveLength(3);
  const inSteps = await db.selectFrom('member_balances').selectAll().where('_id', 'in', members).orderBy('_id').execute();
  expect(inSteps.map((r) => [r.open_total, r.next_due, r.oldest_due])).toEqual(members.map(() => [700, null, '2026-12-01']));
  // Nothing is left stale, and one statement for every member computes the very same rows.
  expect(await bringBalancesToToday(db, now)).toBe(false);
  await db.transaction().execute((trx) => refreshBalances(trx, now));
  expect(await db.selectFrom('member_balances').selectAll().where('_id', 'in', members).orderBy('_id').execute()).toEqual(inSteps);
  // A second run finds nothing to do.
  expect(await bringBalancesToTodayInSteps(db, now, 2)).toBe(false);
});

it('brings the balances up to today on the first read of a day and after a change, not on every read', async () => {
  const resource = server.app.registry.resourceByName('member_balances')!;
  const bring = resource.beforeRead!;
  let checks = 0;
  resource.beforeRead = async (db, at) => {
    checks += 1;
    await bring(db, at);
  };
  let reads = 0;
  // Each read a query of its own: the list cache's answers are not what this test is about.
  const owed = async () => {
    reads += 1;
    const answer = await server.json('GET', `/api/member_balances?_id=${member}&read=${reads}`, staff);
    expect(answer.status).toBe(200);
    return (answer.body.data as { open_total: number }[])[0]!.open_total;
  };
  try {
    now = Date.parse('2026-12-05T10:00:00Z');
    expect((await post('/api/unsettled_payments/raise', { member, kind: 'other', year: 2026, amount: 2500, due_date: '2026-12-06', description: 'Quota de dezembro' })).status).toBe(200);
    const before = await owed();
    expect(await owed()).toBe(before);
    expect(checks).toBe(1);

    // The next morning the debt is owed at the first read, with no nightly job run.
    now = Date.parse('2026-12-06T08:00:00Z');
    expect(await owed()).toBe(before + 2500);
    expect(await owed()).toBe(before + 2500);
    expect(checks).toBe(2);

    // A write (its change event) has the next read look again.
    expect((await post('/api/unsettled_payments/raise', { member, kind: 'other', year: 2026, amount: 100, due_date: '2026-12-20', description: 'Seguro' })).status).toBe(200);
    await owed();
    expect(checks).toBe(3);
  } finally {
    resource.beforeRead = bring;
  }
});
