import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { startResourceServer, type ResourceTestServer } from './support.js';
import { resourceByName } from '../support/app-registry.js';
import { listOrder, rowsAfter } from '../../../src/server/resources/text-order.js';
import { cursorAfter } from '../../../src/server/resources/list-cursor.js';
import { parseListParams } from '../../../src/server/resources/list-params.js';
import { listRows } from '../../../src/server/resources/list-query.js';
import { planOf } from '../support/query-plan.js';
import { recordingStatements } from '../support/statement-recorder.js';

// Names that tie (several members each) and differ only by accents or case, so the order key
// alone cannot tell rows apart and the `_id` tie-break decides.
const NAMES = ['Andreia', 'ANDREIA', 'Ângelo', 'Áurea', 'Çarla', 'Carlos', 'Érica', 'eva', 'Íris', 'Óscar', 'Úrsula'];
const LOCALITIES = ['Évora', 'evora', 'Lisboa', 'Óbidos', 'Porto', null];
const PAGE = 100;
// 1,150 members: pages past the 1,000th row fetch ids first (a deep page by number).
const COUNT = 1150;

let server: ResourceTestServer;
let token: string;
let active: number;

/** A date for most members, shared by many; every seventh has none. */
const birthDate = (i: number) => (i % 7 === 0 ? null : `19${String(50 + (i % 40)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`);

beforeAll(async () => {
  server = await startResourceServer();
  ({ token } = await server.as('admin'));
  active = await server.stateId('Ativo');
  const suspended = await server.stateId('Suspenso');
  const now = new Date(server.ctx.now()).toISOString();
  // Stored in an order unrelated to any sort, so neither _id nor created_at can pass for one.
  const rows = Array.from({ length: COUNT }, (_, n) => {
    const i = (n * 7919) % COUNT;
    return {
      number: n + 1,
      name: `${NAMES[i % NAMES.length]} ${i % 3}`,
      state: i % 4 === 0 ? suspended : active,
      birth_date: birthDate(i),
      locality: LOCALITIES[i % LOCALITIES.length],
      // Ties on created_at too: ten members per second.
      created_at: new Date(Date.parse(now) - Math.floor(i / 10) * 1000).toISOString(),
      updated_at: now,
    };
  });
  for (let i = 0; i < rows.length; i += 200) await server.database.db.insertInto('members').values(rows.slice(i, i + 200)).execute();
});
afterAll(() => server.close());

interface Page {
  ids: number[];
  total: number;
  next: string | undefined;
}

async function get(url: string): Promise<Page> {
  const { status, body } = await server.json('GET', url, token);
  expect(status, body?.message).toBe(200);
  return { ids: body.data.map((m: { _id: number }) => m._id), total: body.meta.total, next: body.meta.next };
}

/** Every page by number, from the first until one comes back short. */
async function byPageNumber(query: string, between?: () => Promise<void>): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 1; ; n++) {
    const page = await get(`/api/members?${query}&_limit=${PAGE}&_page=${n}`);
    ids.push(...page.ids);
    if (page.ids.length < PAGE) return ids;
    await between?.();
  }
}

/** The first page, then each `meta.next` until a page has none. */
async function byCursor(query: string, between?: (last: number) => Promise<void>): Promise<number[]> {
  let page = await get(`/api/members?${query}&_limit=${PAGE}`);
  const ids = [...page.ids];
  while (page.next) {
    await between?.(page.ids.at(-1)!);
    page = await get(`/api/members?${query}&_limit=${PAGE}&_after=${page.next}`);
    ids.push(...page.ids);
  }
  return ids;
}

const cursorOf = async (query: string) => (await get(`/api/members?${query}&_limit=${PAGE}`)).next!;

