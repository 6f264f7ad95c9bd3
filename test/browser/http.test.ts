import { expect } from '@open-wc/testing';
import { ApiError, DEFAULT_TIMINGS, PAGE_ADDRESS_HEADER, STORAGE_KEYS } from '../../src/core/index.js';
import { manualClock } from '../support/manual-clock.js';
import { cleanup, testCore } from './support/core.js';
import { tokenPair, until } from './support/fault.js';

describe('HTTP client', () => {
  afterEach(cleanup);

  it('sends JSON with the bearer token, the page address and accept header', async () => {
    const pair = tokenPair();
    localStorage.setItem(STORAGE_KEYS.access, pair.access);
    localStorage.setItem(STORAGE_KEYS.refresh, pair.refresh);
    const { core, f } = testCore();
    await f.script({ 'POST /things': { status: 201, body: { data: { _id: 7 } } } });
    const res = await core.http.post<{ data: { _id: number } }>('things', { name: 'Ana' });
    expect(res.data.data._id).to.equal(7);
    const [req] = await f.requests('POST', '/things');
    expect(req!.headers.authorization).to.equal(`Bearer ${pair.access}`);
    expect(req!.headers[PAGE_ADDRESS_HEADER]).to.equal(location.href);
    expect(req!.headers.accept).to.contain('application/json');
    expect(req!.headers['content-type']).to.contain('application/json');
    expect(req!.body).to.deep.equal({ name: 'Ana' });
  });

  it('sends no authorization header without a token', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /open': { body: { ok: true } } });
    await core.http.get('open');
    const [req] = await f.requests('GET', '/open');
    expect(req!.headers.authorization).to.equal(undefined);
  });

  it('times out after 10 s, silently: no unreachable status', async () => {
    const clock = manualClock();
    const { core, f } = testCore({ clock });
    await f.script({ 'GET /slow': { delayMs: 2000, body: {} } });
    let outcome: unknown = 'pending';
    const done = core.http.get('slow').then(
      () => (outcome = null),
      (e: unknown) => (outcome = e),
    );
    // The request is at the server, which takes its time: just before the limit it still waits.
    await until(async () => (await f.requests('GET', '/slow')).length === 1, 2000, 'the request');
    clock.advance(DEFAULT_TIMINGS.requestTimeoutMs - 1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(outcome).to.equal('pending');
    clock.advance(1);
    await done;
    const error = outcome as ApiError;
    expect(error).to.be.instanceOf(ApiError);
    expect(error.kind).to.equal('timeout');
    expect(error.silent).to.equal(true);
    expect(core.serverStatus.status.value).to.equal('ok');
  });

  it('passes an abort signal through to fetch, and an abort is silent', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /slow': { delayMs: 2000, body: {} } });
    const controller = new AbortController();
    const pending = core.http.get('slow', { signal: controller.signal });
    // Aborted while in flight: the server has it and has not answered.
    await until(async () => (await f.requests('GET', '/slow')).length === 1, 2000, 'the request');
    controller.abort();
    const error = (await pending.catch((e: unknown) => e)) as ApiError;
    expect(error.kind).to.equal('aborted');
    expect(error.silent).to.equal(true);
    expect(core.serverStatus.status.value).to.equal('ok');
  });

  it('marks the server unreachable on a network error (dropped connection)', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /members': { drop: true }, 'GET /': { drop: true } });
    const error = (await core.http.get('members').catch((e: unknown) => e)) as ApiError;
    expect(error.kind).to.equal('network');
    expect(core.serverStatus.status.value).to.equal('unreachable');
  });

  it('on a 401 refreshes once and retries the original request with the new token', async () => {
    const old = tokenPair(1);
    const fresh = tokenPair(1, 'Ana', 'editor');
    localStorage.setItem(STORAGE_KEYS.access, old.access);
    localStorage.setItem(STORAGE_KEYS.refresh, old.refresh);
    const { core, f, navigations } = testCore();
    await f.script({
      'GET /members': [{ status: 401, body: {} }, { body: { data: [], meta: { total: 0 } } }],
      'POST /auth/refresh': { body: fresh },
    });
    const res = await core.http.get<{ meta: { total: number } }>('members');
    expect(res.data.meta.total).to.equal(0);
    const refreshes = await f.requests('POST', '/auth/refresh');
    expect(refreshes).to.have.length(1);
    expect(refreshes[0]!.body).to.deep.equal({ refreshToken: old.refresh });
    const calls = await f.requests('GET', '/members');
    expect(calls.map((c) => c.headers.authorization)).to.deep.equal([`Bearer ${old.access}`, `Bearer ${fresh.access}`]);
    expect(localStorage.getItem(STORAGE_KEYS.access)).to.equal(fresh.access);
    expect(localStorage.getItem(STORAGE_KEYS.refresh)).to.equal(fresh.refresh);
    expect(navigations).to.deep.equal([]);
  });

  it('concurrent 401s share one refresh', async () => {
    const old = tokenPair(1);
    const fresh = tokenPair(2);
    localStorage.setItem(STORAGE_KEYS.access, old.access);
    localStorage.setItem(STORAGE_KEYS.refresh, old.refresh);
    const { core, f } = testCore();
    await f.script({
      'GET /a': [{ status: 401 }, { body: { which: 'a' } }],
      'GET /b': [{ status: 401 }, { body: { which: 'b' } }],
      'GET /c': [{ status: 401 }, { body: { which: 'c' } }],
      'POST /auth/refresh': { delayMs: 200, body: fresh },
    });
    const results = await Promise.all(['a', 'b', 'c'].map((p) => core.http.get<{ which: string }>(p)));
    expect(results.map((r) => r.data.which)).to.deep.equal(['a', 'b', 'c']);
    expect(await f.requests('POST', '/auth/refresh')).to.have.length(1);
  });

  it('a failed refresh clears all local storage and goes to /', async () => {
    const old = tokenPair(1);
    localStorage.setItem(STORAGE_KEYS.access, old.access);
    localStorage.setItem(STORAGE_KEYS.refresh, old.refresh);
    localStorage.setItem('fontSize', '15');
    const { core, f, navigations } = testCore();
    await f.script({ 'GET /members': { status: 401 }, 'POST /auth/refresh': { status: 401 } });
    const error = (await core.http.get('members').catch((e: unknown) => e)) as ApiError;
    expect(error.status).to.equal(401);
    expect(navigations).to.deep.equal(['/']);
    expect(localStorage.length).to.equal(0);
    expect(core.session.loggedIn.value).to.equal(false);
    expect(await f.requests('GET', '/members')).to.have.length(1);
  });

  it('a refresh refused because the session was just handed a new pair retries with that pair', async () => {
    const old = tokenPair(1);
    // Another user id only so the fake tokens differ (they carry no random part).
    const renewed = tokenPair(2, 'Ana', 'editor');
    localStorage.setItem(STORAGE_KEYS.access, old.access);
    localStorage.setItem(STORAGE_KEYS.refresh, old.refresh);
    const { core, f, navigations } = testCore();
    await f.script({
      'POST /websocket/auth': [{ status: 401 }, { status: 204 }],
      'POST /auth/refresh': { delayMs: 300, status: 401, body: { message: 'Sessão expirada. Entre novamente.' } },
    });
    const pending = core.http.post('websocket/auth', { connectionId: 'x' });
    // The password change's answer arrives while the old refresh token is being refused.
    await until(async () => (await f.requests('POST', '/auth/refresh')).length === 1, 5000, 'the refresh');
    core.session.replaceTokens(renewed);
    expect((await pending).status).to.equal(204);
    const calls = await f.requests('POST', '/websocket/auth');
    expect(calls.map((c) => c.headers.authorization)).to.deep.equal([`Bearer ${old.access}`, `Bearer ${renewed.access}`]);
    expect(navigations).to.deep.equal([]);
    expect(localStorage.getItem(STORAGE_KEYS.refresh)).to.equal(renewed.refresh);
  });

  it('does not refresh on a 401 without a token', async () => {
    const { core, f, navigations } = testCore();
    await f.script({ 'GET /members': { status: 401 } });
    const error = (await core.http.get('members').catch((e: unknown) => e)) as ApiError;
    expect(error.status).to.equal(401);
    expect(await f.requests('POST', '/auth/refresh')).to.have.length(0);
    expect(navigations).to.deep.equal([]);
  });

  it('records the last response time for the footer', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /x': { delayMs: 120, body: {} } });
    await core.http.get('x');
    await until(() => core.http.lastResponseMs.value !== null);
    expect(core.http.lastResponseMs.value).to.be.at.least(100);
  });
});
