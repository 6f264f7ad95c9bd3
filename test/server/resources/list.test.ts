import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceServer, type ResourceTestServer } from './support.js';
import { nifCheckDigit } from '../../../src/server/resources/checks.js';

let server: ResourceTestServer;
let token: string;
let active: number;
let suspended: number;

const nif = (n: number) => {
  const first8 = String(20000000 + n);
  return first8 + nifCheckDigit(first8);
};

beforeAll(async () => {
  server = await startResourceServer();
  ({ token } = await server.as('admin'));
  active = await server.stateId('Ativo');
  suspended = await server.stateId('Suspenso');
  const names = ['Ana Silva', 'Bruno Costa', 'Carla Sousa', 'Duarte Lopes', 'Eva Martins', 'Filipe Rocha', 'Gil Vaz'];
  for (const [i, name] of names.entries()) {
    server.advance(1000);
    const { status } = await server.json('POST', '/api/members', token, {
      name, dues_exempt: true,
      email: `${name.split(' ')[0]!.toLowerCase()}@exemplo.pt`,
      nif: nif(i),
      state: i % 2 === 0 ? active : suspended,
      locality: i < 3 ? 'Lisboa' : 'Porto',
    });
    expect(status).toBe(201);
  }
});
afterAll(() => server.close());

const list = (query: string) => server.json('GET', `/api/members${query}`, token);