describe('paging a sorted list by page number and by cursor', () => {
  it.each(['name', '-name', 'locality', '-locality', 'birth_date', '-birth_date', '-created_at', 'number'])(
    'returns every member exactly once, in the same order, sorted by %s',
    async (sort) => {
      const numbered = await byPageNumber(`_sort=${sort}`);
      const cursored = await byCursor(`_sort=${sort}`);
      expect(numbered).toHaveLength(COUNT);
      expect(new Set(numbered).size).toBe(COUNT);
      expect(cursored).toEqual(numbered);
    },
  );

  it('keeps filters and search on every cursor page', async () => {
    for (const query of [`_state=${active}&_sort=-name`, '_search=andreia&_sort=birth_date', '_locality=evora&_sort=-birth_date&_search=r']) {
      const numbered = await byPageNumber(query);
      const cursored = await byCursor(query);
      expect(cursored, query).toEqual(numbered);
      expect(numbered.length, query).toBe((await get(`/api/members?${query}&_limit=1`)).total);
    }
  });

  it('tells the total on a cursor page and gives no next cursor after the last row', async () => {
    // 500 (the largest page), 500, then the last 150.
    const first = await get('/api/members?_sort=name&_limit=500');
    const second = await get(`/api/members?_sort=name&_limit=500&_after=${first.next}`);
    expect(second).toMatchObject({ total: COUNT, next: expect.any(String) });
    const last = await get(`/api/members?_sort=name&_limit=500&_after=${second.next}`);
    expect(last).toMatchObject({ total: COUNT, next: undefined });
    expect(last.ids).toHaveLength(COUNT - 1000);
    // A full page by number that ends the list: nothing follows it.
    expect((await get(`/api/members?_sort=name&_limit=50&_page=${COUNT / 50}`)).next).toBeUndefined();
    expect((await get(`/api/members?_sort=name&_limit=50&_page=${COUNT / 50 - 1}`)).next).toBeDefined();
  });
});

describe('paging while members are added', () => {
  const add = async (name: string, birth_date: string | null = null) => {
    const { status, body } = await server.json('POST', '/api/members', token, { dues_exempt: true, confirm_duplicate: true, name, state: active, birth_date });
    expect(status, body?.message).toBe(201);
    return body.data._id as number;
  };

  it('by cursor: no member twice and none of those already there skipped, wherever the new ones sort', async () => {
    const before = await byPageNumber('_sort=name');
    const added: number[] = [];
    const cursored = await byCursor('_sort=name', async () => {
      // One before every page read so far, one tying with names still to come, one after all.
      added.push(await add('Aaron Antes'), await add(`${NAMES[5]} 1`), await add('Zé Depois'));
    });
    expect(new Set(cursored).size).toBe(cursored.length);
    expect(cursored.filter((id) => before.includes(id))).toEqual(before);
    // Those added after the cursor's position are read too; those added before it are not.
    expect(cursored).toContain(added.at(-1));
    expect(cursored).not.toContain(added.at(-3));
  });

  it('by cursor, descending by a date with empty values: the same', async () => {
    const before = await byPageNumber('_sort=-birth_date');
    const cursored = await byCursor('_sort=-birth_date', async () => {
      await add('Datas Novas', '1999-12-31');
      await add('Datas Novas', null);
      await add('Datas Novas', birthDate(3));
    });
    expect(new Set(cursored).size).toBe(cursored.length);
    expect(cursored.filter((id) => before.includes(id))).toEqual(before);
  });

  it('by page number, oldest first: members added at the end are read once, no earlier one twice', async () => {
    const before = await byPageNumber('_sort=created_at');
    const added: number[] = [];
    const numbered = await byPageNumber('_sort=created_at', async () => {
      server.advance(1000);
      added.push(await add('Mais Recente'));
    });
    expect(new Set(numbered).size).toBe(numbered.length);
    expect(numbered).toEqual([...before, ...added]);
  });
});

