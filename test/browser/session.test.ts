import { expect } from '@open-wc/testing';
import { STORAGE_KEYS } from '../../src/core/index.js';
import { CODE_SESSION_PASSWORD_SECONDS } from '../../src/core/contract.js';
import { manualClock } from '../support/manual-clock.js';
import { cleanup, testCore } from './support/core.js';
import { fakeJwt, sleep, tokenPair, until } from './support/fault.js';

describe('session', () => {
  afterEach(cleanup);

  it('is logged in when an access token is stored, with its claims decoded', () => {
    const pair = tokenPair(42, 'João Gonçalves', 'editor');
    localStorage.setItem(STORAGE_KEYS.access, pair.access);
    localStorage.setItem(STORAGE_KEYS.refresh, pair.refresh);
    const { core } = testCore();
    expect(core.session.loggedIn.value).to.equal(true);
    const claims = core.session.claims.value!;
    expect(claims.ID).to.equal(42);
    expect(claims.Name).to.equal('João Gonçalves');
    expect(claims.Role).to.equal('editor');
    expect(claims.exp).to.be.greaterThan(claims.iat);
  });

  it('is not logged in without an access token', () => {
    const { core } = testCore();
    expect(core.session.loggedIn.value).to.equal(false);
    expect(core.session.claims.value).to.equal(null);
  });

  // On the core's clock, set far from today: the browser's own time must play no part.
  const clockSeconds = (clock: { now(): number }) => Math.floor(clock.now() / 1000);

  it('at load, a refresh token expiring within 86,400 s clears all local storage and goes to /', () => {
    const clock = manualClock();
    localStorage.setItem(STORAGE_KEYS.access, tokenPair().access);
    localStorage.setItem(STORAGE_KEYS.refresh, fakeJwt({ ID: 1, exp: clockSeconds(clock) + 86_399 }));
    localStorage.setItem('fontSize', '16');
    const { core, navigations } = testCore({ clock });
    expect(navigations).to.deep.equal(['/']);
    expect(localStorage.length).to.equal(0);
    expect(core.session.loggedIn.value).to.equal(false);
  });

  it('at load, a refresh token with 86,400 s left is kept', () => {
    const clock = manualClock();
    const pair = tokenPair();
    localStorage.setItem(STORAGE_KEYS.access, pair.access);
    localStorage.setItem(STORAGE_KEYS.refresh, fakeJwt({ ID: 1, exp: clockSeconds(clock) + 86_400 }));
    const { core, navigations } = testCore({ clock });
    expect(navigations).to.deep.equal([]);
    expect(core.session.loggedIn.value).to.equal(true);
  });

  it('a session begun with an e-mailed code may set a new password for 15 minutes', () => {
    const clock = manualClock();
    const iat = clockSeconds(clock);
    localStorage.setItem(STORAGE_KEYS.access, fakeJwt({ ID: 5, Name: 'Rita', Role: 'member', amr: 'code', iat, exp: iat + 900 }));
    localStorage.setItem(STORAGE_KEYS.refresh, fakeJwt({ ID: 5, typ: 'refresh', iat, exp: iat + 30 * 86_400 }));
    const { core } = testCore({ clock });
    expect(core.session.recoveredRecently()).to.equal(true);
    clock.advance((CODE_SESSION_PASSWORD_SECONDS - 1) * 1000);
    expect(core.session.recoveredRecently()).to.equal(true);
    clock.advance(1000);
    expect(core.session.recoveredRecently()).to.equal(false);
  });

  it('a session begun with a password never counts as recovered', () => {
    const clock = manualClock();
    const iat = clockSeconds(clock);
    localStorage.setItem(STORAGE_KEYS.access, fakeJwt({ ID: 5, Name: 'Rita', Role: 'member', iat, exp: iat + 900 }));
    localStorage.setItem(STORAGE_KEYS.refresh, fakeJwt({ ID: 5, typ: 'refresh', iat, exp: iat + 30 * 86_400 }));
    const { core } = testCore({ clock });
    expect(core.session.recoveredRecently()).to.equal(false);
  });

  it('login stores the tokens', async () => {
    const pair = tokenPair();
    const { core, f } = testCore();
    await f.script({ 'POST /auth': { body: pair }, 'GET /settings': { body: { data: [], meta: { total: 0 } } } });
    expect(await core.session.login('admin', 'secret')).to.equal('loggedIn');
    const [req] = await f.requests('POST', '/auth');
    expect(req!.body).to.deep.equal({ username: 'admin', password: 'secret' });
    expect(localStorage.getItem(STORAGE_KEYS.access)).to.equal(pair.access);
    expect(localStorage.getItem(STORAGE_KEYS.refresh)).to.equal(pair.refresh);
    expect(core.session.loggedIn.value).to.equal(true);
  });

  it("login 403 sets the global error 'wrongCredentials'", async () => {
    const { core, f } = testCore();
    await f.script({ 'POST /auth': { status: 403, body: { message: 'x' } } });
    expect(await core.session.login('admin', 'bad')).to.equal('wrongCredentials');
    expect(core.session.globalError.value).to.equal('wrongCredentials');
    expect(core.session.loggedIn.value).to.equal(false);
  });

  it("login 404 sets the global error 'accountNotFound'", async () => {
    const { core, f } = testCore();
    await f.script({ 'POST /auth': { status: 404 } });
    expect(await core.session.login('nobody', 'x')).to.equal('accountNotFound');
    expect(core.session.globalError.value).to.equal('accountNotFound');
  });

  it('login 204 does not log in (a link was sent)', async () => {
    const { core, f } = testCore();
    await f.script({ 'POST /auth': { status: 204 } });
    expect(await core.session.login('member', '')).to.equal('linkSent');
    expect(core.session.loggedIn.value).to.equal(false);
    expect(localStorage.getItem(STORAGE_KEYS.access)).to.equal(null);
  });

  it('requests a login link / recovery with email and recover_password', async () => {
    const { core, f } = testCore();
    await f.script({ 'POST /auth': { status: 204 } });
    await core.session.requestLink('ana@example.pt');
    const [req] = await f.requests('POST', '/auth');
    expect(req!.body).to.deep.equal({ email: 'ana@example.pt', recover_password: true });
  });

  it('logs in with a recover code', async () => {
    const pair = tokenPair();
    const { core, f } = testCore();
    await f.script({ 'POST /auth': { body: pair } });
    expect(await core.session.loginWithCode('abc123')).to.equal(true);
    const [req] = await f.requests('POST', '/auth');
    expect(req!.body).to.deep.equal({ recoverCode: 'abc123' });
    expect(core.session.loggedIn.value).to.equal(true);
  });

  it('logout ends the session on the server with the refresh token, anonymously, and removes the tokens', async () => {
    const pair = tokenPair();
    localStorage.setItem(STORAGE_KEYS.access, pair.access);
    localStorage.setItem(STORAGE_KEYS.refresh, pair.refresh);
    const { core, f } = testCore();
    await f.script({ 'POST /auth/logout': { status: 204 } });
    core.session.logout();
    expect(core.session.loggedIn.value).to.equal(false);
    expect(localStorage.getItem(STORAGE_KEYS.access)).to.equal(null);
    expect(localStorage.getItem(STORAGE_KEYS.refresh)).to.equal(null);
    await until(async () => (await f.requests('POST', '/auth/logout')).length === 1, 5000, 'the logout request');
    const [req] = await f.requests('POST', '/auth/logout');
    expect(req!.body).to.deep.equal({ refreshToken: pair.refresh });
    // An expired access token must not start a refresh (which would store tokens again).
    expect(req!.headers.authorization).to.equal(undefined);
  });

  it('logout clears the tokens even when the server refuses or cannot be reached, and does not refresh', async () => {
    for (const reply of [{ status: 401, body: { message: 'x' } }, { status: 500 }, { drop: true }]) {
      const pair = tokenPair();
      localStorage.setItem(STORAGE_KEYS.access, pair.access);
      localStorage.setItem(STORAGE_KEYS.refresh, pair.refresh);
      const { core, f, navigations } = testCore();
      await f.script({ 'POST /auth/logout': reply });
      core.session.logout();
      // At least once: Chromium itself sends a request again when a reused connection is cut.
      await until(async () => (await f.requests('POST', '/auth/logout')).length >= 1, 5000, 'the logout request');
      await sleep(50);
      expect(core.session.loggedIn.value, JSON.stringify(reply)).to.equal(false);
      expect(localStorage.getItem(STORAGE_KEYS.refresh)).to.equal(null);
      expect(await f.requests('POST', '/auth/refresh')).to.have.length(0);
      expect(navigations).to.deep.equal([]);
      expect(core.serverStatus.status.value).to.equal('ok');
    }
  });

  it('logout without a stored session sends nothing', async () => {
    const clock = manualClock();
    const sent: string[] = [];
    const { core, f } = testCore({
      clock,
      env: { fetch: (input, init) => (sent.push(String(input)), window.fetch(input, init)) },
    });
    core.session.logout();
    // Nothing sent, and nothing waiting to be sent later.
    expect(sent).to.deep.equal([]);
    expect(clock.pending()).to.equal(0);
    expect(await f.log()).to.have.length(0);
  });

  it('replaceTokens continues the session on the new pair', () => {
    const old = tokenPair(5);
    localStorage.setItem(STORAGE_KEYS.access, old.access);
    localStorage.setItem(STORAGE_KEYS.refresh, old.refresh);
    const { core } = testCore();
    const fresh = tokenPair(5, 'Rui Sá', 'member');
    core.session.replaceTokens(fresh);
    expect(localStorage.getItem(STORAGE_KEYS.access)).to.equal(fresh.access);
    expect(localStorage.getItem(STORAGE_KEYS.refresh)).to.equal(fresh.refresh);
    expect(core.session.claims.value!.Name).to.equal('Rui Sá');
  });

  it("reads the user's e-mail from users/{id} for the support link", async () => {
    const pair = tokenPair(9);
    localStorage.setItem(STORAGE_KEYS.access, pair.access);
    localStorage.setItem(STORAGE_KEYS.refresh, pair.refresh);
    const { core, f } = testCore();
    await f.script({ 'GET /users/9': { body: { data: { _id: 9, email: 'ana@example.pt', username: 'ana' } } } });
    await core.session.loadUser();
    expect(core.session.user.value).to.deep.equal({ email: 'ana@example.pt', username: 'ana' });
  });

  it('an element core on another API base keeps its tokens apart and clears only them', async () => {
    localStorage.setItem('unrelated', 'site data');
    const { core, f, navigations } = testCore({ ownsStorage: false });
    await f.script({ 'POST /auth': { body: tokenPair() }, 'GET /x': { status: 401 }, 'POST /auth/refresh': { status: 401 } });
    await core.session.login('a', 'b');
    expect(localStorage.getItem(STORAGE_KEYS.access)).to.equal(null);
    expect(localStorage.getItem(`${STORAGE_KEYS.access}@${f.api}`)).to.be.a('string');
    await core.http.get('x').catch(() => null);
    expect(navigations).to.deep.equal(['/']);
    expect(localStorage.getItem('unrelated')).to.equal('site data');
    expect(localStorage.getItem(`${STORAGE_KEYS.access}@${f.api}`)).to.equal(null);
  });
});
