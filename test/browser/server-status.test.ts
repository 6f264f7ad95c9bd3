import { expect } from '@open-wc/testing';
import { DEFAULT_TIMINGS, TEXTS } from '../../src/core/index.js';
import { manualClock } from '../support/manual-clock.js';
import { cleanup, testCore } from './support/core.js';
import { until } from './support/fault.js';

const { serverRetryMs, reloadAfterReconnectMs } = DEFAULT_TIMINGS;

/** Calls the core makes to its fetch, by path below the API base (health check: ''). */
function countingFetch(calls: string[]) {
  return (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(new URL(String(input), location.href).pathname.replace(/^\/fault-api\/[\w-]+\/?/, ''));
    return window.fetch(input, init);
  };
}

/** Lets pending promise callbacks run; no time passes on the core's clock. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('server status and offline flag', () => {
  afterEach(cleanup);

  it('while unreachable polls the health check every 3 s, counting down; on success shows reconnect state and reloads 0.5 s later', async () => {
    const clock = manualClock();
    const calls: string[] = [];
    const { core, f, reloads } = testCore({ clock, env: { fetch: countingFetch(calls) } });
    await f.script({ 'GET /members': { drop: true }, 'GET /': [{ drop: true }, { drop: true }, { body: { status: 'ok' } }] });
    await core.http.get('members').catch(() => null);
    expect(core.serverStatus.status.value).to.equal('unreachable');
    expect(core.serverStatus.retryIn.value).to.equal(3);
    for (let poll = 1; poll <= 3; poll++) {
      // The countdown steps once a second; the check runs when it has run out, not before.
      for (const left of [2, 1]) {
        clock.advance(1000);
        expect(core.serverStatus.retryIn.value).to.equal(left);
      }
      clock.advance(999);
      await settle();
      expect(calls.filter((c) => c === '')).to.have.length(poll - 1);
      clock.advance(1);
      expect(calls.filter((c) => c === '')).to.have.length(poll);
      // A failed check starts the countdown again.
      if (poll < 3) await until(() => core.serverStatus.retryIn.value === 3, 5000, `failed check ${poll}`);
    }
    await until(() => core.serverStatus.reconnected.value, 5000, 'reconnected');
    expect(await f.requests('GET', '/')).to.have.length(3);
    clock.advance(reloadAfterReconnectMs - 1);
    expect(reloads).to.have.length(0);
    clock.advance(1);
    expect(reloads).to.have.length(1);
    // Polling stopped with the answer.
    clock.advance(10 * serverRetryMs);
    await settle();
    expect(calls.filter((c) => c === '')).to.have.length(3);
    expect(reloads).to.have.length(1);
    expect(TEXTS.reconnected).to.equal('Contacto Reestabelicido');
    expect(TEXTS.connecting).to.equal('A ligar...');
  });

  it('an element on another website comes back without reloading that website', async () => {
    const clock = manualClock();
    const { core, f, reloads } = testCore({ clock, ownsStorage: false });
    await f.script({ 'GET /members': { drop: true }, 'GET /': { body: { status: 'ok' } } });
    await core.http.get('members').catch(() => null);
    expect(core.serverStatus.status.value).to.equal('unreachable');
    clock.advance(serverRetryMs);
    await until(() => core.serverStatus.status.value === 'ok', 3000, 'back');
    clock.advance(10 * serverRetryMs);
    expect(reloads).to.have.length(0);
    expect(core.serverStatus.reconnected.value).to.equal(false);
    expect(clock.pending()).to.equal(0);
  });

  it('does not poll while the server is ok', async () => {
    const clock = manualClock();
    const calls: string[] = [];
    const { f } = testCore({ clock, env: { fetch: countingFetch(calls) } });
    clock.advance(10 * serverRetryMs);
    await settle();
    expect(calls).to.deep.equal([]);
    expect(clock.pending()).to.equal(0);
    expect(await f.requests('GET', '/')).to.have.length(0);
  });

  it('the offline flag follows the browser online and offline events', () => {
    const { core } = testCore();
    expect(core.offline.value).to.equal(!navigator.onLine);
    window.dispatchEvent(new Event('offline'));
    expect(core.offline.value).to.equal(true);
    window.dispatchEvent(new Event('online'));
    expect(core.offline.value).to.equal(false);
  });

  it('starts offline when the browser says so', () => {
    const { core } = testCore({ env: { isOnline: () => false } });
    expect(core.offline.value).to.equal(true);
  });
});