describe('a cursor that is not one', () => {
  const status = async (url: string) => {
    const { status, body } = await server.json('GET', url, token);
    return { status, message: body?.message as string };
  };

  it('is a 400 with a message in Portuguese', async () => {
    const good = await cursorOf('_sort=name');
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad: [string, string][] = [
      ['name', '%25%25%25'],
      ['name', 'bm90IGpzb24'],
      ['name', forged({ a: 1 })],
      ['name', forged(['name', 'Ana', 0])],
      ['name', forged(['name', 7, 5])],
      ['number', forged(['number', 'um', 5])],
      ['number', forged(['number', 1.5, 5])],
      ['name', good.slice(0, -3)],
    ];
    for (const [sort, after] of bad) {
      const answer = await status(`/api/members?_sort=${sort}&_after=${after}`);
      expect(answer.status, after).toBe(400);
      expect(answer.message).toMatch(/não é um cursor válido/);
    }
    expect(await status(`/api/members?_sort=-name&_after=${good}`)).toEqual({ status: 400, message: expect.stringMatching(/continua a ordenação "name", não "-name"/) });
    expect(await status(`/api/members?_sort=name&_page=2&_after=${good}`)).toEqual({ status: 400, message: 'Use "_page" ou "_after", não os dois.' });
    expect((await status(`/api/members?_sort=name&_after=${good}&_after=${good}`)).status).toBe(400);
  });
});

