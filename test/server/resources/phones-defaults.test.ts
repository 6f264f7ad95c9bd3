import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExplainerResponse } from '../../../src/core/contract.js';
import { phoneE164 } from '../../../src/server/db/migrations/022_phone_e164.js';
import { startResourceServer, type ResourceTestServer } from './support.js';

let server: ResourceTestServer;
let token: string;
let portugal: number;
let active: number;

beforeAll(async () => {
  server = await startResourceServer();
  ({ token } = await server.as('admin'));
  active = await server.stateId('Ativo');
  const row = await server.database.db.selectFrom('countries').select('_id').where('code', '=', 'PT').executeTakeFirstOrThrow();
  portugal = Number(row._id);
});
afterAll(() => server.close());

const create = (body: Record<string, unknown>) => server.json('POST', '/api/members', token, { dues_exempt: true, state: active, ...body });
const count = async () => Number((await server.database.db.selectFrom('members').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const names = async (query: string): Promise<string[]> => {
  const { status, body } = await server.json('GET', `/api/members?_sort=name&${query}`, token);
  expect(status, query).toBe(200);
  return body.data.map((m: { name: string }) => m.name);
};

describe('phones', () => {
  it('are stored in E.164 however they were typed, Portuguese when no country is given', async () => {
    for (const [typed, stored] of [
      ['912 345 678', '+351912345678'],
      ['+351 213 456 789', '+351213456789'],
      ['00351 962-111-222', '+351962111222'],
      ['+44 20 7123 4567', '+442071234567'],
    ]) {
      const { status, body } = await create({ name: `Telefone ${typed}`, phone: typed });
      expect(status, typed).toBe(201);
      expect(body.data.phone).toBe(stored);
    }
  });

  it('refuse a number that is not one with a 422 naming the field, and store nothing', async () => {
    const before = await count();
    for (const phone of ['123', '912 345 67', 'telefone', '912345678 ext. 2']) {
      const { status, body } = await create({ name: 'Número Errado', phone });
      expect(status, phone).toBe(422);
      expect(body.errors.phone, phone).toMatch(/^Número de telefone inválido/);
    }
    expect(await count()).toBe(before);
  });

  it('are found by search and by filter with or without spaces or +351', async () => {
    expect((await create({ name: 'Zacarias Typed', phone: '912345678' })).status).toBe(201);
    expect((await create({ name: 'Zulmira Spaced', phone: '+351 933 444 555' })).status).toBe(201);
    for (const typed of ['+351 912 345 678', '912 345 678', '+351912345678', '912345678']) {
      expect(await names(`_search=${encodeURIComponent(typed)}`), typed).toContain('Zacarias Typed');
    }
    expect(await names('_search=933444555')).toEqual(['Zulmira Spaced']);
    expect(await names(`_phone=${encodeURIComponent('933 444 555')}`)).toEqual(['Zulmira Spaced']);
    expect(await names(`_phone=${encodeURIComponent('00351 933 444 555')}`)).toEqual(['Zulmira Spaced']);
    expect(await names(`_phone=${encodeURIComponent('+351 912 345 678')}`)).toEqual(['Telefone 912 345 678', 'Zacarias Typed']);
  });

  it('typed before this release are normalised by migration 022, unparseable ones left as they were, twice the same', async () => {
    const { db, engine } = server.database;
    const now = new Date(server.ctx.now()).toISOString();
    const legacy = [
      { name: 'Antigo Espaços', phone: '912 000 111' },
      { name: 'Antigo Ilegível', phone: 'ligar à noite' },
      { name: 'Antigo Certo', phone: '+351912000222' },
    ];
    for (const [i, person] of legacy.entries()) {
      await db.insertInto('members').values({ ...person, number: 9000 + i, state: active, created_at: now, updated_at: now }).execute();
    }
    const stored = async () => (await db.selectFrom('members').select(['name', 'phone']).where('name', 'like', 'Antigo%').orderBy('number').execute()).map((r) => r.phone);
    await phoneE164.up(db, engine);
    expect(await stored()).toEqual(['+351912000111', 'ligar à noite', '+351912000222']);
    await phoneE164.up(db, engine);
    expect(await stored()).toEqual(['+351912000111', 'ligar à noite', '+351912000222']);
    // The search index followed the change.
    expect(await names('_search=912000111')).toEqual(['Antigo Espaços']);
  });
});

describe('a new member', () => {
  it('lives in Portugal and starts in the first active state unless told otherwise', async () => {
    const { status, body } = await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Sem País Nem Estado' });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ country: portugal, state: active });
    const spain = Number((await server.database.db.selectFrom('countries').select('_id').where('code', '=', 'ES').executeTakeFirstOrThrow())._id);
    expect((await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Em Espanha', country: spain })).body.data.country).toBe(spain);
  });

  it('keeps a country cleared on purpose: the default is for new records only', async () => {
    const created = (await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Apátrida' })).body.data;
    const { status, body } = await server.json('PATCH', `/api/members/${created._id}`, token, { country: null, _version: created._version });
    expect(status).toBe(200);
    expect(body.data.country).toBeNull();
  });

  it('has its form start with Portugal and the first active state (explainer)', async () => {
    const fields = (await server.json<ExplainerResponse>('GET', '/api/explainer', token)).body.data.members!.fields;
    expect(fields.find((f) => f.name === 'country')!.default).toBe(portugal);
    expect(fields.find((f) => f.name === 'state')).toMatchObject({ default: active, validation: { required: false } });
    // A member reading their own record cannot create one: no form, no default worked out.
    const member = await server.as('member');
    const own = (await server.json<ExplainerResponse>('GET', '/api/explainer', member.token)).body.data.members;
    expect(own?.fields.find((f) => f.name === 'country')?.default).toBeUndefined();
  });
});
