import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../src/core/contract.js';
import { withRecordColumns } from '../../src/server/db/migrations/schema-helpers.js';
import { defineModule } from '../../src/server/modules/define-module.js';
import { appModules } from '../../src/server/modules/index.js';
import { defineAction } from '../../src/server/resources/actions.js';
import { defineResource } from '../../src/server/resources/define.js';
import { HttpError } from '../../src/server/errors.js';
import type { BusEvent } from '../../src/server/realtime/bus.js';
import { mayReceive } from '../../src/server/realtime/audience.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { startTestServer, type TestServer, type TestUser } from './support/server.js';
import { loose } from '../../src/server/db/database.js';

/** A resource only this test serves: notes that belong to a member, who reaches their own. */
const notes = defineResource({
  name: 'notes_test',
  label: 'Notas',
  labelSingular: 'Nota',
  access: { list: ['admin', 'editor', 'own'], read: ['admin', 'editor', 'own'], create: ['admin', 'editor', 'own'], update: ['admin', 'editor', 'own'], delete: ['admin'] },
  scope: { column: 'member', equals: 'callerMember' },
  fields: [
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', filterable: true },
    { name: 'text', type: 'string', label: 'Texto', validation: { required: true, maxLength: 100 } },
    { name: 'count', type: 'integer', label: 'Contagem' },
  ],
});

/** Adds `by` to a note's count; `fail` makes it refuse after writing, so the write must roll back. */
const bump = defineAction({
  resource: 'notes_test',
  name: 'bump',
  label: 'Somar',
  on: 'record',
  access: ['admin', 'editor'],
  fields: [
    { name: 'by', type: 'integer', label: 'Quanto', validation: { required: true, min: 1, max: 10 } },
    { name: 'fail', type: 'boolean', label: 'Falhar' },
  ],
  async run({ db, record, input, afterCommit, ctx }) {
    const count = Number(record!.count ?? 0) + Number(input.by);
    await loose(db).updateTable('notes_test').set({ count, _version: Number(record!._version) + 1 }).where('_id', '=', Number(record!._id)).execute();
    await loose(db).insertInto('notes_test').values({ text: 'efeito secundário', created_at: 'x', updated_at: 'x' }).execute();
    afterCommit(() => ctx.bus.publish({ topic: 'bumped', payload: { id: record!._id } }));
    if (input.fail) throw new HttpError(409, 'Não foi possível somar.');
    return undefined;
  },
});

/** A collection action that answers with what it computed. */
const total = defineAction({
  resource: 'notes_test',
  name: 'total',
  label: 'Total',
  on: 'collection',
  access: ['admin'],
  async run({ db }) {
    const rows = await loose(db).selectFrom('notes_test').select('count').execute();
    return { total: rows.reduce((sum, r) => sum + Number(r.count ?? 0), 0) };
  },
});

/** A public application form: anyone may send a name and an e-mail; staff handle the rest. */
const applications = defineResource({
  name: 'applications_test',
  label: 'Candidaturas',
  labelSingular: 'Candidatura',
  access: { list: ['admin'], read: ['admin'], create: ['public', 'admin'], update: ['admin'], delete: ['admin'] },
  publicFields: ['name', 'email'],
  fields: [
    { name: 'name', type: 'string', label: 'Nome', validation: { required: true, minLength: 2, maxLength: 100 } },
    { name: 'email', type: 'email', label: 'E-mail', validation: { maxLength: 254 } },
    { name: 'status', type: 'string', label: 'Estado', defaultValue: () => 'nova' },
    { name: 'staff_notes', type: 'text', label: 'Notas internas' },
  ],
});

const testModule = defineModule({ name: 'notes_test', resources: [notes, applications], actions: [bump, total] });

let server: TestServer;
let events: BusEvent[] = [];
const tokens: Record<string, string> = {};
const users: Record<string, TestUser> = {};
const memberIds: Record<string, number> = {};

async function as(who: string | undefined, method: string, url: string, payload?: object) {
  return server.request({ method: method, url, ...(who ? { token: tokens[who] } : {}), ...(payload === undefined ? {} : { payload }) });
}

