import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { ERROR_CODES } from '../../src/core/contract.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { resources } from './support/app-registry.js';
import { startTestServer, type TestServer } from './support/server.js';
import { loose } from '../../src/server/db/database.js';

/**
 * Bad input of every kind against every kind of endpoint: each answer is a 4xx with a
 * pt-PT message (or field messages), and the database is exactly as before.
 */

let server: TestServer;
let admin = '';
let member = '';
const ids: Record<string, number> = {};

/** Every table's rows, to prove a refused request changed nothing. */
async function snapshot() {
  const tables = ['members', 'member_tags', 'member_states', 'countries', 'tags', 'contacts', 'users', 'settings', 'api_secrets', 'messages', 'refresh_tokens', 'fee_categories', 'fee_schedules', 'sepa_mandates', 'reminder_stages', 'households', 'consent_purposes', 'consents', 'data_subject_requests'];
  const result: Record<string, unknown[]> = {};
  for (const table of tables) {
    const order = table === 'member_tags' ? ['member_id', 'tag_id'] : ['_id'];
    result[table] = await loose(server.database.db).selectFrom(table).selectAll().orderBy(order).execute();
  }
  return result;
}

function expectClearRefusal(response: { statusCode: number; json(): unknown }, status: number | number[], label: string) {
  expect([status].flat(), `${label}: got ${response.statusCode}`).toContain(response.statusCode);
  const body = response.json() as { code?: string; message?: string; errors?: Record<string, string> };
  expect(ERROR_CODES, `${label}: a known machine-readable code (got ${body.code})`).toContain(body.code);
  if (response.statusCode === 422) {
    expect(Object.keys(body.errors ?? {}).length, label).toBeGreaterThan(0);
  } else {
    expect(body.message, label).toMatch(/[a-zà-ú]{3,}/i);
    expect(body.message, `${label}: no stack or internals`).not.toMatch(/\bat \w+ \(|SQLITE|syntax error|TypeError/);
  }
}

beforeAll(async () => {
  server = await startTestServer();
  await ensureReferenceData(server.database.db, Date.now());
  admin = (await server.login(await server.createUser('admin'))).access;
  const state = await server.request({ method: 'GET', url: '/api/member_states', token: admin });
  const created = await server.request({
    method: 'POST',
    url: '/api/members',
    token: admin,
    payload: { dues_exempt: true, name: 'Maria Alves', state: state.json().data[0]._id },
  });
  ids.members = created.json().data._id;
  member = (await server.login(await server.createUser('member', { memberId: ids.members }))).access;
  for (const [resource, payload] of [['tags', { name: 'Fundador' }], ['contacts', { name: 'Junta de Freguesia' }], ['api_secrets', { name: 'Site', role: 'editor' }], ['fee_categories', { name: 'Efetivo' }]] as const) {
    await server.request({ method: 'POST', url: `/api/${resource}`, token: admin, payload });
  }
  const category = await server.database.db.selectFrom('fee_categories').select('_id').executeTakeFirstOrThrow();
  await server.request({ method: 'POST', url: '/api/fee_schedules', token: admin, payload: { year: 2026, category: category._id, amount: 3000, periodicity: 'annual', due_day: 31 } });
  // The treasury's and the assemblies' resources answer only with their module on (a module switch).
  const stamp = new Date().toISOString();
  for (const name of ['hasTreasury', 'hasAssemblies']) {
    await server.database.db.insertInto('settings').values({ name, value: 'true', created_at: stamp, updated_at: stamp }).onConflict((oc) => oc.column('name').doUpdateSet({ value: 'true' })).execute();
  }
  const more = [
    ['sepa_mandates', { member: ids.members, iban: 'PT50000201231234567890154', reference: 'MANDATO-1', signature_date: '2025-10-01' }],
    ['reminder_stages', { name: 'Lembrete', offset_days: 15, channel: 'email', subject: 'Quotas em atraso', body: 'Olá {primeiro_nome}, deve {total}.' }],
    ['card_checkins', { name: 'Assembleia geral', date: '2026-03-28' }],
    // The administrator's own: saved filters are each person's.
    ['saved_filters', { resource: 'members', name: 'Suspensos', query: '_state=2' }],
    // A paper application typed in by staff.
    ['member_applications', { name: 'Rita Candidata' }],
    ['document_statuses', { name: 'Emitido', color: '#2e7d32' }],
    ['assemblies', { kind: 'ordinaria', title: 'Assembleia geral ordinária', date: '2099-03-28', time: '21:00', place: 'Sede' }],
    // A family whose payer is a contact (a name and a NIF), and a data-subject request (issue 34).
    ['households', { name: 'Agregado Teste', payer_name: 'Rui Contacto', payer_nif: '123456789' }],
    ['data_subject_requests', { requester_name: 'Rita Titular', kind: 'acesso' }],
  ] as const;
  for (const [resource, payload] of more) {
    const response = await server.request({ method: 'POST', url: `/api/${resource}`, token: admin, payload });
    if (response.statusCode !== 201) throw new Error(`setup ${resource}: ${response.statusCode} ${response.body}`);
  }
  const assembly = await server.database.db.selectFrom('assemblies').select('_id').executeTakeFirstOrThrow();
  const item = await server.request({ method: 'POST', url: '/api/assembly_items', token: admin, payload: { assembly: assembly._id, position: 1, title: 'Relatório e contas', majority: 'ordinary' } });
  if (item.statusCode !== 201) throw new Error(`setup assembly_items: ${item.statusCode} ${item.body}`);
  for (const resource of resources) {
    const row = await loose(server.database.db).selectFrom(resource.name).select('_id').orderBy('_id').executeTakeFirst();
    if (row) ids[resource.name] = Number(row._id);
  }
});
afterAll(async () => {
  await server?.close();
});

describe('request bodies', () => {
  const bodies: { label: string; payload: string; type?: string; status: number | number[] }[] = [
    { label: 'malformed JSON', payload: '{"name": "Ana",', status: 400 },
    { label: 'a JSON array', payload: '[{"name":"Ana"}]', status: 400 },
    { label: 'a JSON string', payload: '"Ana"', status: 400 },
    { label: 'JSON null', payload: 'null', status: 400 },
    { label: 'an unsupported content type', payload: 'name=Ana', type: 'application/x-www-form-urlencoded', status: 415 },
    { label: 'a body over the limit', payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }), status: 413 },
    { label: 'a NUL in a string', payload: JSON.stringify({ name: 'A\u0000na', username: 'a\u0000', connectionId: 'a\u0000', refreshToken: 'a\u0000' }), status: 400 },
  ];

  it('are refused with a clear 4xx on every write endpoint of every resource, changing nothing', async () => {
    const before = await snapshot();
    for (const resource of resources) {
      const id = ids[resource.name] ?? 1;
      const creates = resource.access.create.length > 0;
      const updates = resource.access.update.length > 0;
      // Whether each route exists: an operation nobody is granted has none.
      const endpoints: [string, string, boolean][] = [
        ['POST', `/api/${resource.name}`, creates],
        ['PUT', `/api/${resource.name}/${id}`, updates],
        ['PATCH', `/api/${resource.name}/${id}`, updates],
        ['POST', `/api/${resource.name}/validate`, creates || updates],
      ];
      for (const [method, url, routed] of endpoints) {
        for (const body of bodies) {
          const response = await server.request({
            method,
            url,
            token: admin,
            headers: { 'content-type': body.type ?? 'application/json' },
            payload: body.payload,
          });
          // No route (the outbox and the audit log are written by nobody): a 404, or the body's own
          // refusal when Fastify reads the body before answering that no route matched.
          const status = routed ? body.status : [404, body.status].flat();
          expectClearRefusal(response, status, `${method} ${url} with ${body.label}`);
        }
      }
    }
    for (const [method, url] of [['POST', '/api/auth'], ['POST', '/api/auth/refresh'], ['POST', '/api/websocket/auth']] as const) {
      for (const body of bodies) {
        const response = await server.request({ method, url, token: url.includes('websocket') ? admin : undefined, headers: { 'content-type': body.type ?? 'application/json' }, payload: body.payload });
        expectClearRefusal(response, body.status, `${method} ${url} with ${body.label}`);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('wrong types for every writable field are field errors (422), never a 500, and change nothing', async () => {
    const before = await snapshot();
    const wrong: Record<string, unknown[]> = {
      string: [42, true, { a: 1 }, ['x']],
      text: [42, { a: 1 }],
      email: [42, 'não-é-email'],
      phone: [{ a: 1 }, 'abc'],
      integer: ['abc', 1.5, true, { a: 1 }, '99999999999999999999'],
      float32: ['abc', { a: 1 }],
      boolean: ['talvez', 2, { a: 1 }],
      date: ['ontem', '2024-13-45', 20240101],
      datetime: ['agora', 5],
      reference: ['abc', 99_999_999, { a: 1 }],
      references: ['abc', [99_999_999], [{ a: 1 }]],
      enum: ['nenhum', 3],
      password: [42, 'curta'],
      money: ['abc', 1.5, -1, '12,50', 100_000_000, { a: 1 }],
    };
    const accepted: string[] = [];
    for (const resource of resources) {
      // Records no one may change once written (donations) have no PATCH to send them to.
      if (resource.access.create.length === 0 || resource.access.update.length === 0) continue;
      for (const field of resource.fields) {
        if (field.readOnly) continue;
        for (const value of wrong[field.type] ?? []) {
          const response = await server.request({
            method: 'PATCH',
            url: `/api/${resource.name}/${ids[resource.name]}`,
            token: admin,
            payload: { [field.name]: value },
          });
          const message = response.statusCode === 422 ? response.json().errors[field.name] : undefined;
          if (typeof message !== 'string' || message.length < 5) {
            accepted.push(`${resource.name}.${field.name} = ${JSON.stringify(value)} -> ${response.statusCode}`);
          }
        }
      }
    }
    expect(accepted).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('list parameters and ids', () => {
  const badQueries = ['_limit=abc', '_limit=1.5', '_page=abc', '_page=-1', '_page=0', '_sort=nao_existe', '_sort=-nao_existe', '_nao_existe=1', '_limit='];

  it('are refused with a 400 naming the problem, on every resource', async () => {
    for (const resource of resources) {
      if (resource.access.list.length === 0) continue;
      for (const query of badQueries) {
        const response = await server.request({ method: 'GET', url: `/api/${resource.name}?${query}`, token: admin });
        expectClearRefusal(response, 400, `${resource.name}?${query.slice(0, 30)}`);
      }
      const unsortable = resource.fields.find((f) => !f.sortable && !f.writeOnly);
      if (unsortable) {
        const response = await server.request({ method: 'GET', url: `/api/${resource.name}?_sort=${unsortable.name}`, token: admin });
        expectClearRefusal(response, 400, `${resource.name} sorted by ${unsortable.name}`);
        expect(response.json().message).toContain(unsortable.name);
      }
    }
  });

  it('malformed and missing ids get 400 and 404', async () => {
    for (const resource of resources) {
      for (const id of ['abc', '-1', '1.5', '99999999999', '1;DROP TABLE members']) {
        const response = await server.request({ method: 'GET', url: `/api/${resource.name}/${encodeURIComponent(id)}`, token: admin });
        expectClearRefusal(response, 400, `${resource.name}/${id}`);
      }
      const missing = await server.request({ method: 'GET', url: `/api/${resource.name}/2000000000`, token: admin });
      // Absent record or, for an operation nobody is granted, absent route: 404 either way.
      expectClearRefusal(missing, 404, `${resource.name} missing id`);
      const deleted = await server.request({ method: 'DELETE', url: `/api/${resource.name}/2000000000`, token: admin });
      expectClearRefusal(deleted, 404, `${resource.name} delete missing id`);
    }
  });
});

describe('tokens', () => {
  async function serverKey(): Promise<Uint8Array> {
    const row = await server.database.db.selectFrom('server_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow();
    return Buffer.from(String(row.value), 'base64url');
  }

  it('refuses a token signed with the right key but another algorithm, and an unsigned one', async () => {
    const key = await serverKey();
    const claims = { ID: 1, Name: 'Intruso', Role: 'admin', typ: 'access' };
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).setIssuedAt().setExpirationTime('1h').sign(key);
    const hs256 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(key);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.`;
    // The control: the same claims with the right algorithm are accepted, so the refusals are about the algorithm.
    expect((await server.request({ method: 'GET', url: '/api/members', token: hs256 })).statusCode).toBe(200);
    for (const token of [hs512, none]) {
      const response = await server.request({ method: 'GET', url: '/api/members', token });
      expectClearRefusal(response, 401, 'wrong algorithm');
    }
  });

  it('refuses malformed authorisation headers', async () => {
    for (const authorization of ['Bearer', 'Basic YWRtaW46YWRtaW4=', 'Bearer a b', `Bearer ${member}x`]) {
      const response = await server.request({ method: 'GET', url: '/api/explainer', headers: { authorization } });
      expectClearRefusal(response, 401, authorization);
    }
  });

  it('a reused refresh token is refused and revokes the session family', async () => {
    const user = await server.createUser('editor');
    const pair = await server.login(user);
    const rotated = await server.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: pair.refresh } });
    expect(rotated.statusCode).toBe(200);
    const reused = await server.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: pair.refresh } });
    expectClearRefusal(reused, 401, 'reused refresh token');
    const next = await server.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: rotated.json().refresh } });
    expectClearRefusal(next, 401, 'refresh token of a revoked family');
  });
});
