import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceServer, type ResourceTestServer } from './support.js';

// Expected status per caller: anonymous, member (with a member record), editor, admin, API key with role editor.
type Row = [number, number, number, number, number];
const LIST: Record<string, Row> = {
  members: [401, 403, 200, 200, 200],
  member_states: [401, 200, 200, 200, 200],
  countries: [401, 200, 200, 200, 200],
  tags: [401, 403, 200, 200, 200],
  contacts: [401, 403, 200, 200, 200],
  users: [401, 403, 200, 200, 200],
  settings: [401, 200, 200, 200, 200],
  api_secrets: [401, 403, 403, 200, 403],
  messages: [401, 403, 200, 200, 200],
};
const CREATE: Record<string, { body: (n: number) => object; expect: Row }> = {
  members: { body: (n) => ({ name: `Sócio ${n}`, state: activeState }), expect: [401, 403, 201, 201, 201] },
  member_states: { body: (n) => ({ name: `Estado ${n}` }), expect: [401, 403, 403, 201, 403] },
  tags: { body: (n) => ({ name: `Etiqueta ${n}` }), expect: [401, 403, 201, 201, 201] },
  contacts: { body: (n) => ({ name: `Contacto ${n}` }), expect: [401, 403, 201, 201, 201] },
  settings: { body: (n) => ({ name: `extra${n}`, value: 'x' }), expect: [401, 403, 403, 201, 403] },
  api_secrets: { body: (n) => ({ name: `Chave ${n}`, role: 'member' }), expect: [401, 403, 403, 201, 403] },
  messages: { body: () => ({ recipient: 'a@b.pt', subject: 'x', body: 'y' }), expect: [401, 403, 403, 403, 403] },
};

let server: ResourceTestServer;
let activeState: number;
let tokens: (string | undefined)[];
let memberId: number;
let memberUserId: number;
let otherMemberId: number;

beforeAll(async () => {
  server = await startResourceServer();
  const admin = await server.as('admin');
  const state = await server.stateId('Ativo');
  activeState = state;
  memberId = (await server.json('POST', '/api/members', admin.token, { name: 'Própria', state })).body.data._id;
  otherMemberId = (await server.json('POST', '/api/members', admin.token, { name: 'Outra', state })).body.data._id;
  const member = await server.as('member', { memberId });
  memberUserId = member.id;
  const editor = await server.as('editor');
  const key = (await server.json('POST', '/api/api_secrets', admin.token, { name: 'Integração', role: 'editor' })).body.data.secret;
  tokens = [undefined, member.token, editor.token, admin.token, key];
});
afterAll(() => server.close());

const callers = ['anónimo', 'sócio', 'editor', 'admin', 'chave de API'];

describe('authorisation matrix of the resource routes', () => {
  it('lists', async () => {
    for (const [resource, expected] of Object.entries(LIST)) {
      const got = await Promise.all(tokens.map(async (t) => (await server.json('GET', `/api/${resource}?_limit=1`, t)).status));
      expect(got, resource).toEqual(expected);
    }
  });

  it('creates', async () => {
    let n = 0;
    for (const [resource, { body, expect: expected }] of Object.entries(CREATE)) {
      const got: number[] = [];
      for (const t of tokens) got.push((await server.json('POST', `/api/${resource}`, t, body((n += 1)))).status);
      expect(got, resource).toEqual(expected);
    }
  });

  it('reads, updates and deletes a member record', async () => {
    const read = async (id: number) => Promise.all(tokens.map(async (t) => (await server.json('GET', `/api/members/${id}`, t)).status));
    expect(await read(memberId)).toEqual([401, 200, 200, 200, 200]);
    expect(await read(otherMemberId)).toEqual([401, 403, 200, 200, 200]);
    const patch = async (id: number) => {
      const got: number[] = [];
      for (const t of tokens) got.push((await server.json('PATCH', `/api/members/${id}`, t, { locality: 'Lisboa' })).status);
      return got;
    };
    expect(await patch(memberId)).toEqual([401, 200, 200, 200, 200]);
    expect(await patch(otherMemberId)).toEqual([401, 403, 200, 200, 200]);
    const users = await Promise.all(tokens.map(async (t) => (await server.json('GET', `/api/users/${memberUserId}`, t)).status));
    expect(users).toEqual([401, 200, 200, 200, 200]);
    const del: number[] = [];
    for (const t of tokens.slice(0, 3)) del.push((await server.json('DELETE', `/api/members/${otherMemberId}`, t)).status);
    expect(del, callers.slice(0, 3).join(', ')).toEqual([401, 403, 403]);
    expect((await server.json('DELETE', `/api/members/${otherMemberId}`, tokens[3])).status).toBe(204);
  });

  it('explainer needs a login; terminology and the OpenAPI document do not', async () => {
    const status = (url: string) => Promise.all(tokens.map(async (t) => (await server.json('GET', url, t)).status));
    expect(await status('/api/explainer')).toEqual([401, 200, 200, 200, 200]);
    expect(await status('/api/terminology')).toEqual([200, 200, 200, 200, 200]);
    expect(await status('/api/openapi.json')).toEqual([200, 200, 200, 200, 200]);
  });
});
