import { describe, expect, it, vi } from 'vitest';
import { serversClosedAfterEach, testEngine, type TestServer } from './support/server.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { createMemoryBus } from '../../src/server/realtime/bus.js';
import { busResync, reauthenticate, resourceChanged } from '../../src/server/realtime/topics.js';
import { ACCOUNT_CACHE_OPTIONS, createAccountCache, type Account } from '../../src/server/auth/account-cache.js';
import { createApiKeyCache, type ApiKey } from '../../src/server/auth/api-key-cache.js';

// Each request's caller comes from a per-instance cache of accounts; these tests hold it to
// the rule it replaces: a change to an account applies to the very next request.

const start = serversClosedAfterEach();

const own = (server: TestServer, id: number, token: string) => server.request({ method: 'GET', url: `/api/users/${id}`, token });
const patchUser = (server: TestServer, id: number, token: string, payload: object) =>
  server.request({ method: 'PATCH', url: `/api/users/${id}`, token, payload });

describe('the caller\'s account between changes', () => {
  it('a role change, a deactivation and a deletion end a session already served from the cache', async () => {
    const server = await start();
    const admin = (await server.login(await server.createUser('admin'))).access;
    for (const change of ['role', 'active', 'delete'] as const) {
      const editor = await server.createUser('editor');
      const token = (await server.login(editor)).access;
      expect((await own(server, editor.id, token)).statusCode).toBe(200);
      const response =
        change === 'delete'
          ? await server.request({ method: 'DELETE', url: `/api/users/${editor.id}`, token: admin })
          : await patchUser(server, editor.id, admin, change === 'role' ? { role: 'member' } : { active: false });
      expect(response.statusCode, change).toBeLessThan(300);
      expect((await own(server, editor.id, token)).statusCode, change).toBe(401);
    }
  });

  it('a new member link applies to the next request of the same session', async () => {
    const server = await start();
    await ensureReferenceData(server.database.db, Date.now());
    const admin = (await server.login(await server.createUser('admin'))).access;
    const state = (await server.request({ method: 'GET', url: '/api/member_states', token: admin })).json().data[0]._id as number;
    const create = async (name: string) => (await server.request({ method: 'POST', url: '/api/members', token: admin, payload: { dues_exempt: true, name, state } })).json().data._id as number;
    const [first, second] = [await create('Primeira Sócia'), await create('Segunda Sócia')];
    const user = await server.createUser('member', { memberId: first });
    const token = (await server.login(user)).access;
    const member = (id: number) => server.request({ method: 'GET', url: `/api/members/${id}`, token });
    expect((await member(first)).statusCode).toBe(200);
    expect((await member(second)).statusCode).toBe(403);
    expect((await patchUser(server, user.id, admin, { member: second })).statusCode).toBe(200);
    expect((await member(second)).statusCode).toBe(200);
    expect((await member(first)).statusCode).toBe(403);
  });

  it('a write that raises no event applies once the cache entry expires', async () => {
    const server = await start();
    const editor = await server.createUser('editor');
    const token = (await server.login(editor)).access;
    expect((await own(server, editor.id, token)).statusCode).toBe(200);
    await server.database.db.updateTable('users').set({ active: 0 }).where('_id', '=', editor.id).execute();
    server.advance(ACCOUNT_CACHE_OPTIONS.ttlMs + 1);
    expect((await own(server, editor.id, token)).statusCode).toBe(401);
  });

  if (testEngine === 'postgres') {
    it('a deactivation on one instance ends the session on another that had its account cached', async () => {
      const first = await start();
      const second = await start({ pgSchema: first.database.schema });
      const admin = (await first.login(await first.createUser('admin'))).access;
      const editor = await first.createUser('editor');
      const token = (await first.login(editor)).access;
      expect((await own(second, editor.id, token)).statusCode).toBe(200);
      expect((await patchUser(first, editor.id, admin, { active: false })).statusCode).toBe(200);
      // The event crosses through NOTIFY: well within the cache's lifetime, which is not advanced here.
      await vi.waitFor(async () => expect((await own(second, editor.id, token)).statusCode).toBe(401), { timeout: 3000, interval: 20 });
    });
  }
});