describe('a cursor page', () => {
  it('seeks on the order index instead of walking the rows before it', async () => {
    const { db, engine } = server.database;
    const members = resourceByName('members')!;
    const cases: [string, boolean, unknown, string][] = [
      ['name', false, 'Carlos 1', 'members_name_order'],
      ['name', true, 'Carlos 1', 'members_name_order'],
      ['email', false, 'c@exemplo.pt', 'members_email_order'],
      ['created_at', true, new Date(server.ctx.now()).toISOString(), 'members_created_at'],
      // Optional fields: empty values come last descending and first ascending, each read by a seek of its own.
      ['locality', true, 'Lisboa', 'members_locality_order'],
      ['locality', false, null, 'members_locality_order'],
      ['birth_date', true, '1970-01-10', 'members_birth_date_keyset'],
    ];
    for (const [column, descending, value, index] of cases) {
      const field = members.field(column)!;
      const plans: string[] = [];
      for (const part of rowsAfter(engine, field, descending, value, 500)) {
        const plan = await planOf(server.database, sql`SELECT _id FROM members WHERE ${part.where} ORDER BY ${part.order ?? listOrder(engine, field, descending)} LIMIT 100`.compile(db), { noSort: true });
        expect(plan, `${column} ${descending ? 'desc' : 'asc'}`).toContain(index);
        // A seek: SQLite searches the index by the key, PostgreSQL states an index condition.
        expect(plan).toMatch(engine === 'sqlite' ? /SEARCH members USING COVERING INDEX/ : /Index Cond/);
        expect(plan, `${column} ${descending ? 'desc' : 'asc'}: ${plan}`).not.toMatch(/TEMP B-TREE|Sort/);
        plans.push(plan);
      }
      // SQLite seeks a row value on its first column only: the cursor's ties are read by a seek
      // on the key and `_id` together, or a cursor deep in a large group of ties walks the group.
      if (engine === 'sqlite' && value !== null) expect(plans.join('\n'), `${column} ${descending ? 'desc' : 'asc'}`).toMatch(/=\? AND _id[<>]\?/);
    }
  });

  it('deep in a date of payments, seeks the date order index whatever the statistics say', async () => {
    const { db } = server.database;
    // Of many members, as payments are: an index led by one member's id would mislead the planner as well.
    const members = (await db.selectFrom('members').select('_id').orderBy('_id').limit(300).execute()).map((m) => m._id);
    const now = new Date(server.ctx.now()).toISOString();
    // 1,000 payments on one day among 2,000 spread over 400 days of the years before and after,
    // stored mixed, one annulled. To SQLite's statistics an index led by annulled_at (one value)
    // looks as good as the date's own, and walking the table back by rowid from the cursor too.
    const day = (i: number) => new Date(Date.UTC(i % 2 ? 2025 : 2027, 0, 1 + (i % 200))).toISOString().slice(0, 10);
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      member: members[i % members.length]!,
      date: i % 3 === 1 ? '2026-02-01' : day(i),
      amount: 1000,
      method: 'numerario',
      annulled_at: i === 7 ? now : null,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('payments').values(rows.slice(i, i + 500)).execute();
    await sql`ANALYZE`.execute(db);
    const { db: recorded, statements } = recordingStatements(db);
    const payments = resourceByName('payments')!;
    const ids = (await db.selectFrom('payments').select('_id').where('date', '=', '2026-02-01').orderBy('_id').execute()).map((r) => Number(r._id));
    // Past the cursor, 500 ties (the page holds only ties) or 50 (the page goes on to the next day).
    for (const [sort, left] of [['-date', 500], ['date', 500], ['-date', 50], ['date', 50]] as const) {
      const { sort: order } = parseListParams(payments, { _sort: sort });
      const cursor = ids[sort === '-date' ? left : ids.length - 1 - left]!;
      statements.length = 0;
      const params = parseListParams(payments, { _sort: sort, _limit: '100', _after: cursorAfter(order, { date: '2026-02-01', _id: cursor }) });
      const { rows: page } = await listRows({ ...server.database, db: recorded }, payments, params);
      expect(page.filter((r) => r.date === '2026-02-01')).toHaveLength(Math.min(left, 100));
      const reads = statements.filter((s) => /FROM "?payments"? WHERE/.test(s.sql) && !/count\(/i.test(s.sql));
      expect(reads.length, sort).toBeGreaterThan(0);
      for (const read of reads) {
        const plan = await planOf(server.database, read, { noSort: true });
        expect(plan, `${sort}: ${plan}`).toMatch(/payments_date/);
        expect(plan, `${sort}: ${plan}`).not.toMatch(/TEMP B-TREE FOR ORDER BY|Sort|payments_annulled|INTEGER PRIMARY KEY \(rowid[<>]/);
      }
    }
  });

  it('among the oldest date\'s many ties, each statement expects at least the rows it reads', async () => {
    const { db, engine } = server.database;
    const members = (await db.selectFrom('members').select('_id').orderBy('_id').limit(300).execute()).map((m) => m._id);
    const now = new Date(server.ctx.now()).toISOString();
    // 1,500 payments on the oldest date of the table (a ledger's first year), stored first, then
    // 1,500 on later days. A cursor among those ties leaves hundreds after it, none older.
    const oldest = '2019-01-31';
    const later = (i: number) => new Date(Date.UTC(2019, 1, 1 + (i % 300))).toISOString().slice(0, 10);
    const rows = Array.from({ length: 3000 }, (_, i) => ({ member: members[i % members.length]!, date: i < 1500 ? oldest : later(i), amount: 1000, method: 'numerario', created_at: now, updated_at: now }));
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('payments').values(rows.slice(i, i + 500)).execute();
    await sql`ANALYZE`.execute(db);
    const ties = (await db.selectFrom('payments').select('_id').where('date', '=', oldest).orderBy('_id', 'desc').execute()).map((r) => Number(r._id));
    const cursor = ties[750]!;
    const payments = resourceByName('payments')!;
    const { sort } = parseListParams(payments, { _sort: '-date' });
    const { db: recorded, statements } = recordingStatements(db);
    const params = parseListParams(payments, { _sort: '-date', _limit: String(PAGE), _after: cursorAfter(sort, { date: oldest, _id: cursor }) });
    const { rows: page } = await listRows({ ...server.database, db: recorded }, payments, params);
    expect(page.map((r) => Number(r._id))).toEqual(ties.slice(751, 751 + PAGE));
    if (engine !== 'postgres') return;
    // PostgreSQL estimated `date <= v AND (date, _id) < (v, id)` as 1 row (nothing older than the
    // oldest date, times the date's own bound), where 749 follow: the index scan that stops after
    // a page and a sort of every match then cost it the same, and a statistics sample could tip it
    // to the sort (at 100,000 members, 63,178 debts sorted for a page: 210-320 ms).
    const reads = statements.filter((s) => /FROM "?payments"? WHERE/.test(s.sql) && !/count\(/i.test(s.sql));
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) {
      const returned = (await db.executeQuery(read)).rows.length;
      const plan = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${read.sql}`, [...read.parameters]));
      expect(plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'], read.sql).toBeGreaterThanOrEqual(returned);
    }
  });
});
