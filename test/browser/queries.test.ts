import { expect } from '@open-wc/testing';
import { STORAGE_KEYS } from '../../src/core/index.js';
import { createQueries, recordQuery } from '../../src/core/queries.js';
import { cleanup, testCore } from './support/core.js';
import { sleep, tokenPair, until, type Fault } from './support/fault.js';

const list = (items: unknown[]) => ({ body: { data: items, meta: { total: items.length } } });
const member = (id: number, name: string) => ({ _id: id, created_at: '', name });

async function connected(f: Fault) {
  const pair = tokenPair();
  localStorage.setItem(STORAGE_KEYS.access, pair.access);
  localStorage.setItem(STORAGE_KEYS.refresh, pair.refresh);
  const made = testCore({ f });
  made.core.realtime.start();
  await until(() => made.core.realtime.connected.value, 3000, 'connected');
  return made.core;
}

describe('core queries', () => {
  afterEach(cleanup);

  it('one request per (path, parameters), whatever the order of the parameters', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /members': list([member(1, 'Ana')]) });
    const a = core.queries.hold({ path: 'members', params: { _limit: 10, _sort: 'name' } });
    const b = core.queries.hold({ path: 'members', params: { _sort: 'name', _limit: 10 } });
    expect(b.entry).to.equal(a.entry);
    await until(() => a.entry.state.value === 'loaded', 2000, 'loaded');
    expect(a.entry.data.value).to.deep.equal([member(1, 'Ana')]);
    expect(a.entry.meta.value).to.deep.equal({ total: 1 });
    expect(await f.requests('GET', '/members')).to.have.length(1);
  });

  it('two lists of one resource with different fixed filters are independent', async () => {
    const { core, f } = testCore();
    await f.script({
      'GET /members': [list([member(1, 'Ana')]), list([member(2, 'Rui'), member(3, 'Eva')]), list([member(1, 'Ana Maria')])],
    });
    const active = core.queries.hold<{ name: string }[]>({ path: 'members', params: { _state: 1 } });
    await until(() => active.entry.state.value === 'loaded', 2000, 'first list');
    const ended = core.queries.hold<{ name: string }[]>({ path: 'members', params: { _state: 2 } });
    await until(() => ended.entry.state.value === 'loaded', 2000, 'second list');
    expect(active.entry.data.value!.map((m) => m.name)).to.deep.equal(['Ana']);
    expect(ended.entry.data.value!.map((m) => m.name)).to.deep.equal(['Rui', 'Eva']);
    const sent = (await f.requests('GET', '/members')).map((r) => r.query._state);
    expect(sent).to.deep.equal(['1', '2']);
    // Reading one again leaves the other as it was.
    await active.entry.refresh();
    expect(active.entry.data.value!.map((m) => m.name)).to.deep.equal(['Ana Maria']);
    expect(ended.entry.data.value!.map((m) => m.name)).to.deep.equal(['Rui', 'Eva']);
  });

  it('keeps a released entry for the grace, then drops it; a hold within the grace reuses it', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /countries': list([{ _id: 1, created_at: '', name: 'Portugal' }]) });
    // The grace's timer runs when the test says so.
    const pending = new Map<number, () => void>();
    let next = 0;
    const timers = {
      setTimeout: (run: () => void) => (pending.set(++next, run), next),
      clearTimeout: (timer: unknown) => void pending.delete(timer as number),
    };
    const elapse = () => [...pending.entries()].forEach(([id, run]) => (pending.delete(id), run()));
    const queries = createQueries({ http: core.http, timers });
    const spec = { path: 'countries' };
    const first = queries.hold(spec);
    const second = queries.hold(spec);
    await until(() => first.entry.state.value === 'loaded', 2000, 'loaded');
    first.release();
    first.release();
    elapse();
    // Still held by the second holder.
    expect(queries.size).to.equal(1);
    second.release();
    expect(pending.size).to.equal(1);
    const again = queries.hold(spec);
    // Held again within the grace: the drop is called off and nothing is read again.
    expect(pending.size).to.equal(0);
    expect(again.entry).to.equal(first.entry);
    expect(await f.requests('GET', '/countries')).to.have.length(1);
    again.release();
    expect(queries.size).to.equal(1);
    elapse();
    expect(queries.size).to.equal(0);
    expect(queries.peek(spec)).to.equal(undefined);
    // Held again after the drop: a fresh read.
    const fresh = queries.hold(spec);
    await until(() => fresh.entry.state.value === 'loaded', 2000, 'read again');
    expect(await f.requests('GET', '/countries')).to.have.length(2);
    queries.dispose();
  });

  it("reads held queries again on their resource's change event, and only theirs", async () => {
    const { f } = testCore();
    await f.script({
      'GET /members': [list([member(1, 'Ana')]), list([member(1, 'Ana'), member(2, 'Rui')])],
      'GET /tags': list([]),
    });
    const core = await connected(f);
    const members = core.queries.hold<unknown[]>({ path: 'members' });
    const tags = core.queries.hold<unknown[]>({ path: 'tags' });
    await until(() => members.entry.state.value === 'loaded' && tags.entry.state.value === 'loaded', 2000, 'loaded');
    await f.wsSend({ topic: 'members changed', payload: { resource: 'members', action: 'created', id: 2 } });
    await until(() => members.entry.data.value!.length === 2, 2000, 'members read again');
    expect(await f.requests('GET', '/tags')).to.have.length(1);
  });

  it('a record query is read again on changes of that record only', async () => {
    const { f } = testCore();
    await f.script({ 'GET /members/7': [{ body: { data: member(7, 'Ana') } }, { body: { data: member(7, 'Ana Sofia') } }] });
    const core = await connected(f);
    const record = core.queries.hold<{ name: string }>({ path: 'members/7', resources: ['members'], recordId: 7 });
    await until(() => record.entry.state.value === 'loaded', 2000, 'loaded');
    await f.wsSend({ topic: 'members changed', payload: { resource: 'members', action: 'updated', id: 8 } });
    await sleep(200);
    expect(await f.requests('GET', '/members/7')).to.have.length(1);
    await f.wsSend({ topic: 'members changed', payload: { resource: 'members', action: 'updated', id: 7 } });
    await until(() => record.entry.data.value?.name === 'Ana Sofia', 2000, 'record read again');
  });

  it('an unheld entry is dropped by a change instead of being read again', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /tags': list([]) });
    const tags = core.queries.hold({ path: 'tags' });
    await until(() => tags.entry.state.value === 'loaded', 2000, 'loaded');
    tags.release();
    core.queries.invalidate('tags');
    expect(core.queries.peek({ path: 'tags' })).to.equal(undefined);
    await sleep(150);
    expect(await f.requests('GET', '/tags')).to.have.length(1);
  });

  it('an action posts, then reads again the queries of the resources it affects', async () => {
    const { core, f } = testCore();
    await f.script({
      'POST /members/7/renew': { body: { data: { renewed: true } } },
      'GET /members': [list([member(7, 'Ana')]), list([member(7, 'Ana (renovada)')])],
      'GET /payments': [list([]), list([{ _id: 1, created_at: '' }])],
      'GET /tags': list([]),
    });
    const members = core.queries.hold<{ name: string }[]>({ path: 'members' });
    const payments = core.queries.hold<unknown[]>({ path: 'payments' });
    const tags = core.queries.hold<unknown[]>({ path: 'tags' });
    await until(() => [members, payments, tags].every((q) => q.entry.state.value === 'loaded'), 2000, 'loaded');
    const answer = await core.queries.action('members/7/renew', { years: 1 }, { invalidates: ['members', 'payments'] });
    expect(answer).to.deep.equal({ renewed: true });
    const [post] = await f.requests('POST', '/members/7/renew');
    expect(post!.body).to.deep.equal({ years: 1 });
    await until(() => members.entry.data.value![0]!.name === 'Ana (renovada)' && payments.entry.data.value!.length === 1, 2000, 'read again');
    expect(await f.requests('GET', '/tags')).to.have.length(1);
  });

  it('a failed action invalidates nothing and keeps the error', async () => {
    const { core, f } = testCore();
    await f.script({
      'POST /members': { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', errors: { name: 'Obrigatório' } } },
      'GET /members': list([]),
    });
    const members = core.queries.hold({ path: 'members' });
    await until(() => members.entry.state.value === 'loaded', 2000, 'loaded');
    const error = (await core.queries.action('members', {}).catch((e: unknown) => e)) as { status?: number };
    expect(error.status).to.equal(422);
    await sleep(150);
    expect(await f.requests('GET', '/members')).to.have.length(1);
  });

  it('nothing read for one caller reaches the next: logout empties and drops, login reads held queries again', async () => {
    const pair = tokenPair();
    localStorage.setItem(STORAGE_KEYS.access, pair.access);
    localStorage.setItem(STORAGE_KEYS.refresh, pair.refresh);
    const { core, f } = testCore();
    await f.script({
      'GET /users/1': [{ body: { data: { _id: 1, name: 'Ana' } } }, { body: { data: { _id: 1, name: 'Rui' } } }],
      'GET /tags': list([]),
    });
    const user = core.queries.hold<{ name: string }>({ path: 'users/1' });
    const tags = core.queries.hold({ path: 'tags' });
    await until(() => user.entry.state.value === 'loaded' && tags.entry.state.value === 'loaded', 2000, 'loaded');
    tags.release();
    core.session.logout();
    expect(user.entry.data.value).to.equal(undefined);
    expect(user.entry.state.value).to.equal('not-loaded');
    expect(core.queries.peek({ path: 'tags' })).to.equal(undefined);
    expect(await f.requests('GET', '/users/1')).to.have.length(1);
    core.session.completeLogin(tokenPair(1, 'Rui', 'admin'));
    await until(() => user.entry.data.value?.name === 'Rui', 2000, 'read again for the new caller');
  });

  it("a write's answer replaces what a record query holds, and a read sent before it cannot undo it", async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /members/7': { body: { data: member(7, 'Ana') }, delayMs: 200 } });
    const spec = recordQuery('members', 7);
    const one = core.queries.hold<{ name: string }>(spec);
    const two = core.queries.hold<{ name: string }>(spec);
    core.queries.replace(spec, member(7, 'Ana Sofia'));
    expect(one.entry.state.value).to.equal('loaded');
    expect(two.entry.data.value!.name).to.equal('Ana Sofia');
    await until(async () => (await f.requests('GET', '/members/7')).length === 1, 5000, 'the read was sent');
    await sleep(400);
    expect(one.entry.data.value!.name).to.equal('Ana Sofia');
  });

  it('a failed read keeps its error; refresh reads again', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /users/3': [{ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } }, { body: { data: { _id: 3, name: 'Rui' } } }] });
    const user = core.queries.hold<{ name: string }>({ path: 'users/3' });
    await until(() => user.entry.state.value === 'not-loaded' && user.entry.error.value !== null, 2000, 'failed');
    await user.entry.refresh();
    expect(user.entry.state.value).to.equal('loaded');
    expect(user.entry.error.value).to.equal(null);
    expect(user.entry.data.value!.name).to.equal('Rui');
  });
});