async function note(fields: Record<string, unknown> = {}): Promise<number> {
  const response = await as('admin', 'POST', '/api/notes_test', { text: 'nota', count: 0, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return Number(response.json().data._id);
}

const rows = () => loose(server.database.db).selectFrom('notes_test').selectAll().orderBy('_id').execute();
const auditOf = (id: number) =>
  server.database.db.selectFrom('audit_log').selectAll().where('resource', '=', 'notes_test').where('record_id', '=', id).orderBy('_id').execute();

beforeAll(async () => {
  server = await startTestServer({}, { modules: [...appModules, testModule] });
  await withRecordColumns(server.database.db.schema.createTable('notes_test'), server.database.engine)
    .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('member', 'integer')
    .addColumn('text', 'varchar(200)')
    .addColumn('count', 'integer')
    .execute();
  await withRecordColumns(server.database.db.schema.createTable('applications_test'), server.database.engine)
    .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('name', 'varchar(200)')
    .addColumn('email', 'varchar(300)')
    .addColumn('status', 'varchar(20)')
    .addColumn('staff_notes', 'text')
    .execute();
  await ensureReferenceData(server.database.db, Date.now());
  for (const role of ['admin', 'editor', 'member'] as const) {
    users[role] = await server.createUser(role);
    tokens[role] = (await server.login(users[role])).access;
  }
  const state = await server.database.db.selectFrom('member_states').select('_id').executeTakeFirstOrThrow();
  for (const who of ['ana', 'rui']) {
    const member = (await as('admin', 'POST', '/api/members', { dues_exempt: true, name: who === 'ana' ? 'Ana Lopes' : 'Rui Dias', state: Number(state._id) })).json().data;
    memberIds[who] = Number(member._id);
    users[who] = await server.createUser('member', { memberId: memberIds[who] });
    tokens[who] = (await server.login(users[who])).access;
  }
  server.ctx.bus.subscribe((event) => events.push(event));
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  events = [];
});

describe('declared actions', () => {
  it('run in one transaction with an audit entry named after the action, and announce the change after commit', async () => {
    const id = await note({ count: 2 });
    events = [];
    const response = await as('editor', 'POST', `/api/notes_test/${id}/bump`, { by: 3 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ _id: id, count: 5, _version: 2 });
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'bump']);
    expect(JSON.parse(String(audit[1]!.changes))).toEqual({ count: [2, 5] });
    expect(events.map((e) => e.topic).sort()).toEqual(['bumped', 'notes_test changed']);
    expect(events.find((e) => e.topic === 'notes_test changed')!.payload).toEqual({ resource: 'notes_test', action: 'updated', id });
  });

  it('validate their input like record fields: 422 with pt-PT messages, nothing changed', async () => {
    const id = await note();
    const before = await rows();
    events = [];
    const missing = await as('admin', 'POST', `/api/notes_test/${id}/bump`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ by: 'Campo obrigatório.' });
    const tooMuch = await as('admin', 'POST', `/api/notes_test/${id}/bump`, { by: 11 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.by).toBe('Não pode ser superior a 10.');
    const notANumber = await as('admin', 'POST', `/api/notes_test/${id}/bump`, { by: 'três' });
    expect(notANumber.statusCode).toBe(422);
    expect(await rows()).toEqual(before);
    expect(events).toEqual([]);
  });

  it('a throwing action leaves no row changed, no audit entry and no event', async () => {
    const id = await note({ count: 1 });
    const before = await rows();
    const auditBefore = await auditOf(id);
    events = [];
    const response = await as('admin', 'POST', `/api/notes_test/${id}/bump`, { by: 2, fail: true });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Não foi possível somar.');
    expect(await rows()).toEqual(before);
    expect(await auditOf(id)).toEqual(auditBefore);
    expect(events).toEqual([]);
  });

  it('are refused to callers without access, and 404 on a missing record', async () => {
    const id = await note();
    const before = await rows();
    expect((await as(undefined, 'POST', `/api/notes_test/${id}/bump`, { by: 1 })).statusCode).toBe(401);
    expect((await as('member', 'POST', `/api/notes_test/${id}/bump`, { by: 1 })).statusCode).toBe(403);
    expect((await as('editor', 'POST', '/api/notes_test/total', {})).statusCode).toBe(403);
    expect((await as('admin', 'POST', '/api/notes_test/999999/bump', { by: 1 })).statusCode).toBe(404);
    expect(await rows()).toEqual(before);
  });

  it('collection actions answer what they computed', async () => {
    const expected = (await rows()).reduce((sum, r) => sum + Number(r.count ?? 0), 0);
    const response = await as('admin', 'POST', '/api/notes_test/total');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { total: expected } });
  });

  it('are listed in the explainer for the callers who may run them, and in the OpenAPI document', async () => {
    const admin = (await as('admin', 'GET', '/api/explainer')).json().data.notes_test;
    expect(admin.actions.map((a: { name: string }) => a.name)).toEqual(['bump', 'total']);
    expect(admin.actions[0].fields.map((f: { name: string }) => f.name)).toEqual(['by', 'fail']);
    const editor = (await as('editor', 'GET', '/api/explainer')).json().data.notes_test;
    expect(editor.actions.map((a: { name: string }) => a.name)).toEqual(['bump']);
    const paths = (await as(undefined, 'GET', '/api/openapi.json')).json().paths;
    expect(paths['/api/notes_test/{id}/bump'].post.requestBody.content['application/json'].schema.required).toEqual(['by']);
    expect(paths['/api/notes_test/total'].post).toBeDefined();
    // The audit trail names the action with its label.
    const auditActions = (await as('admin', 'GET', '/api/explainer')).json().data.audit_log.fields.find((f: { name: string }) => f.name === 'action');
    expect(auditActions.options).toContainEqual({ value: 'bump', label: 'Somar' });
    expect(auditActions.options).toContainEqual({ value: 'revoke', label: 'Revogação' });
  });
});

