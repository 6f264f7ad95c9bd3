import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditHistoryEntry } from '../../src/core/audit.js';
import type { ExplainerResponse, ListResponse } from '../../src/core/contract.js';
import type { Caller } from '../../src/server/auth/caller.js';
import { diffRecords, recordAudit, type AuditEntry } from '../../src/server/audit/record.js';
import { pruneAudit, startAuditPruning } from '../../src/server/audit/retention.js';
import { resourceByName } from './support/app-registry.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';

const members = resourceByName('members')!;
const users = resourceByName('users')!;
const DAY = 86_400_000;

let server: ResourceTestServer;
let admin: { token: string; id: number };
beforeEach(async () => {
  server = await startResourceServer();
  admin = await server.as('admin');
});
afterEach(() => server.close());

const staff = (id: number, name: string, role: 'admin' | 'editor' = 'admin'): Caller => ({ kind: 'user', id, name, role, memberId: null });

let memberNumber = 0;
/** A member stored directly, so the only audit entries are the ones each test writes. */
async function newMember(name = 'Ana Sousa'): Promise<number> {
  const stamp = new Date(server.ctx.now()).toISOString();
  const row = await server.database.db
    .insertInto('members')
    .values({ number: (memberNumber += 1), name, state: await server.stateId('Ativo'), created_at: stamp, updated_at: stamp })
    .returning('_id')
    .executeTakeFirstOrThrow();
  return Number(row._id);
}

/** Stores an entry directly, as the write path and the auth actions do. */
async function audit(entry: Partial<AuditEntry> & Pick<AuditEntry, 'resource' | 'recordId' | 'action'>) {
  await recordAudit(server.database.db, {
    at: server.ctx.now(),
    actor: staff(admin.id, 'Helena Admin'),
    address: '192.0.2.10',
    changes: null,
    ...entry,
  });
}

async function history(resource: string, id: number, token: string | undefined, query = '') {
  return server.json<ListResponse<AuditHistoryEntry>>('GET', `/api/${resource}/${id}/history${query}`, token);
}

describe('diffRecords', () => {
  const row = (values: Record<string, unknown>) => ({ _id: 5, created_at: 'c', updated_at: 'u', _version: 1, ...values });

  it('gives the changed fields with old and new values as the API shows them, nothing else', () => {
    const before = row({ name: 'Ana', email: null, tags: [3, 1], notes: 'x', state: 1, number: 7 });
    const after = row({ name: 'Ana Sousa', email: 'ana@exemplo.pt', tags: [1, 2, 3], notes: 'x', state: '2', number: 7, updated_at: 'later', _version: 2 });
    expect(diffRecords(members, before, after)).toEqual({
      name: ['Ana', 'Ana Sousa'],
      email: [null, 'ana@exemplo.pt'],
      tags: [[1, 3], [1, 2, 3]],
      state: [1, 2],
    });
  });

  it('compares many-to-many lists as sorted id lists', () => {
    expect(diffRecords(members, row({ name: 'A', tags: [2, 1] }), row({ name: 'A', tags: [1, 2] }))).toEqual({});
  });

  it('lists every value of a create and of a delete, booleans as true/false', () => {
    const user = row({ username: 'rita', name: 'Rita', email: null, role: 'member', member: null, active: 1, password_hash: null });
    expect(diffRecords(users, undefined, user)).toEqual({ username: [null, 'rita'], name: [null, 'Rita'], role: [null, 'member'], active: [null, true] });
    expect(diffRecords(users, user, undefined)).toEqual({ username: ['rita', null], name: ['Rita', null], role: ['member', null], active: [true, null] });
  });

  it('says a password changed without keeping the password or its hash', () => {
    const before = row({ username: 'rita', name: 'Rita', role: 'member', active: 1, password_hash: 'scrypt$old' });
    const after = { ...before, password_hash: 'scrypt$new' };
    const changes = diffRecords(users, before, after);
    expect(changes).toEqual({ password: [null, null] });
    expect(JSON.stringify(changes)).not.toContain('scrypt');
  });
});

