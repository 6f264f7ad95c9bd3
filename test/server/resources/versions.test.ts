import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../../src/server/realtime/bus.js';
import { resourceByName } from '../support/app-registry.js';
import type { WriteHooks } from '../../../src/server/resources/define.js';
import { startResourceServer, type ResourceTestServer } from './support.js';

let server: ResourceTestServer;
let token: string;
let active: number;
let published: BusEvent[];
beforeEach(async () => {
  server = await startResourceServer();
  ({ token } = await server.as('admin'));
  active = await server.stateId('Ativo');
  published = [];
  const publish = server.ctx.bus.publish.bind(server.ctx.bus);
  server.ctx.bus.publish = async (event) => {
    published.push(event);
    await publish(event);
  };
});
afterEach(() => server.close());

const memberEvents = () => published.filter((e) => e.topic === 'members changed');
const stored = async (id: number) => server.database.db.selectFrom('members').selectAll().where('_id', '=', id).executeTakeFirstOrThrow();

async function newMember(body: object = {}) {
  const created = await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Ana Silva', state: active, ...body });
  expect(created.status).toBe(201);
  return created.body.data as { _id: number; _version: number; [k: string]: unknown };
}

describe('record versions: no lost update', () => {
  it('starts at version 1, sends it as ETag and raises it on every update', async () => {
    const member = await newMember();
    expect(member._version).toBe(1);
    const read = await server.request({ method: 'GET', url: `/api/members/${member._id}`, token });
    expect(read.headers.etag).toBe('"1"');
    const patched = await server.json('PATCH', `/api/members/${member._id}`, token, { locality: 'Braga', _version: 1 });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ locality: 'Braga', _version: 2 });
    const replaced = await server.json('PUT', `/api/members/${member._id}`, token, { ...patched.body.data, name: 'Ana Sá' });
    expect(replaced.body.data).toMatchObject({ name: 'Ana Sá', _version: 3 });
  });

  it('refuses a write based on an older version with 409, the current record, and changes nothing', async () => {
    const member = await newMember();
    // Two people opened version 1; the first saves.
    expect((await server.json('PATCH', `/api/members/${member._id}`, token, { locality: 'Braga', _version: 1 })).status).toBe(200);
    const before = await stored(member._id);
    const eventsBefore = memberEvents().length;

    const stale = await server.json('PUT', `/api/members/${member._id}`, token, { ...member, phone: '+351912345678' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ statusCode: 409, code: 'stale_version', message: expect.stringContaining('alterado por outra pessoa') });
    expect(stale.body.data).toMatchObject({ _id: member._id, locality: 'Braga', phone: null, _version: 2 });
    expect(await stored(member._id)).toEqual(before);
    expect(memberEvents()).toHaveLength(eventsBefore);

    const byHeader = await server.request({
      method: 'PATCH', url: `/api/members/${member._id}`, token, headers: { 'if-match': '"1"' }, payload: { phone: '+351912345678' },
    });
    expect(byHeader.statusCode).toBe(409);
    const deleted = await server.request({ method: 'DELETE', url: `/api/members/${member._id}`, token, headers: { 'if-match': '"1"' } });
    expect(deleted.statusCode).toBe(409);
    expect(await stored(member._id)).toEqual(before);

    // Based on the current version, the same change goes through.
    const retried = await server.json('PATCH', `/api/members/${member._id}`, token, { phone: '+351912345678', _version: 2 });
    expect(retried.body.data).toMatchObject({ locality: 'Braga', phone: '+351912345678', _version: 3 });
  });

  it('lets exactly one of two concurrent writes based on the same version through', async () => {
    const member = await newMember();
    const answers = await Promise.all(
      ['Braga', 'Faro', 'Porto', 'Évora'].map((locality) => server.json('PATCH', `/api/members/${member._id}`, token, { locality, _version: 1 })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.data.locality;
    expect(await stored(member._id)).toMatchObject({ locality: winner, _version: 2 });
  });

  it('accepts writes that name no version, and refuses malformed or disagreeing versions with 400', async () => {
    const member = await newMember();
    expect((await server.json('PATCH', `/api/members/${member._id}`, token, { locality: 'Braga' })).status).toBe(200);
    expect((await server.json('PATCH', `/api/members/${member._id}`, token, { locality: 'Faro', _version: 'dois' })).status).toBe(400);
    const disagreeing = await server.request({
      method: 'PATCH', url: `/api/members/${member._id}`, token, headers: { 'if-match': '"2"' }, payload: { locality: 'Faro', _version: 1 },
    });
    expect(disagreeing.statusCode).toBe(400);
    const badHeader = await server.request({ method: 'PATCH', url: `/api/members/${member._id}`, token, headers: { 'if-match': 'abc' }, payload: { locality: 'Faro' } });
    expect(badHeader.statusCode).toBe(400);
    expect(await stored(member._id)).toMatchObject({ locality: 'Braga', _version: 2 });
  });
});

