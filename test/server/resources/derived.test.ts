import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startResourceServer, type ResourceTestServer } from './support.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import type { BusEvent } from '../../../src/server/realtime/bus.js';
import type { ExplainerResponse } from '../../../src/core/contract.js';

let server: ResourceTestServer;
let token: string;
beforeEach(async () => {
  server = await startResourceServer();
  ({ token } = await server.as('admin'));
});
afterEach(() => server.close());

const setting = async (name: string) => {
  const { body } = await server.json('GET', `/api/settings?_name=${name}`, token);
  return body.data[0];
};

describe('reference data', () => {
  it('has every country in Portuguese, default states and at least 15 settings, and is idempotent', async () => {
    await ensureReferenceData(server.database.db, server.ctx.now(), 'cooperative');
    const countries = await server.json('GET', '/api/countries?_limit=-1', token);
    expect(countries.body.meta.total).toBeGreaterThan(240);
    expect(countries.body.data.find((c: any) => c.code === 'PT').name).toBe('Portugal');
    expect(countries.body.data.find((c: any) => c.code === 'DE').name).toBe('Alemanha');
    const states = await server.json('GET', '/api/member_states', token);
    expect(states.body.data.map((s: any) => [s.name, s.marksEnd])).toEqual([
      ['Ativo', false], ['Suspenso', false], ['Desistente', true], ['Falecido', true], ['Excluído', true],
    ]);
    const settings = await server.json('GET', '/api/settings?_limit=-1', token);
    expect(settings.body.meta.total).toBeGreaterThanOrEqual(15);
    const names = settings.body.data.map((s: any) => s.name);
    for (const name of ['hasMemberApplication', 'hasTreasury', 'SendMessages', 'automatedMemberPayments', 'orgType', 'client']) {
      expect(names).toContain(name);
    }
    // The second run (as a cooperative) changed nothing that existed.
    expect((await setting('orgType')).value).toBe('association');
    expect((await setting('SendMessages')).value).toBe('false');
  });
});

describe('settings and terminology', () => {
  it('any authenticated caller reads settings; only an administrator writes them', async () => {
    const member = await server.as('member');
    const editor = await server.as('editor');
    expect((await server.json('GET', '/api/settings', member.token)).status).toBe(200);
    expect((await server.json('GET', '/api/settings', undefined)).status).toBe(401);
    const sending = await setting('SendMessages');
    expect((await server.json('PATCH', `/api/settings/${sending._id}`, editor.token, { value: 'true' })).status).toBe(403);
    expect((await server.json('PATCH', `/api/settings/${sending._id}`, member.token, { value: 'true' })).status).toBe(403);
    expect((await server.json('POST', '/api/settings', editor.token, { name: 'x', value: 'y' })).status).toBe(403);
    expect((await server.json('PATCH', `/api/settings/${sending._id}`, token, { value: 'true' })).body.data.value).toBe('true');
  });

  it('publishes "settings updated" and the change event when a setting changes', async () => {
    const events: BusEvent[] = [];
    server.ctx.bus.subscribe((e) => events.push(e));
    const name = await setting('name');
    await server.json('PATCH', `/api/settings/${name._id}`, token, { value: 'Associação Recreativa' });
    expect(events.map((e) => e.topic)).toEqual(['settings updated', 'settings changed']);
    expect(events[1]).toMatchObject({ payload: { resource: 'settings', action: 'updated', id: name._id } });
    expect(events[1]!.audience).toBeUndefined();
  });

  it('GET /api/terminology is public and follows the settings', async () => {
    const before = await server.json('GET', '/api/terminology', undefined);
    expect(before.status).toBe(200);
    expect(before.body.data.data).toEqual({
      name: 'Associação', nameArticle: 'a', memberSingular: 'Sócio', memberPlural: 'Sócios', memberURLSingular: 'socio',
      memberURLPlural: 'socios', membershipPayments: 'Quotas', membershipPaymentsURL: 'quotas',
    });
    const plural = await setting('memberPlural');
    await server.json('PATCH', `/api/settings/${plural._id}`, token, { value: 'Associados' });
    expect((await server.json('GET', '/api/terminology', undefined)).body.data.data.memberPlural).toBe('Associados');
    // The article is one of the five the contractions know; anything else is refused and changes nothing.
    const article = await setting('nameArticle');
    expect((await server.json('PATCH', `/api/settings/${article._id}`, token, { value: 'la' })).status).toBe(422);
    await server.json('PATCH', `/api/settings/${article._id}`, token, { value: 'o' });
    expect((await server.json('GET', '/api/terminology', undefined)).body.data.data.nameArticle).toBe('o');
  });
});