describe('recordAudit', () => {
  it('stores who, when, from where, what and the changes; secrets only as "changed"', async () => {
    const id = await newMember();
    const at = Date.parse('2025-03-04T05:06:07.089Z');
    await recordAudit(server.database.db, {
      at,
      actor: { kind: 'apiKey', id: 9, name: 'Integração do site', role: 'editor', memberId: null },
      address: '2001:db8::1',
      resource: 'members',
      recordId: id,
      action: 'update',
      changes: { name: ['A', 'B'], password_hash: ['h1', 'h2'], secret: ['s1', 's2'], recoverCode: ['c1', 'c2'] },
    });
    const stored = await server.database.db.selectFrom('audit_log').selectAll().where('record_id', '=', id).where('action', '=', 'update').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      at: '2025-03-04T05:06:07.089Z',
      day: '2025-03-04',
      actor_kind: 'apiKey',
      actor_name: 'Integração do site',
      address: '2001:db8::1',
      resource: 'members',
      action: 'update',
    });
    expect(Number(stored.actor_id)).toBe(9);
    expect(JSON.parse(String(stored.changes))).toEqual({ name: ['A', 'B'], password_hash: [null, null], secret: [null, null], recoverCode: [null, null] });
  });

  it('rolls back with the transaction it was written in', async () => {
    const id = await newMember();
    const before = await server.database.db.selectFrom('audit_log').select('_id').execute();
    await expect(
      server.database.db.transaction().execute(async (trx) => {
        await recordAudit(trx, { at: server.ctx.now(), actor: { kind: 'anonymous' }, address: null, resource: 'members', recordId: id, action: 'update', changes: {} });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await server.database.db.selectFrom('audit_log').select('_id').execute()).toHaveLength(before.length);
  });
});