describe('writes that change nothing', () => {
  it('answers 422 to a PATCH with no field it could change, and stores nothing', async () => {
    const member = await newMember();
    const before = await stored(member._id);
    const eventsBefore = memberEvents().length;
    for (const payload of [{ colour: 'azul' }, { _id: 5, created_at: 'x' }, {}]) {
      const response = await server.json('PATCH', `/api/members/${member._id}`, token, payload);
      expect(response.status).toBe(422);
      expect(response.body.message).toMatch(/nenhum campo/);
    }
    expect(await stored(member._id)).toEqual(before);
    expect(memberEvents()).toHaveLength(eventsBefore);
  });

  it('answers a write of the values already stored with the record, without a new version or an event', async () => {
    const member = await newMember({ locality: 'Braga' });
    server.advance(60_000);
    const eventsBefore = memberEvents().length;
    const same = await server.json('PATCH', `/api/members/${member._id}`, token, { locality: 'Braga', _version: 1 });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ _version: 1, updated_at: member.updated_at });
    expect(memberEvents()).toHaveLength(eventsBefore);
  });
});

describe('field-level read access', () => {
  it('never gives a member the staff-only notes of their own record, in records, lists or the explainer', async () => {
    const member = await newMember({ notes: 'Quota paga em numerário; ver com a tesouraria.' });
    const own = await server.as('member', { memberId: member._id });
    const read = await server.json('GET', `/api/members/${member._id}`, own.token);
    expect(read.status).toBe(200);
    expect(read.body.data.name).toBe('Ana Silva');
    expect(read.body.data).not.toHaveProperty('notes');
    const saved = await server.json('PATCH', `/api/members/${member._id}`, own.token, { locality: 'Faro' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).not.toHaveProperty('notes');
    const explainer = await server.json('GET', '/api/explainer', own.token);
    expect(explainer.body.data.members.fields.map((f: { name: string }) => f.name)).not.toContain('notes');
    // Staff still read it, from the same cache-backed list.
    const list = await server.json('GET', '/api/members', token);
    expect(list.body.data[0].notes).toMatch(/numerário/);
    const staffExplainer = await server.json('GET', '/api/explainer', token);
    expect(staffExplainer.body.data.members.fields.map((f: { name: string }) => f.name)).toContain('notes');
  });
});

describe('one transaction per write', () => {
  it('rolls everything back and announces nothing when a hook fails after the row was written', async () => {
    const tags = resourceByName('tags')!;
    const original = tags.hooks;
    let announced = false;
    const failing: WriteHooks = {
      async afterWrite(hook) {
        hook.afterCommit(() => {
          announced = true;
        });
        throw new Error('hook failed');
      },
    };
    (tags as { hooks?: WriteHooks }).hooks = failing;
    try {
      const created = await server.json('POST', '/api/tags', token, { name: 'Direção' });
      expect(created.status).toBe(500);
    } finally {
      (tags as { hooks?: WriteHooks }).hooks = original;
    }
    expect(await server.database.db.selectFrom('tags').selectAll().execute()).toEqual([]);
    expect(await server.database.db.selectFrom('audit_log').selectAll().where('resource', '=', 'tags').execute()).toEqual([]);
    expect(announced).toBe(false);
    expect(published.filter((e) => e.topic === 'tags changed')).toEqual([]);
  });
});
