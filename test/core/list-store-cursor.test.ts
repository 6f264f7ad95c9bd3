import { signal } from '@preact/signals-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createListStore } from '../../src/core/list-store.js';
import { serializeParams, type Http, type HttpResponse } from '../../src/core/http.js';
import { startResourceServer, type ResourceTestServer } from '../server/resources/support.js';

// The list store against the real server: its cursors are the server's, not a fake's.
let server: ResourceTestServer;
let token: string;
let state: number;
let sent: URLSearchParams[] = [];

const http = {
  api: '/api',
  lastResponseMs: signal(null),
  async get<T>(path: string, options?: { params?: Parameters<typeof serializeParams>[0] }): Promise<HttpResponse<T>> {
    const query = serializeParams(options?.params);
    sent.push(new URLSearchParams(query));
    const response = await server.request({ method: 'GET', url: `/api/${path}${query}`, token });
    expect(response.statusCode, response.body).toBe(200);
    return { status: response.statusCode, data: response.json<T>() };
  },
} as unknown as Http;

const store = () => createListStore('members', { http, prepare: (_resource, record) => record, initialQuery: { limit: 10, sort: '-name' } });
const names = (list: ReturnType<typeof store>) => list.items.value.map((m) => String(m.name));

const add = async (name: string) => {
  const { status } = await server.json('POST', '/api/members', token, { name, state, dues_exempt: true });
  expect(status).toBe(201);
};

beforeAll(async () => {
  server = await startResourceServer();
  ({ token } = await server.as('admin'));
  state = await server.stateId('Ativo');
  // Three members per name: ties the cursor's _id must break.
  for (let i = 0; i < 30; i++) await add(`Sócio ${String.fromCharCode(65 + (i % 10))}`);
});
afterAll(() => server.close());
beforeEach(() => {
  sent = [];
});

describe('the list store pages forward with the server cursor', () => {
  it('loadMore asks for the rows after the last one (_after, no _page) and continues the indexes', async () => {
    const list = store();
    await list.load();
    await list.loadMore();
    await list.loadMore();
    expect(sent.map((q) => [q.get('_page'), q.has('_after')])).toEqual([['1', false], [null, true], [null, true]]);
    expect(list.items.value.map((m) => m._index)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(new Set(list.items.value.map((m) => m._id)).size).toBe(30);
    // The same rows, in the same order, as three pages by number.
    const byNumber: string[] = [];
    for (const page of [1, 2, 3]) {
      const other = store();
      await other.setPage(page);
      byNumber.push(...names(other));
    }
    expect(names(list)).toEqual(byNumber);
  });

  it('members added while scrolling neither repeat a row nor push one out of the next page', async () => {
    const list = store();
    await list.load();
    const first = names(list);
    // Sorts before every row read so far (descending): with an offset, the next page would repeat the last row.
    await add('Sócio Z');
    await list.loadMore();
    expect(names(list).slice(0, 10)).toEqual(first);
    expect(new Set(list.items.value.map((m) => m._id)).size).toBe(20);
    expect(names(list)).not.toContain('Sócio Z');
  });

  it('"next page" uses the cursor; a jump, a page back or a new sort use _page', async () => {
    const list = store();
    await list.load();
    await list.setPage(2);
    await list.setPage(3);
    await list.setPage(1);
    await list.setPage(3);
    await list.setSort('name');
    await list.setPage(2);
    expect(sent.map((q) => q.get('_page') ?? 'after')).toEqual(['1', 'after', 'after', '1', '3', '1', 'after']);
    expect(list.query.value.page).toBe(2);
    expect(list.items.value[0]!._index).toBe(10);
  });
});
