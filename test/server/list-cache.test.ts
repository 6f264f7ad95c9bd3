import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { createMemoryBus } from '../../src/server/realtime/bus.js';
import { createListCaches } from '../../src/server/resources/list-caches.js';
import { CompressibleBody } from '../../src/server/edges/compressed-body.js';
import { startTestServer, testEngine, type TestServer } from './support/server.js';

// List answers are reused until a change event; these tests prove a change made anywhere is
// seen at once: through this instance, or (PostgreSQL) through another instance on the same schema.

const servers: TestServer[] = [];
afterEach(async () => {
  // Newest first: the first server owns (and drops) the shared schema.
  for (const server of servers.splice(0).reverse()) await server.close();
});

async function start(overrides: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(overrides);
  servers.push(server);
  return server;
}

async function setUp(server: TestServer) {
  await ensureReferenceData(server.database.db, Date.now());
  const token = (await server.login(await server.createUser('admin'))).access;
  const state = (await server.request({ method: 'GET', url: '/api/member_states', token })).json().data[0]._id as number;
  return { token, state };
}

const names = async (server: TestServer, token: string) =>
  (await server.request({ method: 'GET', url: '/api/members?_sort=name', token })).json().data.map((m: { name: string }) => m.name);

describe('list answers between changes', () => {
  it('show a create, an update and a delete made through the API at once', async () => {
    const server = await start();
    const { token, state } = await setUp(server);
    expect(await names(server, token)).toEqual([]);
    const created = await server.request({ method: 'POST', url: '/api/members', token, payload: { dues_exempt: true, name: 'Ana Faria', state } });
    expect(await names(server, token)).toEqual(['Ana Faria']);
    await server.request({ method: 'PATCH', url: `/api/members/${created.json().data._id}`, token, payload: { name: 'Ana Faria Lopes' } });
    expect(await names(server, token)).toEqual(['Ana Faria Lopes']);
    expect((await server.request({ method: 'DELETE', url: `/api/members/${created.json().data._id}`, token })).statusCode).toBe(204);
    expect(await names(server, token)).toEqual([]);
  });

  it('expire after a few seconds even when a change raised no event', async () => {
    const server = await start();
    const { token, state } = await setUp(server);
    // Asked twice: a page is kept from its second request.
    expect(await names(server, token)).toEqual([]);
    expect(await names(server, token)).toEqual([]);
    const stamp = new Date().toISOString();
    await server.database.db.insertInto('members').values({ number: 1, name: 'Direto na Base', state, created_at: stamp, updated_at: stamp }).execute();
    expect(await names(server, token)).toEqual([]);
    server.advance(6_000);
    expect(await names(server, token)).toEqual(['Direto na Base']);
  });

  it('are kept apart per caller scope: a member never gets an answer cached for staff', async () => {
    const server = await start();
    const { token, state } = await setUp(server);
    const own = await server.request({ method: 'POST', url: '/api/members', token, payload: { dues_exempt: true, name: 'Própria', state } });
    const member = (await server.login(await server.createUser('member', { memberId: own.json().data._id }))).access;
    expect((await server.request({ method: 'GET', url: '/api/users', token })).statusCode).toBe(200);
    expect((await server.request({ method: 'GET', url: '/api/users', token: member })).statusCode).toBe(403);
  });

  if (testEngine === 'postgres') {
    it('show a change made on another instance of the same database at once', async () => {
      const first = await start();
      const second = await start({ pgSchema: first.database.schema });
      const { token, state } = await setUp(first);
      expect(await names(second, token)).toEqual([]);
      await first.request({ method: 'POST', url: '/api/members', token, payload: { dues_exempt: true, name: 'Bruno Lima', state } });
      await vi.waitFor(async () => expect(await names(second, token)).toEqual(['Bruno Lima']), { timeout: 3000, interval: 50 });
    });
  }
});

