import { afterAll, beforeAll, expect, it } from 'vitest';
import { bringBalancesToToday, refreshBalances } from '../../../src/server/modules/dues/balances.js';
import { raiseDebt } from '../../../src/server/modules/dues/ledger.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';

// A balance row computed for a later day than today (the clock was set back) is computed again
// before it is read, so a debt due tomorrow is not shown as owed today. The row's day is the
// Lisbon day it was written on: in summer Lisbon's day starts at 23:00 UTC, in winter at 00:00.

let server: ResourceTestServer;
let member: number;

const db = () => server.database.db;
const row = () => db().selectFrom('member_balances').select(['open_total', 'upcoming_total', 'as_of', '_version']).where('_id', '=', member).executeTakeFirstOrThrow();

/** The row as computed at `at` (written anew, whatever it said before). */
async function computedAt(at: number): Promise<void> {
  await db().deleteFrom('member_balances').where('_id', '=', member).execute();
  await refreshBalances(db(), at, [member]);
}

beforeAll(async () => {
  server = await startResourceServer();
  const staff = (await server.as('editor')).token;
  const state = await server.stateId('Ativo');
  member = Number((await server.json('POST', '/api/members', staff, { dues_exempt: true, name: 'Ana Lopes', state })).body.data._id);
  for (const due of ['2026-07-15', '2026-11-29']) {
    expect(await raiseDebt(db(), { member, kind: 'other', year: 2026, period: 0, amount: 1500, dueDate: due, description: `Quota de ${due}` }, Date.parse('2026-06-01T10:00:00Z'))).not.toBeNull();
  }
});
afterAll(async () => {
  await server?.close();
});

it('in summer, a row written at 00:30 in Lisbon (23:30 UTC) is computed again when read at 23:30 the day before', async () => {
  await computedAt(Date.parse('2026-07-14T23:30:00Z'));
  expect(await row()).toMatchObject({ open_total: 1500, upcoming_total: 1500, as_of: '2026-07-15' });
  expect(await bringBalancesToToday(db(), Date.parse('2026-07-14T22:30:00Z'))).toBe(true);
  expect(await row()).toMatchObject({ open_total: 0, upcoming_total: 3000, as_of: '2026-07-14' });
});

it('in summer, a row written at 23:59 in Lisbon (22:59 UTC) is current all that day and is not rewritten', async () => {
  await computedAt(Date.parse('2026-07-14T22:59:00Z'));
  const written = await row();
  expect(written).toMatchObject({ open_total: 0, as_of: '2026-07-14' });
  expect(await bringBalancesToToday(db(), Date.parse('2026-07-14T08:00:00Z'))).toBe(false);
  expect(await row()).toEqual(written);
});

it('in winter, a row written at midnight is computed again when read a moment before it, and not when read that day', async () => {
  await computedAt(Date.parse('2026-11-29T00:00:00Z'));
  expect(await row()).toMatchObject({ open_total: 3000, as_of: '2026-11-29' });
  expect(await bringBalancesToToday(db(), Date.parse('2026-11-29T23:59:59Z'))).toBe(false);
  expect(await bringBalancesToToday(db(), Date.parse('2026-11-28T23:59:59.999Z'))).toBe(true);
  expect(await row()).toMatchObject({ open_total: 1500, upcoming_total: 1500, as_of: '2026-11-28' });
});
