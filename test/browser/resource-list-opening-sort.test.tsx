// <associa-resource-list sort="-date"> opens in the order its page declares (the payments page:
// newest first), shows it on the column, and gives way to the order the user picks, which the
// session keeps. Without the attribute the list keeps the API's default (created_at ascending).
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/resource-list/element.js';
import { place, removePlaced, shadowOf } from './kit/fixtures.js';
import { all, disposeCores, freshFault, pageReply } from './resource-fixtures.js';
import type { Fault } from './support/fault.js';

const TAG = 'associa-resource-list';
const READ_ONLY = { list: 'all', read: 'all', create: 'none', update: 'none', delete: 'none' };
const field = (name: string, type: string, label: string) => ({ name, type, label, group: 'Geral', inputType: 'text', validation: {}, sortable: true, filterable: false, searchable: false, readOnly: true });
const PAYMENT_FIELDS = [field('date', 'date', 'Data'), field('amount', 'money', 'Valor'), field('created_at', 'datetime', 'Criado em')];
const explainer = { body: { data: { payments: { label: 'Pagamentos', fields: PAYMENT_FIELDS, operations: READ_ONLY } } } };
// The server's answer to `_sort=-date`: today's payment first.
const newestFirst = pageReply([
  { _id: 6104, date: '2026-11-28', amount: 883404, created_at: '2026-11-28T10:00:00Z' },
  { _id: 6103, date: '2026-11-27', amount: 2552450, created_at: '2026-11-27T10:00:00Z' },
]);

const sorts = async (f: Fault) => (await f.requests('GET', '/payments')).map((r) => r.query._sort);
const header = (element: Element, name: string) => shadowOf(element).querySelector(`[data-sort="${name}"]`)!.closest('th')!;

async function showPayments(f: Fault, attrs: Record<string, string> = { sort: '-date' }) {
  const element = place(TAG, { resource: 'payments', api: f.api, columns: 'date,amount', ...attrs });
  await waitUntil(() => all(element, 'tbody tr').length > 0, 'the list never rendered');
  return element;
}

describe('<associa-resource-list sort>', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  it('opens newest first: its first request asks for the page order, and the column says so', async () => {
    const f = freshFault();
    await f.script({ 'GET /explainer': explainer, 'GET /payments': newestFirst });
    const element = await showPayments(f);
    expect(await sorts(f)).to.deep.equal(['-date']);
    expect(all(element, 'tbody tr td').map((td) => td.textContent?.replace(/[\u00a0\u202f]/g, ' '))).to.deep.equal(['28/11/2026', '8 834,04 €', '27/11/2026', '25 524,50 €']);
    expect(header(element, 'date').getAttribute('aria-sort')).to.equal('descending');
  });

  it('gives way to the order the user picks, and keeps it for the session', async () => {
    const f = freshFault();
    await f.script({ 'GET /explainer': explainer, 'GET /payments': newestFirst });
    let element = await showPayments(f);
    (shadowOf(element).querySelector('[data-sort="amount"]') as HTMLButtonElement).click();
    await waitUntil(async () => (await sorts(f)).at(-1) === 'amount', 'the user\'s order was never asked for');
    removePlaced();
    element = await showPayments(f);
    await waitUntil(async () => (await sorts(f)).length === 3);
    expect(await sorts(f)).to.deep.equal(['-date', 'amount', 'amount']);
    expect(header(element, 'amount').getAttribute('aria-sort')).to.equal('ascending');
  });

  it('keeps the API default where the page declares no order', async () => {
    const f = freshFault();
    await f.script({ 'GET /explainer': explainer, 'GET /payments': newestFirst });
    await showPayments(f, {});
    expect(await sorts(f)).to.deep.equal(['created_at']);
  });
});
