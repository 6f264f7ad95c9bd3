import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';

// Lists whose rows show a member find them by the member's name, number and NIF: `_search`
// follows the searchable `member` reference into the members' own search (declared once on the
// field), alone or together with the row's own searchable text. Both engines.

let server: ResourceTestServer;
let staff: string;
const post = (url: string, body: unknown) => server.json('POST', url, staff, body);
const get = async (url: string) => {
  const response = await server.json('GET', url, staff);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { data: Record<string, unknown>[]; meta: { total: number } };
};
const idsOf = (body: { data: Record<string, unknown>[] }) => body.data.map((row) => Number(row._id));

const people = {
  ana: { name: 'Ana Conceição Lopes', nif: '123456789', number: 4711 },
  rui: { name: 'Rui Matos', nif: '287654321', number: 52 },
};
const member: Record<keyof typeof people, number> = { ana: 0, rui: 0 };
const payment: Record<string, number> = {};

async function pay(who: keyof typeof people, date: string, amount: number, reference?: string): Promise<number> {
  const response = await post('/api/payments/record', { member: member[who], date, amount, method: 'numerario', ...(reference ? { reference } : {}) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const id = Number(response.body.data.payment._id);
  expect(id).toBeGreaterThan(0);
  return id;
}

beforeAll(async () => {
  server = await startResourceServer();
  server.ctx.now = () => Date.parse('2026-11-28T10:00:00Z');
  staff = (await server.as('editor')).token;
  const state = await server.stateId('Ativo');
  // Stored as they are: what a member form requires is not this test's subject.
  const stamp = new Date(server.ctx.now()).toISOString();
  for (const key of Object.keys(people) as (keyof typeof people)[]) {
    const row = await server.database.db
      .insertInto('members')
      .values({ ...people[key], state, created_at: stamp, updated_at: stamp })
      .returning('_id')
      .executeTakeFirstOrThrow();
    member[key] = Number(row._id);
  }
  payment.ana2024 = await pay('ana', '2024-03-01', 1200, 'TRF 2024');
  payment.rui = await pay('rui', '2025-06-30', 900, 'Lopes pagou por ele');
  payment.ana2026 = await pay('ana', '2026-11-27', 883404);
});
afterAll(async () => {
  await server?.close();
});

describe('payments searched by their member', () => {
  it('finds a member\'s payments by name (accents and case aside), number and NIF', async () => {
    expect(idsOf(await get('/api/payments?_sort=_id&_search=conceicao'))).toEqual([payment.ana2024, payment.ana2026]);
    expect(idsOf(await get('/api/payments?_sort=_id&_search=123456789'))).toEqual([payment.ana2024, payment.ana2026]);
    expect(idsOf(await get('/api/payments?_sort=_id&_search=4711'))).toEqual([payment.ana2024, payment.ana2026]);
    expect(idsOf(await get('/api/payments?_sort=_id&_search=MATOS'))).toEqual([payment.rui]);
  });

  it('matches each word in the row\'s own text or in its member\'s, and keeps every word required', async () => {
    // "Lopes" is Ana's surname and a word of Rui's payment reference.
    expect(idsOf(await get('/api/payments?_sort=_id&_search=lopes'))).toEqual([payment.ana2024, payment.rui, payment.ana2026]);
    // Both words: Ana's name, and the reference of one of her payments.
    expect(idsOf(await get('/api/payments?_sort=_id&_search=' + encodeURIComponent('Ana TRF')))).toEqual([payment.ana2024]);
    expect((await get('/api/payments?_search=' + encodeURIComponent('Rui TRF'))).meta.total).toBe(0);
  });

  it('combines with filters and the own-rows scope, and counts what it finds', async () => {
    const body = await get(`/api/payments?_search=lopes&_date_gte=2025-01-01&_sort=-date`);
    expect(idsOf(body)).toEqual([payment.ana2026, payment.rui]);
    expect(body.meta.total).toBe(2);
    const own = (await server.as('member', { memberId: member.rui })).token;
    const mine = await server.json('GET', '/api/payments?_search=lopes', own);
    expect(mine.status).toBe(200);
    expect((mine.body.data as { _id: number }[]).map((r) => r._id)).toEqual([payment.rui]);
  });

  it('says in the API reference that «Sócio» is searched', async () => {
    const doc = await server.json('GET', '/api/openapi.json', staff);
    const list = (doc.body as { paths: Record<string, { get: { description: string } }> }).paths['/api/payments']!.get.description;
    expect(list).toContain('«Sócio» (número, nome, E-mail, telefone, NIF, código postal ou localidade) e «Referência»');
  });
});

describe('other lists that show a member', () => {
  it('find debts by the member\'s NIF', async () => {
    const raised = await post('/api/unsettled_payments/raise', { member: member.rui, kind: 'other', year: 2026, amount: 1500, due_date: '2026-12-01', description: 'Jantar' });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const found = await get('/api/unsettled_payments?_search=287654321');
    expect(found.data.map((row) => Number(row.member))).toEqual([member.rui]);
  });
});

describe('newest first', () => {
  it('sorts payments by date, newest first, when asked; the API default stays its own', async () => {
    expect(idsOf(await get('/api/payments?_sort=-date'))).toEqual([payment.ana2026, payment.rui, payment.ana2024]);
    expect(idsOf(await get('/api/payments?_sort=created_at'))).toEqual([payment.ana2024, payment.rui, payment.ana2026]);
  });
});

describe('applications waiting for a decision first', () => {
  it('sorts open applications first, each group newest first, kept by the database as states change', async () => {
    const apply = async (name: string) => {
      const response = await post('/api/member_applications', { name });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return Number(response.body.data._id);
    };
    const [first, second, third] = [await apply('Primeira Candidata'), await apply('Segundo Candidato'), await apply('Terceira Candidata')];
    expect((await post(`/api/member_applications/${second}/reject`, { reason: 'Fora da área.' })).status).toBe(200);
    const list = await get('/api/member_applications?_sort=-undecided');
    expect(idsOf(list)).toEqual([third, first, second]);
    expect(list.data.map((row) => row.undecided)).toEqual([true, true, false]);
    // Its own filter, too: the ones still to decide.
    expect(idsOf(await get('/api/member_applications?_undecided=true&_sort=-undecided'))).toEqual([third, first]);
    // Page after page by cursor, in the same order.
    const page = await get('/api/member_applications?_sort=-undecided&_limit=2');
    const next = (page as unknown as { meta: { next: string } }).meta.next;
    expect(idsOf(await get(`/api/member_applications?_sort=-undecided&_limit=2&_after=${next}`))).toEqual([second]);
  });
});
