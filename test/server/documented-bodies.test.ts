import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../src/server/openapi/route-doc.js';
import { issuePaymentLink } from '../../src/server/modules/payment-links/tokens.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import type { RouteEntry } from '../../src/server/route-list.js';
import { startTestServer, type TestServer } from './support/server.js';

/**
 * Every route that documents a JSON body (`config.openapi.body`) is refused by that schema
 * when a body breaks it: a 400 naming the field in Portuguese, or the route's 422 with the
 * field's message. The routes are read from the server's own list, so a route added with a
 * documented body is checked here without touching this file.
 */

let server: TestServer;
let adminToken: string;
/** A live payment link, so its public routes read the body. */
let linkToken = '';

beforeAll(async () => {
  server = await startTestServer();
  // With a member record of their own, so the member's own routes (POST /api/payment_requests/own) read the body too.
  await ensureReferenceData(server.database.db, server.ctx.now(), 'association');
  const state = await server.database.db.selectFrom('member_states').select('_id').orderBy('_id').executeTakeFirstOrThrow();
  const bootstrap = await server.createUser('admin');
  const member = await server.request({ method: 'POST', url: '/api/members', token: (await server.login(bootstrap)).access, payload: { dues_exempt: true, name: 'Ana Esquema', state: Number(state._id) } });
  expect(member.statusCode, member.body).toBe(201);
  const admin = await server.createUser('admin', { memberId: Number(member.json().data._id) });
  const link = await issuePaymentLink(server.database.db, { member: Number(member.json().data._id), purpose: 'documented-bodies', now: server.ctx.now() });
  linkToken = link!.split('/').pop()!;
  adminToken = (await server.login(admin)).access;
  // Optional modules on, so their routes answer rather than 404.
  const switches = [...new Set(server.app.routeList.map((route) => route.enabledBy).filter((name): name is string => name !== undefined))];
  for (const name of switches) {
    const found = (await server.request({ method: 'GET', url: `/api/settings?_name=${name}`, token: adminToken })).json().data as { _id: number }[];
    const response = found[0]
      ? await server.request({ method: 'PATCH', url: `/api/settings/${found[0]._id}`, token: adminToken, payload: { value: 'true' } })
      : await server.request({ method: 'POST', url: '/api/settings', token: adminToken, payload: { name, value: 'true' } });
    expect(response.statusCode, response.body).toBeLessThan(300);
  }
});
afterAll(async () => {
  await server?.close();
});

const isJson = (route: RouteEntry) => route.doc?.body !== undefined && (route.doc.body.type ?? 'application/json') === 'application/json';
const handChecked = (route: RouteEntry) => route.doc?.body?.handChecked !== undefined;
const documented = () => server.app.routeList.filter((route) => isJson(route) && !handChecked(route));

const typesOf = (schema: JsonSchema): string[] => [schema.type ?? []].flat() as string[];

/** A value of none of the schema's types (or outside its constant or list), if it has any. */
function wrongValue(schema: JsonSchema): unknown {
  if ('const' in schema || Array.isArray(schema.enum)) return '\u2205 nenhum destes';
  const types = typesOf(schema);
  if (types.length === 0) return undefined;
  if (!types.includes('string')) return 'texto onde não cabe';
  if (!types.includes('integer') && !types.includes('number')) return 12345;
  return { não: 'serve' };
}

/** The first object shape of a schema (the first of several accepted ones). */
function shapeOf(schema: JsonSchema): JsonSchema {
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  return branches ? shapeOf(branches[0]!) : schema;
}

/** A body that breaks the schema on one property, and the fields the refusal may name (that one, or a required one left out). */
function breaking(schema: JsonSchema): { body: Record<string, unknown>; fields: string[] } {
  const shape = shapeOf(schema);
  const properties = (shape.properties ?? {}) as Record<string, JsonSchema>;
  const required = (shape.required ?? []) as string[];
  for (const [name, property] of Object.entries(properties)) {
    const wrong = wrongValue(property);
    if (wrong !== undefined) return { body: { [name]: wrong }, fields: [name, ...required.filter((other) => other !== name)] };
  }
  throw new Error(`no property to break in ${JSON.stringify(schema)}`);
}

