import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditHistoryEntry } from '../../src/core/audit.js';
import type { ListResponse } from '../../src/core/contract.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';

let server: ResourceTestServer;
beforeEach(async () => {
  server = await startResourceServer();
});
afterEach(() => server.close());

const history = async (resource: string, id: number, token: string) => {
  const { status, body } = await server.json<ListResponse<AuditHistoryEntry>>('GET', `/api/${resource}/${id}/history`, token);
  expect(status).toBe(200);
  return body.data;
};

describe('a record history through the API (the write path records every change)', () => {
  it('shows who changed which field from what to what, newest first', async () => {
    const admin = await server.as('admin');
    const editor = await server.as('editor');
    const adminName = (await server.json('GET', `/api/users/${admin.id}`, admin.token)).body.data.name;
    const editorName = (await server.json('GET', `/api/users/${editor.id}`, admin.token)).body.data.name;
    const tag = (await server.json('POST', '/api/tags', admin.token, { name: 'Direção' })).body.data._id;

    const created = await server.json('POST', '/api/members', admin.token, { dues_exempt: true, name: 'Rui Matos', state: await server.stateId('Ativo'), phone: '912000111' });
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    server.advance(1000);
    const changed = await server.json('PATCH', `/api/members/${id}`, editor.token, { phone: '913000222', locality: 'Braga', tags: [tag] });
    expect(changed.status).toBe(200);
    server.advance(1000);
    // Storing what is already stored changes nothing and records nothing.
    await server.json('PATCH', `/api/members/${id}`, editor.token, { phone: '913000222' });

    const entries = await history('members', id, admin.token);
    expect(entries.map((e) => [e.action, e.actor_name])).toEqual([
      ['update', editorName],
      ['create', adminName],
    ]);
    expect(entries[0]).toMatchObject({ actor_kind: 'user', actor_id: editor.id, changes: { phone: ['+351912000111', '+351913000222'], locality: [null, 'Braga'], tags: [[], [tag]] } });
    expect(Object.keys(entries[0]!.changes!).sort()).toEqual(['locality', 'phone', 'tags']);
    expect(entries[0]!.address).toBeTruthy();
    expect(entries[1]!.changes).toMatchObject({ name: [null, 'Rui Matos'], phone: [null, '+351912000111'], number: [null, created.body.data.number] });

    const removed = await server.json('DELETE', `/api/members/${id}`, admin.token);
    expect(removed.status).toBe(204);
    const afterDelete = await history('members', id, admin.token);
    expect(afterDelete[0]).toMatchObject({ action: 'delete', actor_id: admin.id, changes: { name: ['Rui Matos', null], locality: ['Braga', null] } });
  });

  it("records an API key as the actor, and a password change without its value", async () => {
    const admin = await server.as('admin');
    const key = (await server.json('POST', '/api/api_secrets', admin.token, { name: 'Integração do site', role: 'admin' })).body.data;
    const user = (await server.json('POST', '/api/users', key.secret, { username: 'marta', name: 'Marta', role: 'member' })).body.data;
    await server.json('PATCH', `/api/users/${user._id}`, admin.token, { password: 'uma-senha-longa' });
    const entries = await history('users', user._id, admin.token);
    expect(entries.map((e) => [e.action, e.actor_kind, e.actor_name])).toEqual([
      ['update', 'user', expect.any(String)],
      ['create', 'apiKey', 'Integração do site'],
    ]);
    expect(entries[0]!.changes).toEqual({ password: [null, null] });
    const keyEntries = await history('api_secrets', key._id, admin.token);
    expect(JSON.stringify(keyEntries)).not.toContain(key.secret);
  });

  it("lets a member read their own record's history, staff notes left out", async () => {
    const admin = await server.as('admin');
    const id = (await server.json('POST', '/api/members', admin.token, { dues_exempt: true, name: 'Sara Lima', state: await server.stateId('Ativo') })).body.data._id;
    const member = await server.as('member', { memberId: id });
    server.advance(1000);
    await server.json('PATCH', `/api/members/${id}`, admin.token, { notes: 'Pediu para não ser contactada' });
    server.advance(1000);
    await server.json('PATCH', `/api/members/${id}`, member.token, { email: 'sara@exemplo.pt' });
    const entries = await history('members', id, member.token);
    expect(entries.map((e) => [e.action, e.changes])).toEqual([
      ['update', { email: [null, 'sara@exemplo.pt'] }],
      ['create', expect.objectContaining({ name: [null, 'Sara Lima'] })],
    ]);
    expect(JSON.stringify(entries)).not.toContain('contactada');
    expect(entries.some((e) => 'address' in e || 'actor_id' in e)).toBe(false);
  });
});
