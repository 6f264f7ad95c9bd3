import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { foldText } from '../../src/server/db/fold.js';
import { resourceByName } from './support/app-registry.js';
import { searchColumns, searchWords } from '../../src/server/resources/search.js';
import { MAX_IDS_PER_FIELD } from '../../src/server/resources/validate.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';
import { loose } from '../../src/server/db/database.js';

/**
 * Input that databases mishandle: control characters (NUL cuts SQLite's text and is refused
 * by PostgreSQL), search terms full of LIKE and FTS5 syntax, and lists long enough to exceed
 * bound-parameter limits. Each is a clear 4xx, or a correct answer, and never a 500.
 */

let server: ResourceTestServer;
let admin: string;
let memberId: number;
let adminUser: { username: string; password: string };

beforeAll(async () => {
  server = await startResourceServer();
  const user = await server.createUser('admin');
  adminUser = user;
  admin = (await server.login(user)).access;
  const state = await server.stateId('Ativo');
  const created = await server.json('POST', '/api/members', admin, { dues_exempt: true, name: 'Maria Alves', state, email: 'maria@exemplo.pt' });
  expect(created.status).toBe(201);
  memberId = created.body.data._id;
});
afterAll(() => server?.close());

/** Every row of the tables a refused request could have touched. */
async function snapshot() {
  const tables = ['members', 'member_tags', 'users', 'tags', 'refresh_tokens', 'messages'];
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) rows[table] = await loose(server.database.db).selectFrom(table).selectAll().execute();
  return rows;
}

function expectRefused(response: { status: number; body: { message?: string } }, kind: 'campo' | 'parâmetro', name: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.message).toBe(`O ${kind} "${name}" contém caracteres de controlo não permitidos.`);
}

describe('control characters', () => {
  it('in a filter, a search or a route parameter: 400 naming the parameter', async () => {
    for (const [query, name] of [
      ['_name=%00', '_name'],
      ['_name=Maria%00', '_name'],
      ['_search=%00', '_search'],
      ['_search=Ma%00ria', '_search'],
      ['_search=Maria%1B', '_search'],
      ['_search=Maria%7F', '_search'],
      ['_search=Ma%09ria', '_search'],
      ['_email=a%0Ab', '_email'],
      ['_tags=1&_tags=2%00', '_tags'],
    ]) {
      const response = await server.json('GET', `/api/members?${query}`, admin);
      expectRefused(response, 'parâmetro', name!);
    }
    const inPath = await server.json('GET', `/api/members/${memberId}%00`, admin);
    expectRefused(inPath, 'parâmetro', 'id');
  });

  it('a search for NUL never lists every member', async () => {
    const response = await server.json('GET', '/api/members?_search=%00', admin);
    expect(response.status).toBe(400);
    // Should one reach the search itself, a control character only separates words.
    expect(searchWords('\u0000')).toEqual([]);
    expect(searchWords('Ma\u0000ria')).toEqual(['Ma', 'ria']);
  });

  it('in a name, an e-mail, a username, a nested value or a member name of a body: 400 naming the field, nothing changed', async () => {
    const before = await snapshot();
    const state = await server.stateId('Ativo');
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/members', { dues_exempt: true, name: 'Ana\u0000Silva', state }, 'name'],
      ['POST', '/api/members', { dues_exempt: true, name: 'Ana Silva', state, email: 'ana\u0000@exemplo.pt' }, 'email'],
      ['PATCH', `/api/members/${memberId}`, { name: '\u0000' }, 'name'],
      ['PATCH', `/api/members/${memberId}`, { email: 'maria@exemplo.pt\u0000' }, 'email'],
      ['PUT', `/api/members/${memberId}`, { name: 'Maria\u0007Alves', state }, 'name'],
      ['PATCH', `/api/members/${memberId}`, { notes: 'linha\u000bvertical' }, 'notes'],
      ['PATCH', `/api/members/${memberId}`, { extra: { lista: ['bom', 'mau\u0000'] } }, 'extra.lista[1]'],
      ['PATCH', `/api/members/${memberId}`, { 'no\u0000me': 'x' }, 'no\\u0000me'],
      ['POST', '/api/users', { username: 'nulo\u0000', name: 'Nulo', email: 'nulo@exemplo.pt', role: 'editor', password: 'uma-senha-longa-1' }, 'username'],
      ['POST', '/api/users', { username: 'nulo', name: 'Nulo', email: 'nulo\u0000@exemplo.pt', role: 'editor', password: 'uma-senha-longa-1' }, 'email'],
      ['POST', '/api/tags', { name: 'Etiqueta\u001f' }, 'name'],
      ['POST', '/api/members/validate', { name: 'Ana\u0000' }, 'name'],
    ];
    for (const [method, url, payload, field] of cases) {
      const response = await server.json(method, url, admin, payload);
      expectRefused(response, 'campo', field);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('in the login, recovery and realtime bodies: 400 naming the field, and no session', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ username: `${adminUser.username}\u0000`, password: adminUser.password }, 'username'],
      [{ username: adminUser.username, password: `${adminUser.password}\u0000` }, 'password'],
      [{ email: 'maria@exemplo.pt\u0000', recover_password: true }, 'email'],
      [{ recoverCode: 'codigo\u0000' }, 'recoverCode'],
    ];
    for (const [payload, field] of cases) expectRefused(await server.json('POST', '/api/auth', undefined, payload), 'campo', field);
    expectRefused(await server.json('POST', '/api/auth/refresh', undefined, { refreshToken: 'a\u0000b' }), 'campo', 'refreshToken');
    expectRefused(await server.json('POST', '/api/websocket/auth', admin, { connectionId: '\u0000' }), 'campo', 'connectionId');
    expect(await snapshot()).toEqual(before);
  });

  it('in a body nested deeper than the call stack: 400, the field named by the end of its path', async () => {
    const depth = 200_000;
    const payload = `{"extra":${'['.repeat(depth)}"mau\\u0000"${']'.repeat(depth)}}`;
    const response = await server.request({ method: 'PATCH', url: `/api/members/${memberId}`, token: admin, headers: { 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^O campo "…(\[0\]){40}" contém caracteres de controlo não permitidos\.$/);
  });

  it('allows tabs and line breaks in body text', async () => {
    const notes = 'Linha 1\r\nLinha 2\n\tcom tabulação';
    const response = await server.json('PATCH', `/api/members/${memberId}`, admin, { notes });
    expect(response.status).toBe(200);
    expect((await server.json('GET', `/api/members/${memberId}`, admin)).body.data.notes).toBe(notes);
  });
});

