import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startResourceServer, type ResourceTestServer } from './support.js';
import { resourceByName } from '../support/app-registry.js';
import { listOrder } from '../../../src/server/resources/text-order.js';

// In Portuguese alphabetical order: accents and cedillas sort with their letter, case does not count.
const FIRST_NAMES = ['Andreia', 'Ângelo', 'Áurea', 'Çarla', 'Carlos', 'Érica', 'eva', 'Íris', 'Isabel', 'Óscar', 'Otília', 'Úrsula', 'Xavier'];
const PER_NAME = 100;
const PAGE = 100;
// 1,300 members: page 11 starts past the 1,000 rows where a list fetches ids first (a deep page).
const PAGES = (FIRST_NAMES.length * PER_NAME) / PAGE;

let server: ResourceTestServer;
let token: string;
/** Every member's name in the expected ascending order. */
const expected = FIRST_NAMES.flatMap((first) => Array.from({ length: PER_NAME }, (_, i) => `${first} ${String(i).padStart(3, '0')}`));

beforeAll(async () => {
  server = await startResourceServer();
  ({ token } = await server.as('admin'));
  const state = await server.stateId('Ativo');
  const now = new Date(server.ctx.now()).toISOString();
  // Stored in an order unrelated to the names, so neither _id nor created_at can pass for the sort.
  const shuffled = expected.map((name, i) => ({ name, key: (i * 7919) % expected.length })).sort((a, b) => a.key - b.key);
  const rows = shuffled.map(({ name }, i) => ({ number: i + 1, name, state, locality: name.split(' ')[0], created_at: now, updated_at: now }));
  for (let i = 0; i < rows.length; i += 200) await server.database.db.insertInto('members').values(rows.slice(i, i + 200)).execute();
});
afterAll(() => server.close());

const page = async (sort: string, n: number): Promise<string[]> => {
  const { status, body } = await server.json('GET', `/api/members?_sort=${sort}&_limit=${PAGE}&_page=${n}`, token);
  expect(status).toBe(200);
  return body.data.map((m: { name: string }) => m.name);
};

describe('lists sorted by text, in Portuguese order', () => {
  it('puts Á, Â and Ç with their letter and ignores case, on the first, a deep and the last page, ascending', async () => {
    expect(await page('name', 1)).toEqual(expected.slice(0, PAGE));
    expect((await page('name', 1)).slice(98, 100)).toEqual(['Andreia 098', 'Andreia 099']);
    expect(await page('name', 2)).toEqual(expected.slice(PAGE, 2 * PAGE));
    expect((await page('name', 2))[0]).toBe('Ângelo 000');
    expect(await page('name', 11)).toEqual(expected.slice(10 * PAGE, 11 * PAGE));
    expect(await page('name', PAGES)).toEqual(expected.slice(-PAGE));
  });

  it('and descending', async () => {
    const descending = [...expected].reverse();
    expect(await page('-name', 1)).toEqual(descending.slice(0, PAGE));
    expect(await page('-name', 11)).toEqual(descending.slice(10 * PAGE, 11 * PAGE));
    expect(await page('-name', PAGES)).toEqual(descending.slice(-PAGE));
    expect((await page('-name', PAGES)).at(-1)).toBe('Andreia 000');
  });

  it('breaks ties between equal texts by _id, so no member is skipped or repeated across pages', async () => {
    // Every locality is shared by 100 members.
    const seen: string[] = [];
    for (let n = 1; n <= PAGES; n++) seen.push(...(await page('locality', n)));
    expect(new Set(seen).size).toBe(expected.length);
    expect(seen.map((name) => name.split(' ')[0])).toEqual(expected.map((name) => name.split(' ')[0]));
    const { body } = await server.json('GET', `/api/members?_sort=-locality&_limit=3`, token);
    const ids = body.data.map((m: { _id: number }) => m._id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('lists countries with África do Sul among the A\'s', async () => {
    const { body } = await server.json('GET', '/api/countries?_sort=name&_limit=-1', token);
    const names: string[] = body.data.map((c: { name: string }) => c.name);
    const south = names.indexOf('África do Sul');
    expect(names[south - 1]).toBe('Afeganistão');
    expect(names[south + 1]!.startsWith('A')).toBe(true);
    expect(names.at(-1)).toMatch(/^Zi/);
  });

  it('walks the text-order index of the column, first page and deep page alike', async () => {
    const { db, engine } = server.database;
    const members = resourceByName('members')!;
    for (const column of ['name', 'locality']) {
      for (const descending of [false, true]) {
        const order = listOrder(engine, members.field(column)!, descending);
        const deep = sql`SELECT _id FROM members ORDER BY ${order} LIMIT 100 OFFSET 1000`;
        const plan = await db.transaction().execute(async (trx) => {
          if (engine === 'sqlite') return (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${deep}`.execute(trx)).rows.map((r) => r.detail).join('\n');
          // A table this small is cheaper to sort than to walk: ask whether the index *can* serve the order.
          await sql`SET LOCAL enable_sort = off`.execute(trx);
          return (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${deep}`.execute(trx)).rows.map((r) => r['QUERY PLAN']).join('\n');
        });
        expect(plan, `${column} ${descending ? 'desc' : 'asc'}`).toContain(`members_${column}_order`);
        expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
      }
    }
  });
});
