import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExplainerResponse } from '../../../src/core/contract.js';
import { containsCondition, CONTAINS_HINT } from '../../../src/server/resources/text-filter.js';
import { resourceByName } from '../support/app-registry.js';
import { startResourceServer, type ResourceTestServer } from './support.js';
import { planOf } from '../support/query-plan.js';

let server: ResourceTestServer;
let token: string;
let active: number;

const PEOPLE = [
  { name: 'Maria Silva', locality: 'Porto', email: 'maria.silva@exemplo.pt' },
  { name: 'Mária Costa', locality: 'Vila Nova de Gaia', email: 'mcosta@exemplo.pt' },
  { name: 'Ana Maria Lopes', locality: 'Porto Santo', email: 'ana@exemplo.pt' },
  { name: 'Marta Reis', locality: 'Lisboa', email: 'marta@exemplo.pt' },
  { name: 'João 100% Certo', locality: null, email: null },
];

beforeAll(async () => {
  server = await startResourceServer();
  ({ token } = await server.as('admin'));
  active = await server.stateId('Ativo');
  for (const person of PEOPLE) {
    const { status } = await server.json('POST', '/api/members', token, { dues_exempt: true, ...person, state: active });
    expect(status).toBe(201);
  }
});
afterAll(() => server.close());

const names = async (query: string): Promise<string[]> => {
  const { status, body } = await server.json('GET', `/api/members?_sort=name&${query}`, token);
  expect(status, query).toBe(200);
  return body.data.map((m: { name: string }) => m.name);
};

describe('text filters match "contains", ignoring case and accents', () => {
  it('finds "maria" in Maria, Mária and Ana Maria, whatever the case or accents typed', async () => {
    const marias = ['Ana Maria Lopes', 'Mária Costa', 'Maria Silva'];
    expect(await names('_name=maria')).toEqual(marias);
    expect(await names(`_name=${encodeURIComponent('MÁRIA')}`)).toEqual(marias);
    // Shorter than a trigram: no index can answer, the rows are read and folded instead.
    expect(await names('_name=ma')).toEqual([...marias, 'Marta Reis']);
  });

  it('finds "porto" in Porto and Porto Santo; several values match any of them; an empty one asks for no value', async () => {
    expect(await names('_locality=porto')).toEqual(['Ana Maria Lopes', 'Maria Silva']);
    expect(await names('_locality=porto&_locality=GAIA')).toEqual(['Ana Maria Lopes', 'Mária Costa', 'Maria Silva']);
    expect(await names('_locality=')).toEqual(['João 100% Certo']);
    expect(await names('_locality=lisboa&_locality=')).toEqual(['João 100% Certo', 'Marta Reis']);
  });

  it('takes part of an e-mail address (no 400 for not being one) and reads %, _ and quotes literally', async () => {
    expect(await names('_email=MARIA')).toEqual(['Maria Silva']);
    expect(await names(`_name=${encodeURIComponent('100%')}`)).toEqual(['João 100% Certo']);
    expect(await names(`_name=${encodeURIComponent('%')}`)).toEqual(['João 100% Certo']);
    expect(await names('_name=a_a')).toEqual([]);
    expect(await names(`_name=${encodeURIComponent('"maria"')}`)).toEqual([]);
  });

  it('refuses a value longer than 200 characters with a 400 naming the filter, and keeps exact matching for references', async () => {
    const { status, body } = await server.json('GET', `/api/members?_name=${'a'.repeat(201)}`, token);
    expect(status).toBe(400);
    expect(body.message).toBe('O filtro "name" aceita no máximo 200 caracteres.');
    const suspended = await server.stateId('Suspenso');
    expect(await names(`_state=${suspended}`)).toEqual([]);
    expect(await names(`_state=${active}`)).toHaveLength(PEOPLE.length);
  });

  it('matches a key programs look records up by (a setting\'s name) exactly', async () => {
    const { body } = await server.json('GET', '/api/settings?_name=membershipPayments', token);
    expect(body.data.map((s: { name: string }) => s.name)).toEqual(['membershipPayments']);
    expect((await server.json('GET', '/api/settings?_name=membershippayments', token)).body.data).toEqual([]);
  });

  it('says so in the explainer and the API reference', async () => {
    const explainer = (await server.json<ExplainerResponse>('GET', '/api/explainer', token)).body.data.members!;
    expect(explainer.fields.find((f) => f.name === 'name')!.filterHint).toBe(CONTAINS_HINT);
    expect(explainer.fields.find((f) => f.name === 'state')!.filterHint).toBeUndefined();
    const openapi = (await server.json('GET', '/api/openapi.json', token)).body;
    const parameters: { name: string; description?: string }[] = openapi.paths['/api/members'].get.parameters;
    expect(parameters.find((p) => p.name === '_locality')!.description).toContain(CONTAINS_HINT);
    expect(parameters.find((p) => p.name === '_state')!.description).not.toContain(CONTAINS_HINT);
  });

  it('uses the trigram search index for a searchable field', async () => {
    const { db, engine } = server.database;
    const members = resourceByName('members')!;
    const query = sql`SELECT _id FROM members WHERE ${containsCondition(engine, members, members.field('locality')!, 'porto')}`;
    // Five rows are cheaper to read than an index: planOf asks whether the index *can* answer.
    const plan = await planOf(server.database, query.compile(db));
    expect(plan).toMatch(engine === 'sqlite' ? /members_search VIRTUAL TABLE INDEX/ : /Bitmap Index Scan on members_search/);
  });
});
