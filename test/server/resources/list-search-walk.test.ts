import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_EXACT_TOTAL_LIMIT } from '../../../src/core/contract.js';
import { createMemoryBus } from '../../../src/server/realtime/bus.js';
import { createChangeCache } from '../../../src/server/resources/change-cache.js';
import { parseListParams } from '../../../src/server/resources/list-params.js';
import { listRows } from '../../../src/server/resources/list-query.js';
import { resourceByName } from '../support/app-registry.js';
import { startResourceServer, type ResourceTestServer } from './support.js';
import { recordingStatements } from '../support/statement-recorder.js';

// A search that matches more members than are counted exactly: five in six are "Maria Zeta",
// every sixth is "Ana Sousa". By number the matches are spread evenly; by name they all come
// after the 2,100 Anas.
const COUNT = 12_600;
const matches = (i: number) => i % 6 !== 0;

let server: ResourceTestServer;
let token: string;

beforeAll(async () => {
  server = await startResourceServer();
  ({ token } = await server.as('admin'));
  const state = await server.stateId('Ativo');
  const now = new Date(server.ctx.now()).toISOString();
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    number: i + 1,
    name: matches(i) ? `Maria Zeta ${i}` : `Ana Sousa ${i}`,
    state,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 500) await server.database.db.insertInto('members').values(rows.slice(i, i + 500)).execute();
});
afterAll(() => server.close());

async function get(url: string): Promise<{ ids: number[]; total: number; exact: boolean; next?: string }> {
  const { status, body } = await server.json('GET', url, token);
  expect(status, body?.message).toBe(200);
  return { ids: body.data.map((m: { _id: number }) => m._id), total: body.meta.total, exact: body.meta.exact !== false, next: body.meta.next };
}

describe('a search matching more than the exact count, sorted (issue 17: no sort of every match)', () => {
  for (const sort of ['number', '-number', 'name', '-name', '-created_at']) {
    it(`gives the same first pages by cursor as the whole ordered list, sorted by ${sort}`, async () => {
      const list = `/api/members?_search=maria&_sort=${sort}`;
      const whole = await get(`${list}&_limit=-1`);
      expect(whole.ids).toHaveLength((COUNT * 5) / 6);
      let page = await get(`${list}&_limit=100`);
      expect(page.exact).toBe(false);
      expect(page.total).toBeGreaterThan(LIST_EXACT_TOTAL_LIMIT);
      const seen = [...page.ids];
      for (let n = 1; n < 4; n += 1) {
        page = await get(`${list}&_limit=100&_after=${encodeURIComponent(page.next!)}`);
        seen.push(...page.ids);
      }
      expect(seen).toEqual(whole.ids.slice(0, 400));
      // Page 3 by number is read the usual way and agrees.
      expect((await get(`${list}&_limit=100&_page=3`)).ids).toEqual(whole.ids.slice(200, 300));
    });
  }

  it('walks the order index on SQLite for a search known to match many, where the matches are spread, and reads the usual way where they bunch', async () => {
    const { db: recorded, statements } = recordingStatements(server.database.db);
    const database = { ...server.database, db: recorded };
    const members = resourceByName('members')!;
    const totals = createChangeCache<number>(createMemoryBus(), Date.now, { ttlMs: Infinity, maxEntries: 10 });
    const read = async (sort: string) => {
      statements.length = 0;
      const { rows } = await listRows(database, members, parseListParams(members, { _search: 'maria', _sort: sort, _limit: '100' }), undefined, totals);
      // A parameter is `?` on SQLite and `$n` on PostgreSQL.
      const count = (shape: RegExp) => statements.filter((s) => shape.test(s.sql)).length;
      return { rows: rows.length, walks: count(/LIMIT (\?|\$\d+)\) WHERE/), pages: count(/LIMIT (\?|\$\d+) OFFSET/) };
    };
    // The first page of a search learns how many rows it matches, the usual way.
    expect(await read('number')).toEqual({ rows: 100, walks: 0, pages: 1 });
    if (server.database.engine === 'postgres') {
      // PostgreSQL's planner chooses between its indexes itself: the page is read the usual way.
      expect(await read('number')).toEqual({ rows: 100, walks: 0, pages: 1 });
    } else {
      // Known to match many, by number: the first rows in order hold a page of matches, and the walk alone answers.
      expect(await read('number')).toEqual({ rows: 100, walks: 1, pages: 0 });
      // By name, the first rows are all Anas: the walk finds too few, and the page is read the usual way.
      expect(await read('name')).toEqual({ rows: 100, walks: 1, pages: 1 });
    }
    totals.close();
  });
});
