import { expect } from '@open-wc/testing';
import { DEFAULT_TIMINGS, MESSAGES, STORAGE_KEYS } from '../../src/core/index.js';
import { manualClock } from '../support/manual-clock.js';
import { cleanup, testCore } from './support/core.js';
import { until } from './support/fault.js';

const rows = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ _id: from + i, created_at: `2024-01-${String(i + 1).padStart(2, '0')}` }));
const page = (n: number, total: number, from = 1) => ({ body: { data: rows(n, from), meta: { total } } });

describe('list stores', () => {
  afterEach(cleanup);

  it('loads a page with the query parameters, client-side indexes and the total', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /members': page(2, 40) });
    const members = core.list('members');
    expect(core.list('members')).to.equal(members);
    await members.setQuery({ page: 3, limit: 10, sort: '-name', search: 'ana', constraints: { state: 2 } });
    const [req] = await f.requests('GET', '/members');
    expect(req!.query).to.deep.equal({ _page: '3', _limit: '10', _sort: '-name', _search: 'ana', _state: '2' });
    expect(members.state.value).to.equal('loaded');
    expect(members.total.value).to.equal(40);
    expect(members.items.value.map((i) => i._index)).to.deep.equal([20, 21]);
  });

  it('uses the defaults: page 1, 100 per page, sorted by created_at', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /tags': page(1, 1) });
    await core.list('tags').load();
    const [req] = await f.requests('GET', '/tags');
    expect(req!.query).to.deep.equal({ _page: '1', _limit: '100', _sort: 'created_at' });
  });

  it('shows loading while a request runs', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /tags': { ...page(1, 1), delayMs: 150 } });
    const tags = core.list('tags');
    const pending = tags.load();
    expect(tags.state.value).to.equal('loading');
    await pending;
    expect(tags.state.value).to.equal('loaded');
  });

  it('a 404 is an empty loaded result', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /members': [page(2, 2), { status: 404 }] });
    const members = core.list('members');
    await members.load();
    await members.load();
    expect(members.state.value).to.equal('loaded');
    expect(members.items.value).to.deep.equal([]);
    expect(members.total.value).to.equal(0);
  });

  it('other failures mark the list not loaded', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /members': { status: 500 } });
    const members = core.list('members');
    await members.load();
    expect(members.state.value).to.equal('not-loaded');
  });

  it('a timeout is ignored silently: the list keeps what it had', async () => {
    const clock = manualClock();
    const { core, f } = testCore({ clock });
    await f.script({ 'GET /members': [page(2, 2), { ...page(1, 1), delayMs: 2000 }] });
    const members = core.list('members');
    await members.load();
    const second = members.load();
    await until(async () => (await f.requests('GET', '/members')).length === 2, 2000, 'the second request');
    clock.advance(DEFAULT_TIMINGS.requestTimeoutMs);
    await second;
    expect(members.state.value).to.equal('loaded');
    expect(members.total.value).to.equal(2);
    expect(core.serverStatus.status.value).to.equal('ok');
  });

  it('a newer query aborts the one in flight; only the newer answer counts', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /members': [{ ...page(3, 3), delayMs: 400, match: { _search: 'a' } }, { ...page(1, 1, 50), match: { _search: 'ab' } }] });
    const members = core.list('members');
    const first = members.setSearch('a');
    const second = members.setSearch('ab');
    await Promise.all([first, second]);
    expect(members.items.value.map((i) => i._id)).to.deep.equal([50]);
    expect(members.state.value).to.equal('loaded');
  });

  it('clamps the page size and remembers it in local storage; -1 means all', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /members': page(1, 1) });
    const members = core.list('members');
    await members.setLimit(0);
    expect(members.query.value.limit).to.equal(1);
    await members.setLimit(9999);
    expect(members.query.value.limit).to.equal(500);
    expect(localStorage.getItem(STORAGE_KEYS.listSize)).to.equal('500');
    await members.setLimit(-1);
    const reqs = await f.requests('GET', '/members');
    expect(reqs.map((r) => r.query._limit)).to.deep.equal(['1', '500', '-1']);
    expect(reqs[2]!.query._page).to.equal('1');
    // A later page (and another list) starts with the chosen size.
    const other = testCore({ f });
    expect(other.core.list('tags').query.value.limit).to.equal(-1);
  });

  it('keeps the sort order per entity and the visible columns in session storage', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /members': page(1, 1) });
    await core.list('members').setSort('-name');
    core.preferences.setColumns('members', ['name', 'email']);
    expect(sessionStorage.getItem(`${STORAGE_KEYS.sortPrefix}members`)).to.equal('-name');
    const again = testCore({ f });
    expect(again.core.list('members').query.value.sort).to.equal('-name');
    expect(again.core.list('tags').query.value.sort).to.equal('created_at');
    expect(again.core.preferences.columns('members')).to.deep.equal(['name', 'email']);
    expect(again.core.preferences.columns('tags')).to.equal(null);
  });

  it('loadMore appends the next page with continuing indexes', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /members': [page(2, 4), page(2, 4, 3)] });
    const members = core.list('members', { limit: 2 });
    await members.load();
    await members.loadMore();
    expect(members.items.value.map((i) => [i._id, i._index])).to.deep.equal([[1, 0], [2, 1], [3, 2], [4, 3]]);
    await members.loadMore();
    expect(await f.requests('GET', '/members')).to.have.length(2);
  });

  it('a refresh after loadMore reloads every page it holds, keeping the reader where they are', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /members': [page(2, 6), page(2, 6, 3), page(4, 7, 10)] });
    const members = core.list('members', { limit: 2 });
    await members.load();
    await members.loadMore();
    await members.refresh();
    const reqs = await f.requests('GET', '/members');
    expect(reqs).to.have.length(3);
    expect(reqs[2]!.query).to.include({ _page: '1', _limit: '4' });
    expect(members.items.value.map((i) => [i._id, i._index])).to.deep.equal([[10, 0], [11, 1], [12, 2], [13, 3]]);
    expect(members.query.value).to.include({ page: 2, limit: 2 });
    expect(members.total.value).to.equal(7);
  });

  it('validate posts to {res}/validate and keeps field errors per record', async () => {
    const { core, f } = testCore();
    await f.script({ 'POST /members/validate': [{ status: 422, body: { errors: { email: 'E-mail inválido' } } }, { status: 200, body: {} }] });
    const members = core.list('members');
    expect(await members.validate({ _id: 5, email: 'x' })).to.equal(false);
    expect(members.fieldErrors('5')).to.deep.equal({ email: 'E-mail inválido' });
    expect(members.fieldErrors('new')).to.deep.equal({});
    expect(await members.validate({ _id: 5, email: 'a@b.pt' })).to.equal(true);
    expect(members.fieldErrors('5')).to.deep.equal({});
  });

  it('create, update and patch send the record (converted per explainer) and keep 422 errors', async () => {
    const { core, f } = testCore();
    await f.script({
      'GET /explainer': { body: { data: { payments: { label: 'P', fields: [
        { name: 'amount', type: 'float32' }, { name: 'year', type: 'integer' },
      ] } } } },
      'POST /payments': [{ status: 422, body: { errors: { year: 'Obrigatório' } } }, { status: 201, body: { data: { _id: 1 } } }],
      'PUT /payments/1': { body: { data: { _id: 1 } } },
      'PATCH /payments/1': { body: { data: { _id: 1 } } },
    });
    await core.explainer.load();
    const payments = core.list('payments');
    const failed = await payments.create({ amount: '12.1', year: '' });
    expect(failed).to.deep.equal({ ok: false, errors: { year: 'Obrigatório' } });
    expect(payments.fieldErrors('new')).to.deep.equal({ year: 'Obrigatório' });
    const created = await payments.create({ amount: '12.1', year: '2024' });
    expect(created.ok).to.equal(true);
    expect(payments.fieldErrors('new')).to.deep.equal({});
    await payments.update({ _id: 1, amount: '3.3', year: '2025' });
    await payments.patch(1, { year: '2026' });
    const posts = await f.requests('POST', '/payments');
    expect(posts[1]!.body).to.deep.equal({ amount: 12.1, year: 2024 });
    expect((await f.requests('PUT', '/payments/1'))[0]!.body).to.deep.equal({ _id: 1, amount: 3.3, year: 2025 });
    expect((await f.requests('PATCH', '/payments/1'))[0]!.body).to.deep.equal({ year: 2026 });
  });

  it("read by id: the record, null on 404, 'Could not read item' otherwise, 'missing id' without an id", async () => {
    const { core, f } = testCore();
    await f.script({
      'GET /members/1': { body: { data: { _id: 1, name: 'Ana' } } },
      'GET /members/2': { status: 404 },
      'GET /members/3': { status: 500 },
    });
    const members = core.list('members');
    expect(await members.read(1)).to.deep.equal({ _id: 1, name: 'Ana' });
    expect(await members.read(2)).to.equal(null);
    const failed = (await members.read(3).catch((e: unknown) => e)) as Error;
    expect(failed.message).to.equal(MESSAGES.couldNotReadItem);
    const missing = (await members.read(undefined).catch((e: unknown) => e)) as Error;
    expect(missing.message).to.equal('missing id');
    expect((await f.log()).filter((r) => r.path.startsWith('/members/'))).to.have.length(3);
  });

  it('nested reads: GET {parent}/{id}/{res}, empty on 404', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /members/4/payments': { body: { data: rows(2) } }, 'GET /members/5/payments': { status: 404 } });
    const payments = core.list('payments');
    expect(await payments.readNested('members', 4)).to.have.length(2);
    expect(await payments.readNested('members', 5)).to.deep.equal([]);
  });

  it("delete: DELETE {res}/{id}; 'failed to delete' on failure; reloads a loaded list", async () => {
    const { core, f } = testCore();
    await f.script({ 'DELETE /members/1': { status: 204 }, 'DELETE /members/2': { status: 500 }, 'GET /members': page(1, 1) });
    const members = core.list('members');
    await members.load();
    await members.remove(1);
    await until(async () => (await f.requests('GET', '/members')).length === 2, 2000, 'reload after delete');
    const failed = (await members.remove(2).catch((e: unknown) => e)) as Error;
    expect(failed.message).to.equal('failed to delete');
  });
});
