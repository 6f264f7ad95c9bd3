import { afterAll, beforeAll, expect, it } from 'vitest';
import { bringBalancesToToday } from '../../../src/server/modules/dues/balances.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';

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
  member = Number((await post('/api/members', { name: 'Ana Lopes', state })).body.data._id);
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