const path = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => (name === 'year' ? '2026' : name === 'type' ? 'quota' : name === 'token' ? linkToken : '1'));

const send = (route: RouteEntry, payload?: unknown) =>
  server.request({
    method: route.method,
    url: path(route.url),
    ...(route.public ? {} : { token: adminToken }),
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
  });

const PORTUGUESE = /^O campo "[^"]+" (é|deve|não|tem) [^"]*\.$/;

describe('documented JSON bodies', () => {
  it('are listed: the custom routes with a body, from login to the bulk routes of every resource', () => {
    const names = documented().map((route) => `${route.method} ${route.url}`);
    expect(names).toEqual(expect.arrayContaining(['POST /api/auth', 'POST /api/auth/refresh', 'POST /api/members/bulk_update', 'POST /api/treasury_docs/manual', 'PUT /api/treasury_series/:type/:year']));
    expect(names.length).toBeGreaterThan(40);
    // Left to their handlers, each with its reason in its description: kept short on purpose.
    expect(server.app.routeList.filter((route) => isJson(route) && handChecked(route)).map((route) => `${route.method} ${route.url}`)).toEqual(['POST /api/auth/two-factor/confirm', 'POST /api/reconciliation_imports/preview']);
  });

  it('refuse a body breaking the schema with the route’s 400 or 422, naming the field in Portuguese', async () => {
    const answers: string[] = [];
    for (const route of documented()) {
      const { body, fields } = breaking(route.doc!.body!.schema);
      const response = await send(route, body);
      const answer = response.json();
      const where = `${route.method} ${route.url} ${JSON.stringify(body)}: ${response.statusCode} ${response.body}`;
      if (route.doc!.body!.invalid === 'fields') {
        expect(response.statusCode, where).toBe(422);
        expect(answer.code, where).toBe('invalid_record');
        const named = Object.keys(answer.errors);
        expect(named.length, where).toBe(1);
        expect(fields, where).toContain(named[0]);
        expect(answer.errors[named[0]!], where).not.toMatch(/must|should/);
        expect(answer.errors[named[0]!], where).toMatch(/^\p{Lu}.*\.$/u);
      } else {
        expect(response.statusCode, where).toBe(400);
        expect(answer.code, where).toBe('bad_request');
        expect(answer.message, where).toMatch(/^\p{Lu}.*\.$/u);
        // The generic sentence names the field; a property's own sentence (x-message) is its route's words.
        if (PORTUGUESE.test(answer.message)) expect(fields.some((field) => answer.message.startsWith(`O campo "${field}" `)), where).toBe(true);
      }
      answers.push(where);
    }
    expect(answers.length).toBe(documented().length);
  });

  it('refuse a body that is not an object with the 400 the routes gave before', async () => {
    for (const route of documented()) {
      const response = await send(route, ['uma', 'lista']);
      expect({ status: response.statusCode, message: response.json().message }, `${route.method} ${route.url}`).toEqual({ status: 400, message: 'O corpo do pedido deve ser um objeto JSON.' });
    }
  });

  it('ask an anonymous caller of a route that needs a login to log in, before judging the body', async () => {
    for (const route of documented().filter((entry) => !entry.public)) {
      const response = await server.request({ method: route.method, url: path(route.url), payload: ['uma', 'lista'] });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('let an optional body be left out', async () => {
    const optional = documented().filter((route) => route.doc!.body!.required === false);
    expect(optional.map((route) => route.url)).toContain('/api/auth/two-factor/enrol');
    for (const route of optional) {
      const response = await send(route);
      expect(response.json().message ?? '', `${route.method} ${route.url}`).not.toMatch(/corpo do pedido|O campo/);
    }
  });
});