describe('row scopes', () => {
  it('a member lists and reads only their own rows, and gets 404 for the others', async () => {
    const mine = await note({ member: memberIds.ana, text: 'da Ana' });
    const theirs = await note({ member: memberIds.rui, text: 'do Rui' });
    const list = await as('ana', 'GET', '/api/notes_test?_limit=-1');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((n: { _id: number }) => n._id)).toEqual([mine]);
    expect(list.json().meta.total).toBe(1);
    expect((await as('ana', 'GET', `/api/notes_test/${mine}`)).json().data.text).toBe('da Ana');
    expect((await as('ana', 'GET', `/api/notes_test/${theirs}`)).statusCode).toBe(404);
    // Nested reads go through the same scope.
    const nested = await as('ana', 'GET', `/api/members/${memberIds.ana}/notes_test`);
    expect(nested.json().data.map((n: { _id: number }) => n._id)).toEqual([mine]);
    expect((await as('rui', 'GET', `/api/members/${memberIds.ana}/notes_test`)).json().data).toEqual([]);
    // Staff see every row; a member without a member record has no rows at all.
    expect((await as('editor', 'GET', '/api/notes_test?_limit=-1')).json().data.length).toBeGreaterThanOrEqual(2);
    expect((await as('member', 'GET', '/api/notes_test')).statusCode).toBe(403);
  });

  it("a member changes only their own rows, creates rows as theirs, and cannot move a row to someone else", async () => {
    const theirs = await note({ member: memberIds.rui, text: 'do Rui' });
    const before = await rows();
    expect((await as('ana', 'PATCH', `/api/notes_test/${theirs}`, { text: 'mudado' })).statusCode).toBe(404);
    expect((await as('ana', 'DELETE', `/api/notes_test/${theirs}`)).statusCode).toBe(403);
    expect(await rows()).toEqual(before);
    const created = await as('ana', 'POST', '/api/notes_test', { text: 'nova' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.member).toBe(memberIds.ana);
    const id = Number(created.json().data._id);
    expect((await as('ana', 'PATCH', `/api/notes_test/${id}`, { member: memberIds.rui })).statusCode).toBe(403);
    expect((await as('ana', 'POST', '/api/notes_test', { text: 'alheia', member: memberIds.rui })).statusCode).toBe(403);
    expect((await as('ana', 'PATCH', `/api/notes_test/${id}`, { text: 'editada' })).statusCode).toBe(200);
  });

  it("change events reach only the row's member and staff", async () => {
    events = [];
    const id = await note({ member: memberIds.ana, text: 'aviso' });
    const change = events.find((e) => e.topic === 'notes_test changed')!;
    expect(change.payload).toEqual({ resource: 'notes_test', action: 'created', id });
    const reaches = (who: string, role: Role) => mayReceive({ kind: 'user', id: users[who]!.id, name: who, role, memberId: memberIds[who] ?? null }, change.audience);
    expect(reaches('ana', 'member')).toBe(true);
    expect(reaches('rui', 'member')).toBe(false);
    expect(reaches('member', 'member')).toBe(false);
    expect(reaches('editor', 'editor')).toBe(true);
    expect(reaches('admin', 'admin')).toBe(true);
  });
});

