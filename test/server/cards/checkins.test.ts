import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_VERIFY_LIMIT } from '../../../src/server/modules/cards/routes.js';
import { lisbonYear } from '../../../src/core/days.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let staff: string;
let state: number;
let category: number;
let year: number;
const db = () => server.database.db;

async function json(method: string, url: string, payload?: unknown, token = staff) {
  const response = await server.request({ method, url, token, remoteAddress: '203.0.113.50', ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
}

/** A member whose quota of this year is paid, with their card. */
async function cardOf(name: string): Promise<{ _id: number; code: string; member: number }> {
  const created = await json('POST', '/api/members', { name, state, admission_date: `${year}-01-01`, fee_category: category });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const member = Number(created.body.data._id);
  expect((await json('POST', '/api/payments/record', { member, date: `${year}-01-01`, amount: 2400, method: 'numerario' })).status).toBe(200);
  const issued = await json('POST', '/api/membership_cards/issue', { member });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return issued.body.data;
}

async function session(name = 'Assembleia geral ordinária'): Promise<number> {
  const created = await json('POST', '/api/card_checkins', { name, date: `${year}-03-28` });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return Number(created.body.data._id);
}

const scan = (id: number, input: string, token = staff) => json('POST', `/api/card_checkins/${id}/scan`, { input }, token);
const scansOf = async (id: number) => (await json('GET', `/api/card_checkins/${id}/card_checkin_scans?_sort=position&_limit=-1`)).body.data as Record<string, unknown>[];

beforeAll(async () => {
  server = await startTestServer();
  await ensureReferenceData(db(), server.ctx.now(), 'association');
  staff = (await server.login(await server.createUser('editor'))).access;
  state = Number((await db().selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow())._id);
  year = lisbonYear(server.ctx.now());
  category = Number((await json('POST', '/api/fee_categories', { name: 'Efetivo' })).body.data._id);
  expect((await json('POST', '/api/fee_schedules', { year, category, amount: 2400, periodicity: 'annual', due_day: 1 })).status).toBe(201);
});
afterAll(async () => {
  await server?.close();
});

describe('check-in sessions', () => {
  it('check each reading on the server as it was answered, number it, and flag the same member read again', async () => {
    const ana = await cardOf('Ana Presente Silva');
    const bruno = await cardOf('Bruno Atraso Costa');
    const raised = await json('POST', '/api/unsettled_payments/raise', { member: bruno.member, kind: 'other', year: year - 1, amount: 1500, due_date: `${year - 1}-06-30`, description: 'Jantar' });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const carla = await cardOf('Carla Reemitida Sousa');
    const old = carla.code;
    const fresh = (await json('POST', '/api/membership_cards/issue', { member: carla.member })).body.data;
    const id = await session();

    const first = await scan(id, `http://associa.test/v/${ana.code}`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ session: id, position: 1, status: 'valid', state: 'Válido', holder: 'Ana Silva', member: ana.member, card: ana._id, duplicate_of: null });
    expect((await scan(id, bruno.code.toLowerCase())).body.data).toMatchObject({ position: 2, status: 'arrears', state: 'Quotas em atraso' });
    expect((await scan(id, old)).body.data).toMatchObject({ position: 3, status: 'superseded', member: carla.member, duplicate_of: null });
    // Her current card after the old one: the same member, flagged.
    expect((await scan(id, fresh.code)).body.data).toMatchObject({ position: 4, status: 'valid', duplicate_of: 3 });
    expect((await scan(id, ana.code)).body.data).toMatchObject({ position: 5, duplicate_of: 1 });
    expect((await scan(id, 'ZZZZ-ZZZZ-ZZZZZ')).body.data).toMatchObject({ position: 6, status: 'not_found', member: null });
    expect((await scan(id, 'ZZZZZZZZZZZZZ')).body.data).toMatchObject({ position: 7, status: 'not_found', duplicate_of: 6 });
    expect((await scan(id, 'olá')).body.data).toMatchObject({ position: 8, status: 'malformed', code: null, input: 'olá' });

    // Reopened later (another device): the readings as answered then, in order.
    const kept = await scansOf(id);
    expect(kept.map((s) => [s.position, s.status, s.duplicate_of])).toEqual([
      [1, 'valid', null],
      [2, 'arrears', null],
      [3, 'superseded', null],
      [4, 'valid', 3],
      [5, 'valid', 1],
      [6, 'not_found', null],
      [7, 'not_found', 6],
      [8, 'malformed', null],
    ]);
    // Another session starts its own numbering and its own duplicates.
    const other = await session('Assembleia extraordinária');
    expect((await scan(other, ana.code)).body.data).toMatchObject({ position: 1, duplicate_of: null });
    expect(await scansOf(other)).toHaveLength(1);
  });

  it('are not held to the public per-address limit, staff scanning a queue from one address', async () => {
    const card = await cardOf('Duarte Fila Pereira');
    const id = await session('Fila longa');
    for (let i = 0; i < CARD_VERIFY_LIMIT.max + 5; i += 1) expect((await scan(id, card.code)).status).toBe(200);
    expect(await scansOf(id)).toHaveLength(CARD_VERIFY_LIMIT.max + 5);
  });

  it('refuse bad input with a pt-PT message and change nothing; members and anonymous callers have no access', async () => {
    const id = await session('Recusas');
    const empty = await json('POST', `/api/card_checkins/${id}/scan`, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors.input).toMatch(/obrigatório|Indique/i);
    const unnamed = await json('POST', '/api/card_checkins', { date: `${year}-03-28` });
    expect(unnamed.status).toBe(422);
    expect(Object.keys(unnamed.body.errors)).toEqual(['name']);
    expect((await scan(999999, 'ZZZZ-ZZZZ-ZZZZZ')).status).toBe(404);
    const card = await cardOf('Eva Sócia Ramos');
    const member = (await server.login(await server.createUser('member', { memberId: card.member }))).access;
    expect((await scan(id, card.code, member)).status).toBe(403);
    expect((await json('GET', '/api/card_checkins', undefined, member)).status).toBe(403);
    expect((await server.request({ method: 'POST', url: `/api/card_checkins/${id}/scan`, payload: { input: card.code } })).statusCode).toBe(401);
    expect(await scansOf(id)).toEqual([]);
    expect((await json('DELETE', `/api/card_checkins/${id}`)).status).toBe(404);
  });
});