describe('the list page cache', () => {
  const body = (length: number) => new CompressibleBody(Buffer.from('x'.repeat(length)));

  it('keeps a page from its second request within the expiry, never one asked for once', () => {
    let time = 0;
    const caches = createListCaches(createMemoryBus(), () => time);
    const page = body(50_000);
    caches.pages.set('once', page);
    expect(caches.pages.get('once')).toBeUndefined();
    caches.pages.set('once', page);
    expect(caches.pages.get('once')).toBe(page);
    // A repeat after the expiry counts as a first request again.
    caches.pages.set('late', page);
    time += 6_000;
    caches.pages.set('late', page);
    expect(caches.pages.get('late')).toBeUndefined();
    // Distinct queries, each asked for once, keep nothing and push nothing out.
    caches.pages.set('kept', page);
    caches.pages.set('kept', page);
    for (let i = 0; i < 1000; i++) caches.pages.set(`distinct ${i}`, page);
    expect(caches.pages.get('kept')).toBe(page);
    expect(caches.pages.get('distinct 999')).toBeUndefined();
    // A kept page dropped by its expiry was asked for again: its next answer is kept at once.
    time += 6_000;
    expect(caches.pages.get('kept')).toBeUndefined();
    caches.pages.set('kept', page);
    expect(caches.pages.get('kept')).toBe(page);
    caches.close();
  });

  it('keeps a page while answers computed side by side for it arrive one after another', () => {
    const caches = createListCaches(createMemoryBus(), () => 0);
    // Ten requests missed at once (a slow deep page on PostgreSQL): each answer is set as it ends.
    const answers = Array.from({ length: 10 }, () => body(50_000));
    answers.forEach((answer, i) => {
      caches.pages.set('deep', answer);
      if (i > 0) expect(caches.pages.get('deep')).toBe(answer);
    });
    caches.close();
  });

  it('never keeps an answer whose computation began before a change: it may show the state before it', () => {
    const bus = createMemoryBus();
    const caches = createListCaches(bus, () => 0);
    const stale = body(50_000);
    caches.pages.set('list', stale);
    // A request misses and starts reading; a write commits and its event arrives; the read ends.
    const since = caches.pages.version();
    void bus.publish({ topic: 'members changed', payload: {} });
    caches.pages.set('list', stale, since);
    caches.pages.set('list', stale, since);
    expect(caches.pages.get('list')).toBeUndefined();
    // A read begun after the event is kept as before (asked for again).
    const fresh = body(50_000);
    caches.pages.set('list', fresh, caches.pages.version());
    expect(caches.pages.get('list')).toBe(fresh);
    caches.close();
  });

  it('holds pages up to a size in bytes, the oldest going first, and never a very large one', () => {
    const caches = createListCaches(createMemoryBus(), () => 0);
    const keep = (key: string, page: CompressibleBody) => {
      caches.pages.set(key, page);
      caches.pages.set(key, page);
    };
    const huge = body(3 * 1024 * 1024);
    keep('huge', huge);
    expect(caches.pages.get('huge')).toBeUndefined();
    const big = body(1024 * 1024);
    for (let i = 0; i < 20; i++) keep(`big ${i}`, big);
    // 16 MB: the four oldest of the twenty went.
    expect(caches.pages.get('big 0')).toBeUndefined();
    expect(caches.pages.get('big 3')).toBeUndefined();
    expect(caches.pages.get('big 4')).toBe(big);
    expect(caches.pages.get('big 19')).toBe(big);
    caches.close();
  });

  it('counts the compressed forms of a kept page as they are made, the oldest pages going first to make room', async () => {
    const caches = createListCaches(createMemoryBus(), () => 0);
    const pages = Array.from({ length: 16 }, () => body(1024 * 1024));
    pages.forEach((page, i) => {
      caches.pages.set(`page ${i}`, page);
      caches.pages.set(`page ${i}`, page);
    });
    // 16 MB of JSON: all kept, until one of them is also kept compressed.
    expect(pages.every((page, i) => caches.pages.get(`page ${i}`) === page)).toBe(true);
    await pages[15]!.in('br');
    expect(caches.pages.get('page 0')).toBeUndefined();
    expect(caches.pages.get('page 1')).toBe(pages[1]);
    expect(caches.pages.get('page 15')).toBe(pages[15]);
    // The room page 0 left holds the gzip form too.
    await pages[15]!.in('gzip');
    expect(caches.pages.get('page 1')).toBe(pages[1]);
    caches.close();
  });
});