describe('change events', () => {
  it('go to staff and to the user a member record belongs to', async () => {
    const events: BusEvent[] = [];
    server.ctx.bus.subscribe((e) => events.push(e));
    const state = await server.stateId('Ativo');
    const created = await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Ana', state });
    const id = created.body.data._id;
    const member = await server.as('member', { memberId: id });
    await server.json('PATCH', `/api/members/${id}`, token, { name: 'Ana Sá' });
    await server.json('DELETE', `/api/members/${id}`, token);
    const memberEvents = events.filter((e) => e.topic === 'members changed');
    expect(memberEvents.map((e) => (e.payload as any).action)).toEqual(['created', 'updated', 'deleted']);
    expect(memberEvents[0]!.audience).toEqual({ roles: ['admin', 'editor'] });
    expect(memberEvents[1]!.audience).toEqual({ roles: ['admin', 'editor'], userIds: [member.id] });
    expect(memberEvents[2]!.audience).toEqual({ roles: ['admin', 'editor'], userIds: [member.id] });
    expect(memberEvents[2]!.payload).toEqual({ resource: 'members', action: 'deleted', id });
  });
});

describe('explainer', () => {
  it('describes the resources the caller may read, from the definitions', async () => {
    // Without a session: only what anyone may create (the membership application form), nothing staff read.
    const anonymous = await server.json<ExplainerResponse>('GET', '/api/explainer', undefined);
    expect(anonymous.status).toBe(200);
    expect(Object.keys(anonymous.body.data)).toEqual(['member_applications']);
    const { body } = await server.json<ExplainerResponse>('GET', '/api/explainer', token);
    expect(Object.keys(body.data)).toEqual(expect.arrayContaining(['members', 'member_states', 'countries', 'tags', 'contacts', 'users', 'settings', 'api_secrets', 'messages']));
    const fields = body.data.members!.fields;
    const nif = fields.find((f) => f.name === 'nif')!;
    expect(nif).toEqual({
      name: 'nif', type: 'string', validation: { checks: ['nif'] }, label: 'NIF', group: 'Identificação', inputType: 'text',
      sortable: true, filterable: true, filterHint: 'contém, sem distinção de maiúsculas nem acentos', searchable: true, readOnly: false,
    });
    expect(fields.find((f) => f.name === 'state')).toMatchObject({ type: 'reference', ref: 'member_states', inputType: 'select' });
    expect(fields.find((f) => f.name === 'tags')).toMatchObject({ type: 'references', ref: 'tags', inputType: 'multiselect' });
    expect(fields.find((f) => f.name === 'created_at')).toMatchObject({ readOnly: true, sortable: true });
    expect(body.data.users!.fields.find((f) => f.name === 'role')!.options!.map((o) => o.value)).toEqual(['admin', 'editor', 'member']);
    expect(body.data.users!.fields.find((f) => f.name === 'password')).toMatchObject({ inputType: 'password' });
    // A new record's form starts from the defaults that need no data: a user and a reminder stage
    // start active; the next member number is the server's to choose.
    expect(body.data.users!.fields.find((f) => f.name === 'active')!.default).toBe(1);
    expect(body.data.reminder_stages!.fields.find((f) => f.name === 'active')!.default).toBe(1);
    expect(fields.find((f) => f.name === 'number')!.default).toBeUndefined();
  });

  it('shows a member only what they may read, with the fields they may not change read-only', async () => {
    const member = await server.as('member', { memberId: null });
    const { body } = await server.json<ExplainerResponse>('GET', '/api/explainer', member.token);
    expect(Object.keys(body.data)).not.toContain('api_secrets');
    expect(Object.keys(body.data)).not.toContain('messages');
    const withRecord = await server.as('member', { memberId: (await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Ana', state: await server.stateId('Ativo') })).body.data._id });
    const mine = await server.json<ExplainerResponse>('GET', '/api/explainer', withRecord.token);
    const fields = mine.body.data.members!.fields;
    expect(fields.find((f) => f.name === 'number')!.readOnly).toBe(true);
    expect(fields.find((f) => f.name === 'state')!.readOnly).toBe(true);
    expect(fields.find((f) => f.name === 'phone')!.readOnly).toBe(false);
  });
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document with every resource operation, schemas and bearer auth', async () => {
    const { status, body } = await server.json('GET', '/api/openapi.json', undefined);
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(body.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const path of ['/api/members', '/api/members/{id}', '/api/members/validate', '/api/member_states/{id}/members', '/api/tags/{id}/members', '/api/api_secrets']) {
      expect(body.paths, path).toHaveProperty([path]);
    }
    expect(Object.keys(body.paths['/api/members/{id}'])).toEqual(['get', 'put', 'patch', 'delete']);
    expect(Object.keys(body.paths['/api/messages'])).toEqual(['get']);
    expect(body.components.schemas.Members.properties.nif).toMatchObject({ type: ['string', 'null'], title: 'NIF' });
    expect(body.components.schemas.Users.properties).not.toHaveProperty('password');
    expect(body.components.schemas.UsersInput.properties.password).toMatchObject({ writeOnly: true });
    // Every $ref resolves and every operation id is unique.
    const text = JSON.stringify(body);
    for (const [, kind, name] of text.matchAll(/"#\/components\/(schemas|responses)\/(\w+)"/g)) {
      expect(body.components[kind!], `${kind}/${name}`).toHaveProperty([name!]);
    }
    const ids = Object.values(body.paths).flatMap((p: any) => Object.values(p).map((o: any) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