describe('long lists', () => {
  it(`more than ${MAX_IDS_PER_FIELD} ids in a field is a 422 on that field, never a 500, and changes nothing`, async () => {
    const before = await snapshot();
    const state = await server.stateId('Ativo');
    for (const count of [MAX_IDS_PER_FIELD + 1, 40_000]) {
      const tags = Array.from({ length: count }, (_, i) => i + 1);
      for (const [method, url, payload] of [
        ['PATCH', `/api/members/${memberId}`, { tags }],
        ['PUT', `/api/members/${memberId}`, { name: 'Maria Alves', state, tags }],
        ['POST', '/api/members', { dues_exempt: true, name: 'Ana Silva', state, tags }],
        ['POST', '/api/members/validate', { name: 'Ana Silva', state, tags }],
      ] as const) {
        const response = await server.json(method, url, admin, payload);
        expect(response.status, `${method} ${url} with ${count} tags`).toBe(422);
        expect(response.body.errors.tags).toBe(`Não pode indicar mais de ${MAX_IDS_PER_FIELD} registos.`);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it(`up to ${MAX_IDS_PER_FIELD} ids are checked in chunks: all found is saved, one missing is a 422`, async () => {
    const stamp = new Date(server.ctx.now()).toISOString();
    const names = Array.from({ length: MAX_IDS_PER_FIELD }, (_, i) => ({ name: `Lote ${i}`, created_at: stamp, updated_at: stamp }));
    for (let i = 0; i < names.length; i += 200) await server.database.db.insertInto('tags').values(names.slice(i, i + 200)).execute();
    const ids = (await server.database.db.selectFrom('tags').select('_id').where('name', 'like', 'Lote %').execute()).map((r) => Number(r._id)).sort((a, b) => a - b);
    expect(ids).toHaveLength(MAX_IDS_PER_FIELD);

    const missing = [...ids.slice(1), 2_000_000_000];
    const refused = await server.json('PATCH', `/api/members/${memberId}`, admin, { tags: missing });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.tags).toMatch(/Não existe/);

    const saved = await server.json('PATCH', `/api/members/${memberId}`, admin, { tags: ids });
    expect(saved.status).toBe(200);
    expect((await server.json('GET', `/api/members/${memberId}`, admin)).body.data.tags).toEqual(ids);
    expect((await server.json('PATCH', `/api/members/${memberId}`, admin, { tags: [] })).status).toBe(200);
  });

  it(`a filter with more than ${MAX_IDS_PER_FIELD} values is a 400 naming it`, async () => {
    const query = Array.from({ length: MAX_IDS_PER_FIELD + 1 }, (_, i) => `_tags=${i + 1}`).join('&');
    const response = await server.json('GET', `/api/members?${query}`, admin);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(`O filtro "tags" aceita no máximo ${MAX_IDS_PER_FIELD} valores.`);
    const most = Array.from({ length: MAX_IDS_PER_FIELD }, (_, i) => `_id=${i + 1}`).join('&');
    expect((await server.json('GET', `/api/members?${most}`, admin)).status).toBe(200);
  });
});

describe('search terms', () => {
  const names = [
    'Ana "Tó" Silva',
    "Rui O'Neil",
    'Carla 100% Lopes',
    'Duarte_Costa Vaz',
    'Eva \\ Barra',
    'Filipe AND Rocha',
    'Gil (Sousa) Reis',
    'Hugo * Estrela',
    'Inês ^ Chapéu',
    'João: Dois Pontos',
    'Luís NOT Nunes',
    'Marta OR Melo',
    'Nuno NEAR(a b) Neves',
    'Olga {col} Oliveira',
    'Paula + - Pinto',
    'Rita Ramos',
  ];
  const terms = [
    '"', '""', '"Tó"', "'", "O'Neil", '%', '100%', '%%%', '_', '___', '_Costa', '\\', '\\\\', '\\\\\\',
    '*', '***', 'Hugo*', '*Estrela', '^', '^ Ch', ':', 'João:', 'name:Ana', 'name : Ana', '(', ')', '(Sousa)', '()',
    'AND', 'OR', 'NOT', 'NEAR', 'a OR b', 'Ana OR Rui', 'NOT Ana', 'Ana AND', 'NEAR(a b)', '{col}', '{', '+', '-',
    '-Ana', '+ -', "'; DROP TABLE members; --", "%' OR '1'='1", '\u0301', '\u0301\u0301\u0301', 'cha\u0301pe\u0301u',
    'ê', '🙂', '.', '..', '-_-', '%_\\', 'a*b', 'Silva"', '"Silva', 'Rocha)', 'Ramos^2',
  ];

  beforeAll(async () => {
    const state = await server.stateId('Ativo');
    for (const name of names) expect((await server.json('POST', '/api/members', admin, { dues_exempt: true, name, state })).status).toBe(201);
  });

  /** What a search must find, worked out in JavaScript: every word inside one searchable field, accents and case aside. */
  function expected(records: Record<string, unknown>[], resourceName: string, term: string): number[] {
    if (term.trim() === '') return records.map((r) => r._id as number);
    const words = searchWords(term).map(foldText);
    const fields = searchColumns(resourceByName(resourceName)!).map((f) => f.name);
    return records
      .filter((record) => words.length > 0 && words.every((word) => fields.some((f) => record[f] != null && foldText(String(record[f])).includes(word))))
      .map((r) => r._id as number);
  }

  it('treats quotes, LIKE wildcards, backslashes and FTS5 operators as literal text, on members (indexed) and tags (scanned)', async () => {
    const state = await server.stateId('Ativo');
    expect(state).toBeGreaterThan(0);
    for (const resource of ['members', 'tags']) {
      const all = (await server.json('GET', `/api/${resource}?_limit=-1&_sort=_id`, admin)).body.data as Record<string, unknown>[];
      const wrong: string[] = [];
      for (const term of terms) {
        const response = await server.json('GET', `/api/${resource}?_limit=-1&_sort=_id&_search=${encodeURIComponent(term)}`, admin);
        if (response.status !== 200) {
          wrong.push(`${term} -> ${response.status} ${JSON.stringify(response.body)}`);
          continue;
        }
        const found = (response.body.data as { _id: number }[]).map((r) => r._id);
        const want = expected(all, resource, term);
        if (JSON.stringify(found) !== JSON.stringify(want)) wrong.push(`${term} -> ${found.length} found, ${want.length} expected`);
        // No term made of syntax alone (no letter, no digit) matches everything by accident.
        if (!/[\p{L}\p{N}]/u.test(term) && all.length > 3 && found.length === all.length) wrong.push(`${term} -> every record`);
      }
      expect(wrong, resource).toEqual([]);
    }
  });

  it('a term that is only accents finds nothing, not everything', async () => {
    const response = await server.json('GET', `/api/members?_search=${encodeURIComponent('\u0301\u0301')}`, admin);
    expect(response.body).toEqual({ data: [], meta: { total: 0 } });
  });
});

describe('server errors', () => {
  it('are written to stderr with their stack when the request log is off, and answered without it', async () => {
    // A second application on the same context, with one more route that fails.
    const app = await buildApp(server.ctx);
    app.get('/api/falha-de-teste', async () => {
      throw new Error('falha provocada pelo teste');
    });
    await app.ready();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = await app.inject({ method: 'GET', url: '/api/falha-de-teste?x=1' });
      expect(response.statusCode).toBe(500);
      expect(response.json().message).toBe('Erro interno do servidor. Tente novamente mais tarde.');
      expect(response.body).not.toContain('falha provocada');
      const written = spy.mock.calls.map((call) => call.join(' ')).join('\n');
      expect(written).toContain('GET /api/falha-de-teste?x=1');
      expect(written).toContain('Error: falha provocada pelo teste');
      expect(written).toMatch(/\n\s+at .*input-hygiene\.test\.ts/);
    } finally {
      spy.mockRestore();
      await app.close();
    }
  });
});
