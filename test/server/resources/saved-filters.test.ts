import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DUPLICATE_NAME } from '../../../src/server/modules/lists/saved-filters.js';
import { startResourceServer, type ResourceTestServer } from './support.js';

let server: ResourceTestServer;
beforeEach(async () => {
  server = await startResourceServer();
});
afterEach(() => server.close());

describe('saved filters', () => {
  it('are kept per person: each sees, changes and deletes only their own', async () => {
    const ana = await server.as('editor');
    const rui = await server.as('admin');
    const saved = await server.json('POST', '/api/saved_filters', ana.token, { resource: 'members', name: 'Suspensos de Lisboa', query: '_state=2&_locality=lisboa&_sort=name' });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({ resource: 'members', name: 'Suspensos de Lisboa', query: '_state=2&_locality=lisboa&_sort=name', owner: ana.id });
    const id = saved.body.data._id;
    await server.json('POST', '/api/saved_filters', rui.token, { resource: 'members', name: 'Os meus', query: '' });

    const list = await server.json('GET', '/api/saved_filters?_resource=members', ana.token);
    expect(list.body.data.map((f: { name: string }) => f.name)).toEqual(['Suspensos de Lisboa']);
    // Another person's filter is as if absent, administrators included.
    expect((await server.json('GET', `/api/saved_filters/${id}`, rui.token)).status).toBe(404);
    expect((await server.json('PATCH', `/api/saved_filters/${id}`, rui.token, { name: 'Meu' })).status).toBe(404);
    expect((await server.json('DELETE', `/api/saved_filters/${id}`, rui.token)).status).toBe(404);

    expect((await server.json('PATCH', `/api/saved_filters/${id}`, ana.token, { name: 'Suspensos' })).body.data.name).toBe('Suspensos');
    // The owner is the server's: a body naming another person is ignored.
    const forged = await server.json('POST', '/api/saved_filters', ana.token, { resource: 'payments', name: 'Forjado', owner: rui.id });
    expect(forged.body.data.owner).toBe(ana.id);
    expect((await server.json('DELETE', `/api/saved_filters/${id}`, ana.token)).status).toBe(204);
    expect((await server.json('GET', '/api/saved_filters', ana.token)).body.data.map((f: { name: string }) => f.name)).toEqual(['Forjado']);
  });

  it('refuse a name the person already gave a filter of the same list, in pt-PT, storing nothing', async () => {
    const { token } = await server.as('member', { memberId: null });
    const other = await server.as('editor');
    expect((await server.json('POST', '/api/saved_filters', token, { resource: 'members', name: 'Quotas', query: '_standing=em_atraso' })).status).toBe(201);
    const again = await server.json('POST', '/api/saved_filters', token, { resource: 'members', name: 'Quotas', query: '_state=1' });
    expect(again).toEqual({ status: 422, body: { code: 'invalid_record', errors: { name: DUPLICATE_NAME } } });
    // The same name on another list, or for another person, is fine.
    expect((await server.json('POST', '/api/saved_filters', token, { resource: 'payments', name: 'Quotas' })).status).toBe(201);
    expect((await server.json('POST', '/api/saved_filters', other.token, { resource: 'members', name: 'Quotas' })).status).toBe(201);
    const renamed = await server.json('POST', '/api/saved_filters', token, { resource: 'members', name: 'Outro' });
    expect((await server.json('PATCH', `/api/saved_filters/${renamed.body.data._id}`, token, { name: 'Quotas' })).status).toBe(422);
    expect((await server.json('GET', '/api/saved_filters?_resource=members', token)).body.data.map((f: { name: string }) => f.name)).toEqual(['Outro', 'Quotas']);
    expect((await server.json('POST', '/api/saved_filters', token, { resource: 'Sócios!', name: 'x' })).status).toBe(422);
  });

  it('are no API key\'s: a key has no person to keep them for', async () => {
    const { token } = await server.as('admin');
    const key = (await server.json('POST', '/api/api_secrets', token, { name: 'Integração', role: 'admin' })).body.data.secret;
    expect((await server.json('GET', '/api/saved_filters', key)).status).toBe(403);
    expect((await server.json('POST', '/api/saved_filters', key, { resource: 'members', name: 'x' })).status).toBe(403);
  });
});
