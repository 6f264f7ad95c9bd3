import { expect } from '@open-wc/testing';
import { DEFAULT_TIMINGS, STORAGE_KEYS } from '../../src/core/index.js';
import { manualClock } from '../support/manual-clock.js';
import { cleanup, testCore } from './support/core.js';
import { fault, tokenPair, until } from './support/fault.js';

function login() {
  const pair = tokenPair();
  localStorage.setItem(STORAGE_KEYS.access, pair.access);
  localStorage.setItem(STORAGE_KEYS.refresh, pair.refresh);
  return pair;
}

const { pingIntervalMs, unreachableDelayMs, debugToastMs } = DEFAULT_TIMINGS;

/** Lets pending promise callbacks run; no time passes on the core's clock. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const opens = async (f: ReturnType<typeof fault>) => (await f.log()).filter((r) => r.method === 'WS-OPEN').length;
const wsMessages = async (f: ReturnType<typeof fault>) =>
  (await f.log()).filter((r) => r.method === 'WS-MESSAGE').map((r) => r.body as { topic: string });

describe('realtime socket', () => {
  afterEach(cleanup);

  it('does not open without a token', async () => {
    const clock = manualClock();
    const made: string[] = [];
    const Counted = class extends WebSocket {
      constructor(url: string | URL) {
        made.push(String(url));
        super(url);
      }
    };
    const { core, f } = testCore({ clock, env: { WebSocket: Counted } });
    expect(core.realtime.start()).to.equal(false);
    // Nothing opened, and nothing is waiting to open one later.
    expect(made).to.deep.equal([]);
    expect(clock.pending()).to.equal(0);
    expect(await opens(f)).to.equal(0);
  });

  it('does not open without browser WebSocket support', async () => {
    login();
    const clock = manualClock();
    const { core, f } = testCore({ clock, env: { WebSocket: undefined } });
    expect(core.realtime.start()).to.equal(false);
    expect(clock.pending()).to.equal(0);
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

  it('pings on open, then every 55 s', async () => {
    login();
    const clock = manualClock();
    const { core, f } = testCore({ clock });
    core.realtime.start();
    await until(() => core.realtime.connected.value, 3000, 'connected');
    const topics = async () => (await wsMessages(f)).map((m) => m.topic);
    await until(async () => (await topics()).length === 1, 2000, 'the ping on open');
    // A marker sent just before each interval ends: no ping may come before it.
    for (let interval = 1; interval <= 2; interval++) {
      clock.advance(pingIntervalMs - 1);
      core.realtime.send({ topic: `marker ${interval}` });
      clock.advance(1);
      await until(async () => (await topics()).length === 1 + 2 * interval, 2000, `ping ${interval}`);
    }
    expect(await topics()).to.deep.equal(['ping', 'marker 1', 'ping', 'marker 2', 'ping']);
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
    // Assigned inside the fetch wrapper, which control-flow analysis cannot see.
    let authAnswered = null as Promise<unknown> | null;
    const fetchSeeingAuth = (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = window.fetch(input, init);
      if (String(input).endsWith('/websocket/auth')) authAnswered = answer.then(settle, settle);
      return answer;
    };
    const { core } = testCore({ f, env: { fetch: fetchSeeingAuth } });
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener('ws:handshake', listener);
    try {
      core.realtime.start();
      await until(async () => (await f.requests('POST', '/websocket/auth')).length === 1, 3000, 'auth');
      const [auth] = await f.requests('POST', '/websocket/auth');
      expect(auth!.body).to.deep.equal({ connectionId: 'conn-123' });
      expect(seen).to.deep.equal([{ connectionId: 'conn-123' }]);
      // The refused authentication has been answered and handled: it changed nothing.
      await authAnswered;
      expect(core.serverStatus.status.value).to.equal('ok');
      expect(core.realtime.connected.value).to.equal(true);
    } finally {
      window.removeEventListener('ws:handshake', listener);
    }
  });

  it('on close marks disconnected and reconnects at once; stays ok when reconnected within 1 s', async () => {
    login();
    const clock = manualClock();
    const { core, f } = testCore({ clock });
    core.realtime.start();
    await until(() => core.realtime.connected.value, 3000, 'connected');
    const states: boolean[] = [];
    const stop = (await import('@preact/signals-core')).effect(() => {
      states.push(core.realtime.connected.value);
    });
    try {
      await f.wsClose();
      // At once: the core's clock does not move until it is connected again.
      await until(() => states.includes(false) && core.realtime.connected.value, 3000, 'reconnected');
      expect(await opens(f)).to.equal(2);
      clock.advance(10 * unreachableDelayMs);
      expect(core.serverStatus.status.value).to.equal('ok');
    } finally {
      stop();
    }
  });

  it('marks the server unreachable when still not connected 1 s after a close', async () => {
    login();
    const clock = manualClock();
    const { core, f } = testCore({ clock });
    core.realtime.start();
    await until(() => core.realtime.connected.value, 3000, 'connected');
    await f.ws({ refuse: true });
    await f.wsClose();
    await until(() => !core.realtime.connected.value, 2000, 'disconnected');
    // It tries again at once after the close, before any time passes.
    await until(async () => (await f.log()).some((r) => r.method === 'WS-REFUSED'), 2000, 'the attempt at once');
    // Once the refused attempt is closed too, two timers wait: the unreachable check and the next attempt.
    await until(() => clock.pending() === 2, 2000, 'the refused attempt closed');
    clock.advance(unreachableDelayMs - 1);
    expect(core.serverStatus.status.value).to.equal('ok');
    clock.advance(1);
    expect(core.serverStatus.status.value).to.equal('unreachable');
  });

  it('ws:debug shows a toast with the payload text for 3 s', async () => {
    login();
    const clock = manualClock();
    const { core, f } = testCore({ clock });
    core.realtime.start();
    await until(() => core.realtime.connected.value, 3000, 'connected');
    await f.wsSend({ topic: 'debug', payload: 'panic: algo correu mal' });
    await until(() => core.toast.value !== null, 2000, 'toast');
    expect(core.toast.value).to.equal('panic: algo correu mal');
    clock.advance(debugToastMs - 1);
    expect(core.toast.value).to.equal('panic: algo correu mal');
    clock.advance(1);
    expect(core.toast.value).to.equal(null);
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
    // Messages are handled in order, so a reload for the tags event would come before the next one's.
    await f.wsSend({ topic: 'tags changed', payload: { resource: 'tags', action: 'created', id: 1 } });
    await f.wsSend({ topic: 'members changed', payload: { resource: 'members', action: 'deleted', id: 2 } });
    await until(async () => (await f.requests('GET', '/members')).length >= 3, 2000, 'refreshed again');
    expect(await f.requests('GET', '/members')).to.have.length(3);
  });

  it("settings, and the explainer (a module switched on adds its resources), are reloaded on 'settings updated'", async () => {
    login();
    const { core, f } = testCore();
    await f.script({
      'GET /settings': [
        { body: { data: [{ _id: 1, name: 'hasTreasury', value: 'false', created_at: '' }], meta: { total: 1 } } },
        { body: { data: [{ _id: 1, name: 'hasTreasury', value: 'true', created_at: '' }], meta: { total: 1 } } },
      ],
      'GET /explainer': [{ body: { data: { treasury_docs: { label: 'Documentos de tesouraria', fields: [] } } } }],
    });
    await core.settings.load();
    expect(core.settings.hasTreasury.value).to.equal(false);
    core.realtime.start();
    await until(() => core.realtime.connected.value, 3000, 'connected');
    await f.wsSend({ topic: 'settings updated', payload: null });
    await until(() => core.settings.hasTreasury.value, 2000, 'settings reloaded');
    await until(() => 'treasury_docs' in core.explainer.resources.value, 2000, 'explainer reloaded');
    const [first] = await f.requests('GET', '/settings');
    expect(first!.query).to.deep.equal({ _page: '1', _limit: '-1' });
  });
});