describe('GET /api/{res}: paging, sorting, filters', () => {
  it('returns records with _id and created_at, oldest first, and the total', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.meta).toEqual({ total: 7 });
    expect(body.data.map((m: any) => m.name)[0]).toBe('Ana Silva');
    expect(body.data[0]).toMatchObject({ _id: expect.any(Number), created_at: expect.any(String), number: 1, tags: [] });
  });

  it('pages with _page and _limit, clamping 0 to 1 and -1 meaning all', async () => {
    const page2 = await list('?_limit=3&_page=2');
    expect(page2.body.data.map((m: any) => m.name)).toEqual(['Duarte Lopes', 'Eva Martins', 'Filipe Rocha']);
    expect(page2.body.meta.total).toBe(7);
    expect((await list('?_limit=0')).body.data).toHaveLength(1);
    expect((await list('?_limit=-1')).body.data).toHaveLength(7);
    expect((await list('?_limit=100000')).status).toBe(200);
    expect((await list('?_page=9')).body).toEqual({ data: [], meta: { total: 7 } });
  });

  it('sorts by a field, descending with -, and breaks ties by _id', async () => {
    const byName = await list('?_sort=-name');
    expect(byName.body.data.map((m: any) => m.name)[0]).toBe('Gil Vaz');
    const byLocality = await list('?_sort=locality');
    const ids = byLocality.body.data.map((m: any) => m._id);
    expect(byLocality.body.data.map((m: any) => m.locality)).toEqual(['Lisboa', 'Lisboa', 'Lisboa', 'Porto', 'Porto', 'Porto', 'Porto']);
    expect(ids.slice(0, 3)).toEqual([...ids.slice(0, 3)].sort((a: number, b: number) => a - b));
    const desc = await list('?_sort=-locality');
    expect(desc.body.data.map((m: any) => m._id).slice(0, 4)).toEqual([...ids.slice(3)].sort((a: number, b: number) => b - a));
  });

  it('filters by _{field}, repeated values meaning any of them', async () => {
    const { body } = await list(`?_state=${suspended}`);
    expect(body.meta.total).toBe(3);
    expect(body.data.every((m: any) => m.state === suspended)).toBe(true);
    expect((await list(`?_state=${suspended}&_state=${active}`)).body.meta.total).toBe(7);
    expect((await list('?_locality=Porto&_sort=name')).body.data.map((m: any) => m.name)).toEqual(['Duarte Lopes', 'Eva Martins', 'Filipe Rocha', 'Gil Vaz']);
  });

  it('filters by record id with _id, several ids meaning any of them (how lists resolve reference names)', async () => {
    const all = (await list('?_limit=-1')).body.data.map((m: any) => m._id);
    const picked = [all[1], all[4]];
    const { body } = await list(`?_id=${picked[0]}&_id=${picked[1]}`);
    expect(body.data.map((m: any) => m._id)).toEqual(picked);
    expect((await list('?_id=abc')).status).toBe(400);
  });

  it('sorts empty values first ascending and last descending on both engines, and filters booleans', async () => {
    const withEmail = await list('?_sort=email&_limit=-1');
    const noEmail = await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Sem Email', state: active });
    const asc = await list('?_sort=email&_limit=1');
    expect(asc.body.data[0]._id).toBe(noEmail.body.data._id);
    const desc = await list('?_sort=-email&_limit=-1');
    expect(desc.body.data.at(-1)._id).toBe(noEmail.body.data._id);
    expect(desc.body.data.slice(0, -1).map((m: any) => m._id)).toEqual(withEmail.body.data.map((m: any) => m._id).reverse());
    await server.json('DELETE', `/api/members/${noEmail.body.data._id}`, token);
    const ending = await server.json('GET', '/api/member_states?_marksEnd=true', token);
    expect(ending.body.data.map((s: any) => s.name)).toEqual(['Desistente', 'Falecido', 'Excluído']);
    expect((await server.json('GET', '/api/member_states?_marksEnd=talvez', token)).status).toBe(400);
  });

  it('searches substrings of the searchable fields, short terms too, case-insensitively', async () => {
    expect((await list('?_search=SILV')).body.data.map((m: any) => m.name)).toEqual(['Ana Silva']);
    expect((await list('?_search=exemplo.pt')).body.meta.total).toBe(7);
    expect((await list('?_search=va')).body.data.map((m: any) => m.name).sort()).toEqual(['Ana Silva', 'Eva Martins', 'Gil Vaz']);
    expect((await list('?_search=bruno%20cos')).body.data.map((m: any) => m.name)).toEqual(['Bruno Costa']);
    expect((await list(`?_search=${nif(3)}`)).body.data.map((m: any) => m.name)).toEqual(['Duarte Lopes']);
    expect((await list('?_search=porto&_state=' + active)).body.meta.total).toBe(2);
    expect((await list('?_search=%25')).body.meta.total).toBe(0);
    expect((await list('?_search=zzzz')).body).toEqual({ data: [], meta: { total: 0 } });
  });

  it('ignores accents and cedillas both ways, on indexed and short words, and on small tables', async () => {
    const created = await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'João Conceição Brandão', state: active, locality: 'Óbidos' });
    const id = created.body.data._id;
    const found = async (term: string) => (await list(`?_search=${encodeURIComponent(term)}`)).body.data.map((m: any) => m._id);
    for (const term of ['joao', 'JOÃO', 'conceicao', 'Conceiçao', 'brandao obidos', 'jo', 'ob', 'ão']) expect(await found(term), term).toEqual([id]);
    expect(await found('joaquim')).toEqual([]);
    // Tags have no trigram index: the plain scan folds too.
    await server.json('POST', '/api/tags', token, { name: 'Sócia Fundadora' });
    const tags = await server.json('GET', '/api/tags?_search=socia', token);
    expect(tags.body.data.map((t: any) => t.name)).toEqual(['Sócia Fundadora']);
    expect((await server.json('DELETE', `/api/members/${id}`, token)).status).toBe(204);
  });

  it('search follows updates and deletes', async () => {
    const created = await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Xavier Quintela', state: active });
    const id = created.body.data._id;
    expect((await list('?_search=quintela')).body.meta.total).toBe(1);
    await server.json('PATCH', `/api/members/${id}`, token, { name: 'Xavier Queiroz' });
    expect((await list('?_search=quintela')).body.meta.total).toBe(0);
    expect((await list('?_search=queiroz')).body.meta.total).toBe(1);
    expect((await server.json('DELETE', `/api/members/${id}`, token)).status).toBe(204);
    expect((await list('?_search=queiroz')).body.meta.total).toBe(0);
  });

  it('answers 400 naming an unknown or unsortable field and a non-numeric _limit', async () => {
    const unknownSort = await list('?_sort=idade');
    expect(unknownSort.status).toBe(400);
    expect(unknownSort.body.message).toContain('"idade"');
    const unsortable = await list('?_sort=notes');
    expect(unsortable.status).toBe(400);
    expect(unsortable.body.message).toContain('"notes"');
    const unknownFilter = await list('?_cor=azul');
    expect(unknownFilter.status).toBe(400);
    expect(unknownFilter.body.message).toContain('"cor"');
    expect((await list('?_address=x')).status).toBe(400);
    expect((await list('?_limit=abc')).body.message).toContain('_limit');
    expect((await list('?_page=0')).status).toBe(400);
    expect((await list('?_state=abc')).status).toBe(400);
    expect((await list('?_sort=password')).status).toBe(400);
  });

  it('serves nested lists: members of a state and of a tag', async () => {
    const tag = await server.json('POST', '/api/tags', token, { name: 'Direção', color: '#ff0000' });
    expect(tag.status).toBe(201);
    const first = (await list('?_limit=1')).body.data[0];
    const tagged = await server.json('PATCH', `/api/members/${first._id}`, token, { tags: [tag.body.data._id] });
    expect(tagged.body.data.tags).toEqual([tag.body.data._id]);
    const ofTag = await server.json('GET', `/api/tags/${tag.body.data._id}/members`, token);
    expect(ofTag.body.data.map((m: any) => m._id)).toEqual([first._id]);
    expect((await list(`?_tags=${tag.body.data._id}`)).body.meta.total).toBe(1);
    const ofState = await server.json('GET', `/api/member_states/${suspended}/members`, token);
    expect(ofState.body.meta.total).toBe(3);
    expect((await server.json('GET', '/api/member_states/9999/members', token)).status).toBe(404);
  });
});