describe('GET /api/{res}/{id}/history', () => {
  it('gives an administrator every entry of the record, newest first, paginated like lists', async () => {
    const id = await newMember();
    const other = await newMember('Outra Pessoa');
    await audit({ resource: 'members', recordId: id, action: 'create', changes: { name: [null, 'Ana'] } });
    server.advance(1000);
    await audit({ resource: 'members', recordId: id, action: 'update', changes: { notes: [null, 'Deve quotas'] } });
    server.advance(1000);
    await audit({ resource: 'members', recordId: id, action: 'update', changes: { phone: [null, '912345678'] }, address: '198.51.100.7' });
    await audit({ resource: 'members', recordId: other, action: 'update', changes: { phone: [null, '1'] } });
    await audit({ resource: 'users', recordId: id, action: 'update', changes: { name: ['x', 'y'] } });

    const all = await history('members', id, admin.token, '?_resource=users&_record_id=1');
    expect(all.status).toBe(200);
    expect(all.body.data.map((e) => Object.keys(e.changes!)[0])).toEqual(['phone', 'notes', 'name']);
    expect(all.body.data[0]).toMatchObject({ action: 'update', actor_kind: 'user', actor_id: admin.id, actor_name: 'Helena Admin', address: '198.51.100.7', changes: { phone: [null, '912345678'] } });
    // Only this record's entries, whatever filters the query tried to set.
    expect(all.body.data.some((e) => e.changes?.phone?.[1] === '1' || e.changes?.name?.[1] === 'y')).toBe(false);

    const page2 = await history('members', id, admin.token, '?_limit=1&_page=2');
    expect(page2.body.meta.total).toBe(all.body.meta.total);
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.data[0]!._id).toBe(all.body.data[1]!._id);
  });

  it('keeps the history of a deleted record for administrators', async () => {
    const id = await newMember();
    await audit({ resource: 'members', recordId: id, action: 'delete', changes: { name: ['Ana Sousa', null] } });
    await server.database.db.deleteFrom('members').where('_id', '=', id).execute();
    const { status, body } = await history('members', id, admin.token);
    expect(status).toBe(200);
    expect(body.data.find((e) => e.action === 'delete')?.changes).toEqual({ name: ['Ana Sousa', null] });
  });

  it('shows a member the history of their own record: fields they may read, by whom, not staff-internal detail', async () => {
    const id = await newMember();
    const member = await server.as('member', { memberId: id });
    await audit({ resource: 'members', recordId: id, action: 'create', changes: { name: [null, 'Ana Sousa'], notes: [null, 'interno'] } });
    server.advance(1000);
    await audit({ resource: 'members', recordId: id, action: 'update', changes: { notes: ['interno', 'Mais interno'] } });
    server.advance(1000);
    await audit({ resource: 'members', recordId: id, action: 'update', changes: { phone: [null, '912345678'], notes: ['Mais interno', 'x'] } });
    server.advance(1000);
    await audit({ resource: 'members', recordId: id, action: 'notify', changes: null });
    server.advance(1000);
    await audit({
      resource: 'members', recordId: id, action: 'update', changes: { email: [null, 'ana@exemplo.pt'] },
      actor: { kind: 'apiKey', id: 3, name: 'Importação CRM', role: 'editor', memberId: null },
    });
    server.advance(1000);
    await audit({ resource: 'members', recordId: id, action: 'update', changes: { locality: [null, 'Porto'] }, actor: { kind: 'user', id: member.id, name: 'Ana Sousa', role: 'member', memberId: id } });

    const { status, body } = await history('members', id, member.token);
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { _id: expect.any(Number), at: expect.any(String), action: 'update', actor_kind: 'user', actor_name: 'Ana Sousa', changes: { locality: [null, 'Porto'] } },
      { _id: expect.any(Number), at: expect.any(String), action: 'update', actor_kind: 'apiKey', actor_name: 'Serviços da organização', changes: { email: [null, 'ana@exemplo.pt'] } },
      { _id: expect.any(Number), at: expect.any(String), action: 'update', actor_kind: 'user', actor_name: 'Helena Admin', changes: { phone: [null, '912345678'] } },
      { _id: expect.any(Number), at: expect.any(String), action: 'create', actor_kind: 'user', actor_name: 'Helena Admin', changes: { name: [null, 'Ana Sousa'] } },
    ]);
    expect(body.meta.total).toBe(4);
    expect(JSON.stringify(body)).not.toContain('interno');
    expect(JSON.stringify(body)).not.toContain('192.0.2.10');

    const second = await history('members', id, member.token, '?_limit=3&_page=2');
    expect(second.body).toEqual({ data: [body.data[3]], meta: { total: 4 } });
    // Filters could probe what the member's view hides: they are ignored, not applied.
    const probe = await history('members', id, member.token, '?_address=192.0.2.10');
    expect(probe.body.meta.total).toBe(4);
  });

  it("shows a member their own user record's history, password changes without values", async () => {
    const id = await newMember();
    const member = await server.as('member', { memberId: id });
    await audit({ resource: 'users', recordId: member.id, action: 'update', changes: { password: [null, null], email: ['a@exemplo.pt', 'b@exemplo.pt'] } });
    await audit({ resource: 'users', recordId: member.id, action: 'login', actor: { kind: 'user', id: member.id, name: 'Ana', role: 'member', memberId: id } });
    await audit({ resource: 'users', recordId: member.id, action: 'login', actor: staff(admin.id, 'Helena Admin') });
    const { status, body } = await history('users', member.id, member.token);
    expect(status).toBe(200);
    expect(body.data.map((e) => [e.action, e.actor_name, e.changes])).toEqual([
      ['login', 'Ana', null],
      ['update', 'Helena Admin', { password: [null, null], email: ['a@exemplo.pt', 'b@exemplo.pt'] }],
    ]);
  });

  it('refuses everyone else: another member 403, editors 403 (own records aside), no login 401', async () => {
    const id = await newMember();
    const other = await newMember('Outra Pessoa');
    const member = await server.as('member', { memberId: id });
    const editor = await server.as('editor');
    await audit({ resource: 'members', recordId: other, action: 'update', changes: { phone: [null, '1'] } });
    expect((await history('members', other, member.token)).status).toBe(403);
    expect((await history('users', admin.id, member.token)).status).toBe(403);
    expect((await history('members', other, editor.token)).status).toBe(403);
    expect((await history('tags', 1, editor.token)).status).toBe(403);
    expect((await history('members', other, undefined)).status).toBe(401);
    expect((await history('users', editor.id, editor.token)).status).toBe(200);
    expect((await history('members', 0 + other, admin.token)).status).toBe(200);
    expect((await history('members', Number.NaN, admin.token)).status).toBe(400);
  });

  it('is served for every resource but the audit trail itself', async () => {
    const routes = server.app.routeList.filter((r) => r.url.endsWith('/history')).map((r) => r.url);
    expect(routes).toContain('/api/members/:id/history');
    expect(routes).toContain('/api/settings/:id/history');
    expect(routes).not.toContain('/api/audit_log/:id/history');
  });
});

