import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lisbonDay } from '../../src/core/days.js';
import { isValidNif } from '../../src/server/resources/checks.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { seedDemoHouseholds } from '../../src/server/seed/demo-households.js';
import { startTestServer, type TestServer } from './support/server.js';

// The demo's two households (issue 34), seeded on a small ledger of the 'Família' category rather
// than the whole demo (the first start's test covers that, and takes a minute): one paid by a
// member, one by a contact with a NIF, their members and their owing debts pointing at them.

let server: TestServer;
let token = '';
beforeEach(async () => {
  server = await startTestServer();
  await ensureReferenceData(server.database.db, server.ctx.now());
  token = (await server.login(await server.createUser('admin'))).access;
});
afterEach(async () => {
  await server.close();
});

async function api<T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> {
  const response = await server.request({ method, url: `/api/${url}`, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data as T;
}

interface Debt {
  _id: number;
  member: number;
  year: number;
  status: string;
  household: number | null;
}

describe('the demo households', () => {
  it('groups the first five active Família members in two households, one paid by a member and one by a contact with a NIF, their owing debts charged to them', async () => {
    const year = Number(lisbonDay(server.ctx.now()).slice(0, 4));
    const states = await api<{ _id: number; marksEnd: boolean }[]>('GET', 'member_states?_limit=-1');
    const active = states.find((s) => !s.marksEnd)!._id;
    const family = await api<{ _id: number }>('POST', 'fee_categories', { name: 'Família' });
    const other = await api<{ _id: number }>('POST', 'fee_categories', { name: 'Efetivo' });
    const names = ['Ana Lopes Matias', 'Bruno Matias', 'Carla Matias', 'Duarte Sousa', 'Eva Sousa', 'Filipe Rocha'];
    const members: number[] = [];
    for (const name of names) members.push((await api<{ _id: number }>('POST', 'members', { name, state: active, fee_category: family._id, admission_date: `${year - 5}-03-01`, address: 'Rua das Flores, 12', postal_code: '3500-123', locality: 'Viseu' }))._id);
    const outsider = (await api<{ _id: number }>('POST', 'members', { name: 'Gil Efetivo', state: active, fee_category: other._id, admission_date: `${year - 5}-03-01` }))._id;
    for (const member of [...members, outsider]) {
      await api('POST', 'unsettled_payments/raise', { member, kind: 'quota', year, amount: 4500, due_date: `${year}-01-31`, description: `Quota ${year}` });
      await api('POST', 'unsettled_payments/raise', { member, kind: 'quota', year: year - 3, amount: 4000, due_date: `${year - 3}-01-31`, description: `Quota ${year - 3}` });
    }
    // An old quota paid long ago stays the member's own; an old one still owing is charged to the household.
    const debtsOf = async (member: number) => api<Debt[]>('GET', `members/${member}/unsettled_payments?_limit=-1`);
    const paidOld = (await debtsOf(members[0]!)).find((d) => d.year === year - 3)!;
    await api('POST', 'payments/record', { member: members[0], date: lisbonDay(server.ctx.now()), amount: 4000, method: 'numerario', debts: [paidOld._id] });

    await server.database.db.transaction().execute((trx) => seedDemoHouseholds(trx, server.ctx.now()));

    const households = await api<{ _id: number; name: string; payer_member: number | null; payer_name: string | null; payer_nif: string | null; shared_address: boolean; locality: string | null; members_count: number }[]>(
      'GET',
      'households?_limit=-1&_sort=name',
    );
    expect(households).toHaveLength(2);
    const byMember = households.find((h) => h.payer_member !== null)!;
    const byContact = households.find((h) => h.payer_member === null)!;
    expect(byMember).toMatchObject({ name: 'Família Matias', payer_member: members[0], shared_address: true, locality: 'Viseu', members_count: 3 });
    expect(byContact).toMatchObject({ payer_name: 'Teresa Moura Fonseca', members_count: 2 });
    expect(isValidNif(String(byContact.payer_nif))).toBe(true);

    const belongs = await api<{ _id: number; household: number | null }[]>('GET', 'members?_limit=-1&_sort=number');
    expect(belongs.map((m) => [m._id, m.household])).toEqual([
      [members[0], byMember._id],
      [members[1], byMember._id],
      [members[2], byMember._id],
      [members[3], byContact._id],
      [members[4], byContact._id],
      [members[5], null],
      [outsider, null],
    ]);

    // Every debt still owing, and this year's, is the household's; the quota paid years ago is not; nobody else's changed.
    for (const [index, member] of [...members, outsider].entries()) {
      const expected = index < 3 ? byMember._id : index < 5 ? byContact._id : null;
      for (const debt of await debtsOf(member)) {
        expect([member, debt.year, debt.household]).toEqual([member, debt.year, debt._id === paidOld._id ? null : expected]);
      }
    }
    const owed = await api<Debt[]>('GET', `unsettled_payments?_limit=-1&_household=${byMember._id}`);
    const [ana, bruno, carla] = members as [number, number, number];
    expect(owed.filter((d) => d.status === 'open').map((d) => d.member).sort((a, b) => a - b)).toEqual([ana, bruno, bruno, carla, carla].sort((a, b) => a - b));
  });

  it('seeds nothing without the Família category or five active members in it', async () => {
    await server.database.db.transaction().execute((trx) => seedDemoHouseholds(trx, server.ctx.now()));
    expect(await api<unknown[]>('GET', 'households?_limit=-1')).toEqual([]);
    await api('POST', 'fee_categories', { name: 'Família' });
    await server.database.db.transaction().execute((trx) => seedDemoHouseholds(trx, server.ctx.now()));
    expect(await api<unknown[]>('GET', 'households?_limit=-1')).toEqual([]);
  });
});
