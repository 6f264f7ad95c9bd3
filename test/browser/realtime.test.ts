import { expect } from '@open-wc/testing';
import { STORAGE_KEYS } from '../../src/core/index.js';
import { cleanup, testCore } from './support/core.js';
import { fault, sleep, tokenPair, until } from './support/fault.js';

function login() {
  const pair = tokenPair();
  localStorage.setItem(STORAGE_KEYS.access, pair.access);
  localStorage.setItem(STORAGE_KEYS.refresh, pair.refresh);
  return pair;
}

const opens = async (f: ReturnType<typeof fault>) => (await f.log()).filter((r) => r.method === 'WS-OPEN').length;
const wsMessages = async (f: ReturnType<typeof fault>) =>
  (await f.log()).filter((r) => r.method === 'WS-MESSAGE').map((r) => r.body as { topic: string });

describe('realtime socket', () => {
  afterEach(cleanup);

  it('does not open without a token', async () => {
    const { core, f } = testCore();
    expect(core.realtime.start()).to.equal(false);
    await sleep(200);
    expect(await opens(f)).to.equal(0);
  });

  it('does not open without browser WebSocket support', async () => {
    login();
    const { core, f } = testCore({ env: { WebSocket: undefined } });
    expect(core.realtime.start()).to.equal(false);
    await sleep(200);
    expect(await opens(f)).to.equal(0);
  });

  it('opens at {api}/websocket with a token, is connected and sends a ping', async () => {
    login();
    const { core, f } = testCore();
    expect(core.realtime.start()).to.equal(true);
    await until(() => core.realtime.connected.value, 3000, 'connected');
    expect(await opens(f)).to.equal(1);
    await until(async () => (await wsMessages(f)).some((m) => m.topic === 'ping'), 2000, 'ping');
    expect((await wsMessages(f))[0]).to.deep.equal({ topic: 'ping' });
  });

  it('pings every ping interval', async () => {
    login();
    const { core, f } = testCore({ timings: { pingIntervalMs: 150 } });
    core.realtime.start();
    await until(() => core.realtime.connected.value, 3000, 'connected');
    await sleep(520);
    const pings = (await wsMessages(f)).filter((m) => m.topic === 'ping').length;
    // One on open, then one every 150 ms.
    expect(pings).to.be.within(3, 5);
  });

  it('re-broadcasts each message as a ws:{topic} DOM event and to subscribers', async () => {
    login();
    const { core, f } = testCore();
    const events: unknown[] = [];
    const subscribed: unknown[] = [];
    const listener = (e: Event) => events.push((e as CustomEvent).detail);
    window.addEventListener('ws:members changed', listener);
    core.realtime.subscribe('members changed', (payload) => subscribed.push(payload));
    try {
      core.realtime.start();
      await until(() => core.realtime.connected.value, 3000, 'connected');
      const payload = { resource: 'members', action: 'updated', id: 3 };
      await f.wsSend({ topic: 'members changed', payload });
      await until(() => events.length === 1, 2000, 'DOM event');
      expect(events[0]).to.deep.equal(payload);
      expect(subscribed[0]).to.deep.equal(payload);
    } finally {
      window.removeEventListener('ws:members changed', listener);
    }
  });

  it('on ws:handshake with a token posts websocket/auth with the connection id and ignores a failure', async () => {
    login();
    const f = fault();
    await f.ws({ handshake: 'conn-123' });
    await f.script({ 'POST /websocket/auth': { status: 500 } });
    const { core } = testCore({ f });
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener('ws:handshake', listener);
    try {
      core.realtime.start();
      await until(async () => (await f.requests('POST', '/websocket/auth')).length === 1, 3000, 'auth');
      const [auth] = await f.requests('POST', '/websocket/auth');
      expect(auth!.body).to.deep.equal({ connectionId: 'conn-123' });
      expect(seen).to.deep.equal([{ connectionId: 'conn-123' }]);
      await sleep(100);
      expect(core.serverStatus.status.value).to.equal('ok');
      expect(core.realtime.connected.value).to.equal(true);
    } finally {
      window.removeEventListener('ws:handshake', listener);
    }
  });

  it('on close marks disconnected and reconnects at once; stays ok when reconnected within 1 s', async () => {
    login();
    const { core, f } = testCore();
    core.realtime.start();
    await until(() => core.realtime.connected.value, 3000, 'connected');
    const states: boolean[] = [];
    const stop = (await import('@preact/signals-core')).effect(() => {
      states.push(core.realtime.connected.value);
    });
    try {
      const closedAt = Date.now();
      await f.wsClose();
      await until(() => states.includes(false) && core.realtime.connected.value, 3000, 'reconnected');
      expect(Date.now() - closedAt).to.be.below(800);
      expect(await opens(f)).to.equal(2);
      await sleep(1100);
      expect(core.serverStatus.status.value).to.equal('ok');
    } finally {
      stop();
    }
  });

  it('marks the server unreachable when still not connected 1 s after a close', async () => {
    login();
    const { core, f } = testCore({ timings: { serverRetryMs: 60_000 } });
    core.realtime.start();
    await until(() => core.realtime.connected.value, 3000, 'connected');
    await f.ws({ refuse: true });
    const closedAt = Date.now();
    await f.wsClose();
    await until(() => !core.realtime.connected.value, 2000, 'disconnected');
    await sleep(700);
    expect(core.serverStatus.status.value).to.equal('ok');
    await until(() => core.serverStatus.status.value === 'unreachable', 2000, 'unreachable');
    expect(Date.now() - closedAt).to.be.within(900, 2000);
    // It tried again at once after the close.
    expect((await f.log()).some((r) => r.method === 'WS-REFUSED')).to.equal(true);
  });

  it('ws:debug shows a toast with the payload text for the toast time', async () => {
    login();
    const { core, f } = testCore({ timings: { debugToastMs: 300 } });
    core.realtime.start();
    await until(() => core.realtime.connected.value, 3000, 'connected');
    await f.wsSend({ topic: 'debug', payload: 'panic: algo correu mal' });
    await until(() => core.toast.value !== null, 2000, 'toast');
    expect(core.toast.value).to.equal('panic: algo correu mal');
    const shownAt = Date.now();
    await until(() => core.toast.value === null, 2000, 'toast cleared');
    expect(Date.now() - shownAt).to.be.within(200, 600);
  });

  it('list stores refresh on their resource change event', async () => {
    login();
    const { core, f } = testCore();
    await f.script({ 'GET /members': [{ body: { data: [{ _id: 1, created_at: 'x' }], meta: { total: 1 } } }, { body: { data: [{ _id: 1, created_at: 'x' }, { _id: 2, created_at: 'y' }], meta: { total: 2 } } }] });
    const members = core.list('members');
    await members.load();
    expect(members.total.value).to.equal(1);
    core.realtime.start();
    await until(() => core.realtime.connected.value, 3000, 'connected');
    await f.wsSend({ topic: 'members changed', payload: { resource: 'members', action: 'created', id: 2 } });
    await until(() => members.total.value === 2, 2000, 'refreshed');
    expect(members.items.value.map((i) => i._index)).to.deep.equal([0, 1]);
    // Other resources' events do not reload it.
    await f.wsSend({ topic: 'tags changed', payload: { resource: 'tags', action: 'created', id: 1 } });
    await sleep(150);
    expect(await f.requests('GET', '/members')).to.have.length(2);
  });

  it("settings are reloaded on 'settings updated'", async () => {
    login();
    const { core, f } = testCore();
    await f.script({
      'GET /settings': [
        { body: { data: [{ _id: 1, name: 'hasTreasury', value: 'false', created_at: '' }], meta: { total: 1 } } },
        { body: { data: [{ _id: 1, name: 'hasTreasury', value: 'true', created_at: '' }], meta: { total: 1 } } },
      ],
    });
    await core.settings.load();
    expect(core.settings.hasTreasury.value).to.equal(false);
    core.realtime.start();
    await until(() => core.realtime.connected.value, 3000, 'connected');
    await f.wsSend({ topic: 'settings updated', payload: null });
    await until(() => core.settings.hasTreasury.value, 2000, 'settings reloaded');
    const [first] = await f.requests('GET', '/settings');
    expect(first!.query).to.deep.equal({ _page: '1', _limit: '-1' });
  });
});