describe('large totals', () => {
  it('counts exactly up to 10,000 matches and estimates beyond, with exact: false', async () => {
    const { db } = server.database;
    const stamp = new Date().toISOString();
    const rows = Array.from({ length: 10_100 }, (_, i) => ({
      number: 1000 + i, name: `Sócio Gerado ${i}`, state: active, created_at: stamp, updated_at: stamp,
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('members').values(rows.slice(i, i + 500)).execute();
    if (server.database.engine === 'postgres') await sql`ANALYZE members`.execute(db);
    const all = await list('?_limit=10');
    expect(all.body.meta.exact).toBe(false);
    expect(all.body.meta.total).toBeGreaterThan(10_000);
    expect(all.body.meta.total).toBeLessThan(20_000);
    const few = await list(`?_state=${suspended}&_limit=1`);
    // A full page with more after it: the cursor of the next comes with the total.
    expect(few.body.meta).toEqual({ total: 3, next: expect.any(String) });
    // "Sócio Gerado 10099" by name, and number 10099 ("Sócio Gerado 9099").
    const generated = await list('?_search=gerado%2010099&_limit=1');
    expect(generated.body.meta).toEqual({ total: 2, next: expect.any(String) });
  });

  it('reuses a large estimate until a change event says the table changed, then estimates again', async () => {
    const { db } = server.database;
    const before = (await list('?_limit=10')).body.meta;
    expect(before.exact).toBe(false);
    // Rows written behind the API's back raise no event: the known estimate stands.
    const stamp = new Date().toISOString();
    const more = Array.from({ length: 6000 }, (_, i) => ({ number: 50_000 + i, name: `Sócio Extra ${i}`, state: active, created_at: stamp, updated_at: stamp }));
    for (let i = 0; i < more.length; i += 500) await db.insertInto('members').values(more.slice(i, i + 500)).execute();
    if (server.database.engine === 'postgres') await sql`ANALYZE members`.execute(db);
    expect((await list('?_limit=10')).body.meta).toEqual(before);
    // A write through the API publishes "members changed", and the next list estimates afresh.
    expect((await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Nova Sócia', state: active })).status).toBe(201);
    const after = (await list('?_limit=10')).body.meta;
    expect(after.exact).toBe(false);
    expect(after.total).toBeGreaterThan(before.total + 4000);
  });
});