describe('public grants', () => {
  const applicationRows = () => loose(server.database.db).selectFrom('applications_test').selectAll().orderBy('_id').execute();

  it('an anonymous caller creates through the public fields only', async () => {
    const response = await as(undefined, 'POST', '/api/applications_test', { name: 'Joana Reis', email: 'joana@exemplo.pt', status: 'aceite', staff_notes: 'x' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toEqual({ _id: expect.any(Number), name: 'Joana Reis', email: 'joana@exemplo.pt' });
    const stored = (await applicationRows()).find((r) => Number(r._id) === response.json().data._id)!;
    expect(stored).toMatchObject({ name: 'Joana Reis', status: 'nova', staff_notes: null });
    const audit = await server.database.db.selectFrom('audit_log').selectAll().where('resource', '=', 'applications_test').execute();
    expect(audit.map((a) => [a.action, a.actor_kind])).toEqual([['create', 'anonymous']]);
  });

  it('a bad public create is a 422 in pt-PT and stores nothing', async () => {
    const before = await applicationRows();
    const response = await as(undefined, 'POST', '/api/applications_test', { name: 'J', email: 'não é email' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['email', 'name']);
    expect(response.json().errors.name).toBe('Deve ter pelo menos 2 caracteres.');
    expect(await applicationRows()).toEqual(before);
  });

  it('and nothing else: no list, read, change or delete, no other resource', async () => {
    const id = Number((await as('admin', 'POST', '/api/applications_test', { name: 'Pedro Sá' })).json().data._id);
    const before = await applicationRows();
    expect((await as(undefined, 'GET', '/api/applications_test')).statusCode).toBe(401);
    expect((await as(undefined, 'GET', `/api/applications_test/${id}`)).statusCode).toBe(401);
    expect((await as(undefined, 'PATCH', `/api/applications_test/${id}`, { name: 'Outro' })).statusCode).toBe(401);
    expect((await as(undefined, 'DELETE', `/api/applications_test/${id}`)).statusCode).toBe(401);
    expect((await as(undefined, 'GET', '/api/notes_test')).statusCode).toBe(401);
    expect((await as(undefined, 'POST', '/api/notes_test', { text: 'anónima' })).statusCode).toBe(401);
    expect(await applicationRows()).toEqual(before);
  });

  it('the explainer answers an anonymous caller with the public subset only', async () => {
    const response = await as(undefined, 'GET', '/api/explainer');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    // The app's own public create (the membership application form) is served beside the test module's.
    expect(Object.keys(data).sort()).toEqual(['applications_test', 'member_applications']);
    expect(data.applications_test.fields.map((f: { name: string }) => f.name)).toEqual(['name', 'email']);
    // Signed-in staff still get the whole resource.
    const admin = (await as('admin', 'GET', '/api/explainer')).json().data.applications_test;
    expect(admin.fields.map((f: { name: string }) => f.name)).toContain('staff_notes');
  });
});

describe('API key revocation', () => {
  it('is an action: the server stamps the time, logs the key out after commit, and a second call changes nothing', async () => {
    const created = (await as('admin', 'POST', '/api/api_secrets', { name: 'Integração', role: 'editor' })).json().data;
    const keyAnswer = await server.request({ method: 'GET', url: '/api/members', headers: { authorization: `Bearer ${created.secret}` } });
    expect(keyAnswer.statusCode).toBe(200);
    events = [];
    const revoked = await as('admin', 'POST', `/api/api_secrets/${created._id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.revoked_at).toBe(new Date(Date.parse(revoked.json().data.revoked_at)).toISOString());
    expect(events.map((e) => e.topic)).toContain('api_secrets changed');
    expect(events.some((e) => e.topic !== 'api_secrets changed')).toBe(true);
    const refused = await server.request({ method: 'GET', url: '/api/members', headers: { authorization: `Bearer ${created.secret}` } });
    expect(refused.statusCode).toBe(401);
    server.advance(60_000);
    events = [];
    const again = await as('admin', 'POST', `/api/api_secrets/${created._id}/revoke`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.revoked_at).toBe(revoked.json().data.revoked_at);
    expect(events).toEqual([]);
    // The PATCH path still refuses to bring a revoked key back.
    const unrevoke = await as('admin', 'PATCH', `/api/api_secrets/${created._id}`, { revoked_at: null });
    expect(unrevoke.statusCode).toBe(422);
  });
});