describe('createAccountCache', () => {
  const account = (tokenVersion: number): Account => ({ id: 7, name: 'Ana', role: 'editor', memberId: null, active: true, tokenVersion });

  function setUp() {
    const bus = createMemoryBus();
    let stored = account(0);
    const pending: (() => void)[] = [];
    let loads = 0;
    // Each load answers only when released, with what is stored at that moment's read.
    const load = async () => {
      loads += 1;
      const read = stored;
      await new Promise<void>((resolve) => pending.push(resolve));
      return read;
    };
    const cache = createAccountCache(bus, () => 0, load);
    return {
      bus,
      cache,
      store: (next: Account) => (stored = next),
      release: () => pending.splice(0).forEach((resolve) => resolve()),
      loads: () => loads,
    };
  }

  it('does not keep an account read before a change that was heard while the read ran', async () => {
    const { bus, cache, store, release, loads } = setUp();
    const stale = cache.get(7);
    store(account(1));
    await bus.publish(reauthenticate('user', 7));
    release();
    expect((await stale)?.tokenVersion).toBe(0);
    const fresh = cache.get(7);
    release();
    expect((await fresh)?.tokenVersion).toBe(1);
    expect(loads()).toBe(2);
  });

  it('reuses an account until an event about it, and ignores events about others', async () => {
    const { bus, cache, store, release, loads } = setUp();
    const first = cache.get(7);
    release();
    await first;
    expect(await cache.get(7)).toEqual(account(0));
    await bus.publish(reauthenticate('apiKey', 7));
    await bus.publish(resourceChanged('users', 'updated', 8));
    await bus.publish(resourceChanged('members', 'updated', 7));
    expect(await cache.get(7)).toEqual(account(0));
    expect(loads()).toBe(1);
    store(account(2));
    // Deleting a member unlinks its accounts in the database alone: they go too, others stay.
    await bus.publish(resourceChanged('members', 'deleted', 3));
    expect(await cache.get(7)).toEqual(account(0));
    store({ ...account(1), memberId: 3 });
    await bus.publish(reauthenticate('user', 7));
    const linked = cache.get(7);
    release();
    expect((await linked)?.memberId).toBe(3);
    store(account(2));
    await bus.publish(resourceChanged('members', 'deleted', 3));
    const unlinked = cache.get(7);
    release();
    expect((await unlinked)?.memberId).toBeNull();
    expect(loads()).toBe(3);
    // A `users changed` trimmed to fit NOTIFY names no record: every account goes.
    await bus.publish({ topic: 'users changed', payload: { truncated: true } });
    const reloaded = cache.get(7);
    release();
    expect((await reloaded)?.tokenVersion).toBe(2);
  });

  it('drops every account when the bus listener comes back, since events may have been missed meanwhile', async () => {
    const { bus, cache, store, release, loads } = setUp();
    const first = cache.get(7);
    release();
    await first;
    store(account(4));
    await bus.publish(busResync());
    const reloaded = cache.get(7);
    release();
    expect((await reloaded)?.tokenVersion).toBe(4);
    expect(loads()).toBe(2);
  });
});

describe('createApiKeyCache', () => {
  const key = (role: 'admin' | 'editor'): ApiKey => ({ id: 3, name: 'Integração', role, revoked: false, expiresAt: undefined, lastUsedAt: 0 });

  it('reuses a key until an event about it: revocation, a change of the key, or a resync of the bus', async () => {
    const bus = createMemoryBus();
    let stored = key('admin');
    let loads = 0;
    const cache = createApiKeyCache(bus, () => 0, async () => {
      loads += 1;
      return stored;
    });
    expect((await cache.get('hash'))?.role).toBe('admin');
    stored = key('editor');
    // A user's reauthentication and another key's change are not about this key.
    await bus.publish(reauthenticate('user', 3));
    await bus.publish(resourceChanged('api_secrets', 'updated', 4));
    expect((await cache.get('hash'))?.role).toBe('admin');
    expect(loads).toBe(1);
    await bus.publish(resourceChanged('api_secrets', 'updated', 3));
    expect((await cache.get('hash'))?.role).toBe('editor');
    stored = { ...key('editor'), revoked: true };
    await bus.publish(reauthenticate('apiKey', 3));
    expect((await cache.get('hash'))?.revoked).toBe(true);
    stored = key('admin');
    await bus.publish(busResync());
    expect((await cache.get('hash'))?.role).toBe('admin');
    expect(loads).toBe(4);
  });
});