describe('the audit list (audit_log)', () => {
  it('is for administrators only and read-only for them too', async () => {
    const editor = await server.as('editor');
    const member = await server.as('member');
    expect((await server.json('GET', '/api/audit_log', admin.token)).status).toBe(200);
    expect((await server.json('GET', '/api/audit_log', editor.token)).status).toBe(403);
    expect((await server.json('GET', '/api/audit_log', member.token)).status).toBe(403);
    const explained = async (token: string) => (await server.json<ExplainerResponse>('GET', '/api/explainer', token)).body.data;
    expect((await explained(admin.token)).audit_log?.label).toBe('Auditoria');
    expect((await explained(editor.token)).audit_log).toBeUndefined();
    expect((await explained(member.token)).audit_log).toBeUndefined();
    // Nobody may write it, so it has no write routes at all.
    const created = await server.json('POST', '/api/audit_log', admin.token, { resource: 'members', action: 'update' });
    expect(created.status).toBe(404);
    await audit({ resource: 'members', recordId: 1, action: 'update', changes: { name: ['a', 'b'] } });
    const row = await server.database.db.selectFrom('audit_log').select('_id').executeTakeFirstOrThrow();
    expect((await server.json('GET', `/api/audit_log/${row._id}`, admin.token)).body.data.changes).toBe('{"name":["a","b"]}');
    expect((await server.json('PATCH', `/api/audit_log/${row._id}`, admin.token, { action: 'delete' })).status).toBe(404);
    expect((await server.json('DELETE', `/api/audit_log/${row._id}`, admin.token)).status).toBe(404);
    expect((await server.json('GET', `/api/audit_log/${row._id}`, admin.token)).status).toBe(200);
  });

  it('filters by resource, record, actor, action and day; newest first by default', async () => {
    const id = await newMember();
    const t0 = Date.parse('2025-05-01T10:00:00Z');
    await audit({ at: t0, resource: 'members', recordId: id, action: 'update', changes: { name: ['a', 'b'] } });
    await audit({ at: t0 + DAY, resource: 'members', recordId: id, action: 'delete', changes: {} });
    await audit({ at: t0 + DAY + 1, resource: 'tags', recordId: 4, action: 'create', actor: { kind: 'apiKey', id: 2, name: 'Chave', role: 'admin', memberId: null } });
    const list = async (query: string) => {
      const { status, body } = await server.json('GET', `/api/audit_log?${query}`, admin.token);
      expect(status, query).toBe(200);
      return (body.data as { action: string; at: string; resource: string }[]).filter((e) => e.at.startsWith('2025-05'));
    };
    expect((await list('_resource=members')).map((e) => e.action)).toEqual(['delete', 'update']);
    expect((await list(`_record_id=${id}&_action=update`)).map((e) => e.action)).toEqual(['update']);
    expect((await list('_actor_kind=apiKey&_actor_id=2')).map((e) => e.resource)).toEqual(['tags']);
    expect((await list('_day=2025-05-02')).map((e) => e.action)).toEqual(['create', 'delete']);
    expect((await list('_day=2025-05-01&_day=2025-05-02&_sort=at')).map((e) => e.action)).toEqual(['update', 'delete', 'create']);
    expect((await server.json('GET', '/api/audit_log?_resource=nada', admin.token)).status).toBe(400);
  });
});

describe('retention', () => {
  const stamps = async () =>
    (await server.database.db.selectFrom('audit_log').select('at').where('resource', '=', 'tags').orderBy('at').execute()).map((r) => r.at);

  it('deletes entries older than auditRetentionDays (730 by default) and keeps the rest', async () => {
    const now = server.ctx.now();
    for (const age of [800, 731, 729, 1]) await audit({ at: now - age * DAY, resource: 'tags', recordId: 1, action: 'update' });
    expect(await pruneAudit(server.database.db, now)).toBe(2);
    expect(await stamps()).toEqual([now - 729 * DAY, now - DAY].map((t) => new Date(t).toISOString()));
    // A year later on the server clock, the 729-day-old entry has gone too.
    server.advance(365 * DAY);
    await pruneAudit(server.database.db, server.ctx.now());
    expect(await stamps()).toEqual([new Date(now - DAY).toISOString()]);
  });

  it('follows the setting an administrator changes; a malformed value keeps the default', async () => {
    const now = server.ctx.now();
    for (const age of [400, 40, 10]) await audit({ at: now - age * DAY, resource: 'tags', recordId: 1, action: 'update' });
    const setting = (await server.json('GET', '/api/settings?_name=auditRetentionDays', admin.token)).body.data[0];
    expect(setting.value).toBe('730');
    await server.json('PATCH', `/api/settings/${setting._id}`, admin.token, { value: 'trinta' });
    expect(await pruneAudit(server.database.db, now)).toBe(0);
    await server.json('PATCH', `/api/settings/${setting._id}`, admin.token, { value: '30' });
    await pruneAudit(server.database.db, now);
    expect(await stamps()).toEqual([new Date(now - 10 * DAY).toISOString()]);
  });

  it('prunes when started and stops cleanly', async () => {
    const now = server.ctx.now();
    await audit({ at: now - 1000 * DAY, resource: 'tags', recordId: 1, action: 'update' });
    const pruner = startAuditPruning(server.ctx);
    await pruner.stop();
    expect(await stamps()).toEqual([]);
  });
});
