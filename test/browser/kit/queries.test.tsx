import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { createQueries, type Queries } from '../../../src/core/queries.js';
import { defineElement, useAction, useQuery, useRecord } from '../../../src/widgets/kit/index.js';
import { cleanup, testCore } from '../support/core.js';
import type { Fault } from '../support/fault.js';
import { place, removePlaced, shadowOf, uniqueTag } from './fixtures.js';

interface Member {
  _id: number;
  name: string;
}

const list = (items: Member[]) => ({ body: { data: items, meta: { total: items.length } } });

/** The grace's timers of one test's queries, run when the test says so. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let serial = 0;
  return {
    pending,
    timers: {
      setTimeout: (run: () => void) => (pending.set(++serial, run), serial),
      clearTimeout: (timer: unknown) => void pending.delete(timer as number),
    },
    elapse: () => [...pending.entries()].forEach(([id, run]) => (pending.delete(id), run())),
  };
}
let grace: ReturnType<typeof manualTimers>;

let queries: Queries;
let f: Fault;
function useTestQueries(): Queries {
  return queries;
}

function MemberList({ state }: { state?: string }) {
  const query = useQuery<Member[]>(useTestQueries(), { path: 'members', params: { _state: state ?? '' } });
  const renew = useAction<{ renewed: boolean }, { state?: string }>(useTestQueries(), 'members/renew', { invalidates: ['members'] });
  if (query.status !== 'loaded') return <p>{query.status}</p>;
  return (
    <>
      <ul>{query.data!.map((m) => <li key={m._id}>{m.name}</li>)}</ul>
      <button disabled={renew.pending} onClick={() => void renew.run({ state }).catch(() => undefined)}>
        Renovar
      </button>
      {renew.error !== null && <output>erro</output>}
    </>
  );
}

function MemberName({ memberId }: { memberId?: string }) {
  const view = useRecord<Member>(useTestQueries(), 'members', memberId);
  return <p>{view.status === 'loaded' ? view.record!.name : view.status}</p>;
}

const listTag = uniqueTag('query-list');
defineElement(listTag, MemberList, { attributes: { state: 'string' } });
const nameTag = uniqueTag('query-record');
defineElement(nameTag, MemberName, { attributes: { memberId: 'string' } });

const names = (element: Element) => [...shadowOf(element).querySelectorAll('li')].map((li) => li.textContent);
const textOf = (element: Element) => shadowOf(element).textContent ?? '';

describe('kit query hooks', () => {
  beforeEach(() => {
    const made = testCore();
    f = made.f;
    grace = manualTimers();
    queries = createQueries({ http: made.core.http, timers: grace.timers });
  });
  afterEach(() => {
    removePlaced();
    queries.dispose();
    cleanup();
  });

  it('two lists of one resource with different fixed filters on one page are independent', async () => {
    await f.script({ 'GET /members': [list([{ _id: 1, name: 'Ana' }]), list([{ _id: 2, name: 'Rui' }])] });
    const active = place(listTag, { state: '1' });
    await waitUntil(() => names(active).length === 1, 'first list');
    const ended = place(listTag, { state: '2' });
    await waitUntil(() => names(ended).length === 1, 'second list');
    expect(names(active)).to.deep.equal(['Ana']);
    expect(names(ended)).to.deep.equal(['Rui']);
    expect((await f.requests('GET', '/members')).map((r) => r.query._state)).to.deep.equal(['1', '2']);
  });

  it('elements showing the same query share one request, and give it back when removed', async () => {
    await f.script({ 'GET /members': list([{ _id: 1, name: 'Ana' }]) });
    const one = place(listTag, { state: '1' });
    const two = place(listTag, { state: '1' });
    await waitUntil(() => names(one).length === 1 && names(two).length === 1, 'both lists');
    expect(await f.requests('GET', '/members')).to.have.length(1);
    removePlaced();
    await waitUntil(() => grace.pending.size === 1, 'released');
    expect(queries.size).to.equal(1);
    grace.elapse();
    expect(queries.size).to.equal(0);
  });

  it('an action reads the affected lists again; a failed one shows its error', async () => {
    await f.script({
      'GET /members': [list([{ _id: 1, name: 'Ana' }]), list([{ _id: 1, name: 'Ana (renovada)' }])],
      'POST /members/renew': [{ body: { data: { renewed: true } } }, { status: 500, body: { statusCode: 500, error: 'x', message: 'x' } }],
    });
    const element = place(listTag, { state: '1' });
    await waitUntil(() => names(element).length === 1, 'list');
    shadowOf(element).querySelector('button')!.click();
    await waitUntil(() => names(element)[0] === 'Ana (renovada)', 'read again after the action');
    const [post] = await f.requests('POST', '/members/renew');
    expect(post!.body).to.deep.equal({ state: '1' });
    shadowOf(element).querySelector('button')!.click();
    await waitUntil(() => shadowOf(element).querySelector('output') !== null, 'error shown');
    expect(await f.requests('GET', '/members')).to.have.length(2);
  });

  it('a record: its name, notFound on 404, nothing asked without an id', async () => {
    await f.script({ 'GET /members/7': { body: { data: { _id: 7, name: 'Eva' } } }, 'GET /members/8': { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'x' } } });
    const found = place(nameTag, { 'member-id': '7' });
    const missing = place(nameTag, { 'member-id': '8' });
    const none = place(nameTag);
    await waitUntil(() => textOf(found) === 'Eva' && textOf(missing) === 'notFound', 'record states');
    expect(textOf(none)).to.equal('idle');
    expect((await f.log()).filter((r) => r.method === 'GET').map((r) => r.path).sort()).to.deep.equal(['/members/7', '/members/8']);
  });
});
