import { expect } from '@open-wc/testing';
import { TEXTS } from '../../src/core/index.js';
import { cleanup, testCore } from './support/core.js';
import { sleep, until } from './support/fault.js';

describe('server status and offline flag', () => {
  afterEach(cleanup);

  it('while unreachable polls the health check at the retry interval; on success shows reconnect state and reloads after the delay', async () => {
    const { core, f, reloads } = testCore({ timings: { serverRetryMs: 300, reloadAfterReconnectMs: 200 } });
    await f.script({ 'GET /members': { drop: true }, 'GET /': [{ drop: true }, { drop: true }, { body: { status: 'ok' } }] });
    await core.http.get('members').catch(() => null);
    expect(core.serverStatus.status.value).to.equal('unreachable');
    const marked = Date.now();
    await until(() => core.serverStatus.reconnected.value, 5000, 'reconnected');
    const health = await f.requests('GET', '/');
    expect(health.length).to.be.at.least(3);
    // Polls are spaced by the retry interval, not fired in a burst.
    for (let i = 1; i < health.length; i++) expect(health[i]!.at - health[i - 1]!.at).to.be.at.least(250);
    expect(health[0]!.at - marked).to.be.at.least(250);
    expect(reloads).to.have.length(0);
    const reconnectedAt = Date.now();
    await until(() => reloads.length === 1, 2000, 'reload');
    expect(reloads[0]! - reconnectedAt).to.be.within(100, 600);
    expect(TEXTS.reconnected).to.equal('Contacto Reestabelicido');
    expect(TEXTS.connecting).to.equal('A ligar...');
  });

  it('an element on another website comes back without reloading that website', async () => {
    const { core, f, reloads } = testCore({ ownsStorage: false, timings: { serverRetryMs: 100, reloadAfterReconnectMs: 50 } });
    await f.script({ 'GET /members': { drop: true }, 'GET /': { body: { status: 'ok' } } });
    await core.http.get('members').catch(() => null);
    expect(core.serverStatus.status.value).to.equal('unreachable');
    await until(() => core.serverStatus.status.value === 'ok', 3000, 'back');
    await sleep(300);
    expect(reloads).to.have.length(0);
  });

  it('polls with the production 3 s interval by default', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /': { drop: true } });
    core.serverStatus.markUnreachable();
    await sleep(2500);
    expect(await f.requests('GET', '/')).to.have.length(0);
    await until(async () => (await f.requests('GET', '/')).length >= 1, 2000, 'first poll');
  });

  it('does not poll while the server is ok', async () => {
    const { f } = testCore({ timings: { serverRetryMs: 100 } });
    await sleep(350);
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
