// The member's page as a hub, section by section, against the fault server: each section an
// element of the kit reading the API's lists filtered by the member, in euros, newest first,
// names not ids; the actions open the existing elements with the member chosen.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/members/heading/element.js';
import '../../src/widgets/members/actions/element.js';
import '../../src/widgets/members/debts/element.js';
import '../../src/widgets/members/payments/element.js';
import '../../src/widgets/members/card/element.js';
import '../../src/widgets/members/messages/element.js';
import '../../src/widgets/members/applications/element.js';
import { manualClock } from '../support/manual-clock.js';
import { all, button, cleanupFeatures, featureFixture, link, text, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const EURO = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const rows = (element: HTMLElement, selector: string) => all(element, `${selector} tbody tr`).map((tr) => [...tr.querySelectorAll('td')].map((td) => EURO(td.textContent ?? '').trim()));

const reach = (ops: string) => Object.fromEntries(['list', 'read', 'create', 'update', 'delete'].map((op) => [op, ops.includes(op) ? 'all' : 'none']));
const EXPLAINED = {
  members: { label: 'Sócios', fields: [], operations: reach('list read create update') },
  unsettled_payments: { label: 'Dívidas', fields: [], operations: reach('list read') },
  payments: { label: 'Pagamentos', fields: [], operations: reach('list read') },
  membership_cards: { label: 'Cartões', fields: [], operations: reach('list read'), actions: [{ name: 'issue', label: 'Emitir cartão', on: 'collection', fields: [] }] },
  messages: {
    label: 'Mensagens',
    fields: [{ name: 'status', type: 'enum', label: 'Estado', options: [{ value: 'sent', label: 'Enviada' }, { value: 'failed', label: 'Falhou' }] }],
    operations: reach('list read'),
  },
  member_applications: {
    label: 'Candidaturas',
    fields: [{ name: 'state', type: 'enum', label: 'Estado', options: [{ value: 'accepted', label: 'Aceite' }] }],
    operations: reach('list read'),
  },
};

const MEMBER = { _id: 31, _version: 1, created_at: '', updated_at: '', number: 128, name: 'Rita Lopes', email: 'Rita@Exemplo.pt', phone: '+351912345678', state: 1, country: null, tags: [] };
const debt = (id: number, description: string, due: string, amount: number, paid = 0, status = 'open') => ({ _id: id, member: 31, kind: 'quota', year: Number(due.slice(0, 4)), period: 1, description, amount, paid, open_amount: status === 'open' || status === 'partial' ? amount - paid : 0, due_date: due, status });
const DEBTS = [debt(1, 'Quota 2030', '2030-03-31', 2400), debt(2, 'Quota 2031', '2031-03-31', 2400, 1000, 'partial'), debt(3, 'Quota 2032', '2032-03-31', 1234567), debt(4, 'Quota 2029', '2029-03-31', 2400, 2400, 'paid')];
const PAYMENTS = [
  { _id: 72, member: 31, date: '2031-05-02', amount: 1234567, method: 'mbway', annulled_at: null },
  { _id: 60, member: 31, date: '2030-04-10', amount: 2400, method: 'numerario', annulled_at: '2030-04-11T10:00:00.000Z' },
];
const STATEMENT = {
  member: { _id: 31, number: 128, name: 'Rita Lopes' },
  standing: { kind: 'em_atraso', yearsOwed: 2, openTotal: 3800, upcomingTotal: 1234567, credit: 0, oldestDue: '2030-03-31' },
  lines: [
    { date: '2030-04-10', kind: 'payment', id: 60, description: 'Pagamento', debit: 0, credit: 2400, balance: 0, annulled: true, receipt: { _id: 40, number: 'R 2030/7', pdf: 'treasury_docs/40/pdf', annulledBy: 'N 2030/1' } },
    { date: '2031-05-02', kind: 'payment', id: 72, description: 'Pagamento', debit: 0, credit: 1234567, balance: 0, receipt: { _id: 41, number: 'R 2031/12', pdf: 'treasury_docs/41/pdf', annulledBy: null } },
  ],
};
const CARDS = [
  { _id: 9, member: 31, code: 'NEWCODE9', state: 'active', issued_at: '2031-01-05', valid_until: '2031-12-31' },
  { _id: 4, member: 31, code: 'OLDCODE4', state: 'superseded', issued_at: '2030-01-05', valid_until: '2030-12-31' },
];
const MESSAGES = [
  { _id: 502, recipient: 'rita@exemplo.pt', subject: 'Aviso de quotas em atraso', status: 'failed', created_at: '2031-05-20T09:00:00.000Z', sent_at: null },
  // The list's filter matches addresses that contain it: another member's is not theirs.
  { _id: 501, recipient: 'margarita@exemplo.pt', subject: 'Não é dela', status: 'sent', created_at: '2031-05-10T09:00:00.000Z', sent_at: '2031-05-10T09:01:00.000Z' },
  { _id: 480, recipient: 'rita@exemplo.pt', subject: 'Recibo R 2031/12', status: 'sent', created_at: '2031-05-02T10:00:00.000Z', sent_at: '2031-05-02T10:00:05.000Z' },
];
const APPLICATIONS = [{ _id: 17, created_at: '2029-12-01T15:30:00.000Z', state: 'accepted', decided_at: '2030-01-03T11:00:00.000Z', member: 31 }];

async function hub() {
  // 1 June 2031: the 2032 quota is not due yet.
  const fixture = featureFixture({ clock: manualClock(Date.UTC(2031, 5, 1, 12)) });
  fixture.logIn(1, 'Rui Editor', 'editor');
  await fixture.f.script({
    'GET /explainer': { body: { data: EXPLAINED } },
    'GET /members/31': { body: { data: MEMBER } },
    'GET /members/31/unsettled_payments': { body: { data: DEBTS, meta: { total: DEBTS.length } } },
    'GET /members/31/statement': { body: { data: STATEMENT } },
    'GET /payments': { body: { data: PAYMENTS, meta: { total: 2 } } },
    'GET /membership_cards': { body: { data: CARDS, meta: { total: 2 } } },
    'GET /membership_cards/9': { body: { data: CARDS[0] } },
    'GET /membership_cards/9/state': { body: { data: { status: 'valid', state: 'Válido', valid_until: '2031-12-31', expired: false } } },
    'GET /messages': { body: { data: MESSAGES, meta: { total: 3 } } },
    'GET /member_applications': { body: { data: APPLICATIONS, meta: { total: 1 } } },
    'GET /treasury_docs/41/pdf': { body: '%PDF-1.4\n%%EOF\n' },
    'POST /membership_cards/issue': { body: { data: { ...CARDS[0], _id: 10, code: 'FRESH010' } } },
  });
  await fixture.core.explainer.load();
  return fixture;
}

describe('the member’s page sections', () => {
  afterEach(cleanupFeatures);

  it('names the page after the member, with their number and how to reach them', async () => {
    const { place } = await hub();
    const titles: string[] = [];
    const onTitle = (event: Event) => titles.push((event as CustomEvent<{ title: string }>).detail.title);
    document.addEventListener('associa-title', onTitle);
    try {
      const element = place('associa-member-heading', { 'member-id': '31' });
      await waitForText(element, 'Sócio n.º 128');
      expect(text(element)).to.contain('Rita@Exemplo.pt');
      expect(text(element)).to.contain('912 345 678');
      await waitUntil(() => titles.length > 0, 'no title was named');
      expect(titles[0]).to.equal('Rita Lopes (n.º 128)');
      await expectAccessible(element);
    } finally {
      document.removeEventListener('associa-title', onTitle);
    }
  });

  it('lists the open debts, latest due first, with what is owed today and what falls due later', async () => {
    const { f, place } = await hub();
    const element = place('associa-member-debts', { 'member-id': '31' });
    await waitForText(element, 'Quota 2032');
    expect(rows(element, '[data-member-debts]')).to.deep.equal([
      ['Quota 2032', '31/03/2032 (a vencer)', '12 345,67 €'],
      ['Quota 2031', '31/03/2031', '14,00 €'],
      ['Quota 2030', '31/03/2030', '24,00 €'],
    ]);
    expect(EURO(element.shadowRoot!.querySelector('[data-total="owed"]')!.textContent ?? '')).to.contain('38,00 €');
    expect(EURO(element.shadowRoot!.querySelector('[data-total="upcoming"]')!.textContent ?? '')).to.contain('12 345,67 €');
    expect((await f.requests('GET', '/members/31/unsettled_payments'))[0]!.query).to.include({ _limit: '-1' });
    await expectAccessible(element);
  });

  it('lists the payments newest first with their method, amount and receipt, and downloads a receipt', async () => {
    const { f, place, navigations } = await hub();
    const element = place('associa-member-payments', { 'member-id': '31', 'payment-path': '/pagamentos/:id', 'receipt-path': '/tesouraria/:id' });
    await waitForText(element, 'R 2031/12');
    expect((await f.requests('GET', '/payments'))[0]!.query).to.include({ _member: '31', _sort: '-date' });
    const [latest, annulled] = rows(element, '[data-member-payments]');
    expect(latest!.slice(0, 3)).to.deep.equal(['02/05/2031', 'MB WAY', '12 345,67 €']);
    expect(latest![3]).to.contain('R 2031/12');
    expect(annulled!.slice(0, 3)).to.deep.equal(['10/04/2030 (Anulado)', 'Numerário', '24,00 €']);
    expect(annulled![3]).to.contain('R 2030/7 (anulado pela nota N 2030/1)');
    (await link(element, 'R 2031/12')).click();
    expect(navigations).to.deep.equal(['/tesouraria/41']);
    (await link(element, '02/05/2031')).click();
    expect(navigations.at(-1)).to.equal('/pagamentos/72');
    all<HTMLButtonElement>(element, 'button').find((b) => b.getAttribute('aria-label') === 'PDF do recibo R 2031/12')!.click();
    await waitUntil(async () => (await f.requests('GET', '/treasury_docs/41/pdf')).length === 1, 'the receipt was never asked for');
    await expectAccessible(element);
  });

  it('shows the current card with its dates and its actions, and counts the older ones', async () => {
    const { f, place } = await hub();
    const element = place('associa-member-card', { 'member-id': '31', 'card-path': '/cartoessocio/:id', 'letter-path': '/cartaCartoessocio/:id' });
    await waitForText(element, 'NEWCODE9');
    expect((await f.requests('GET', '/membership_cards'))[0]!.query).to.include({ _member: '31', _sort: '-issued_at' });
    expect(text(element)).to.contain('05/01/2031');
    expect(text(element)).to.contain('31/12/2031');
    expect(text(element)).to.contain('Mais 1 cartão anterior');
    // The card's own actions, loaded with the section: its standing today, the PDF, reissue.
    const actions = element.shadowRoot!.querySelector('associa-card-actions') as HTMLElement;
    expect(actions.getAttribute('card-id')).to.equal('9');
    await waitForText(actions, 'Válido');
    await button(actions, 'Descarregar PDF');
    expect(text(actions)).to.contain('Reemitir cartão');
    await expectAccessible(element);
  });

  it('lists the messages sent to the member’s address only, newest first, their state in words', async () => {
    const { f, place, navigations } = await hub();
    const element = place('associa-member-messages', { 'member-id': '31', 'message-path': '/mensagens/:id' });
    await waitForText(element, 'Aviso de quotas em atraso');
    expect((await f.requests('GET', '/messages'))[0]!.query).to.include({ _recipient: 'Rita@Exemplo.pt', _sort: '-created_at' });
    const shown = rows(element, '[data-member-messages]');
    expect(shown.map((row) => [row[0], row[2]])).to.deep.equal([
      ['Aviso de quotas em atraso', 'Falhou'],
      ['Recibo R 2031/12', 'Enviada'],
    ]);
    (await link(element, 'Recibo R 2031/12')).click();
    expect(navigations).to.deep.equal(['/mensagens/480']);
    await expectAccessible(element);
  });

  it('lists the applications tied to the member with their state', async () => {
    const { f, place } = await hub();
    const element = place('associa-member-applications', { 'member-id': '31', 'application-path': '/candidaturas/:id' });
    await waitForText(element, 'Aceite');
    expect((await f.requests('GET', '/member_applications'))[0]!.query).to.include({ _member: '31' });
    expect(rows(element, '[data-member-applications]')[0]![1]).to.equal('Aceite');
    await expectAccessible(element);
  });

  it('records a payment and issues a card from the actions, the member already chosen', async () => {
    const { f, place } = await hub();
    const element = place('associa-member-actions', { 'member-id': '31' });
    const record = await button(element, 'Registar pagamento');
    await expectAccessible(element);
    record.click();
    await waitUntil(() => element.shadowRoot!.querySelector('associa-payment-debts'), 'the debts never opened');
    const debts = element.shadowRoot!.querySelector('associa-payment-debts') as HTMLElement;
    expect(debts.getAttribute('member-id')).to.equal('31');
    await waitForText(debts, 'Quota 2030');
    expect(record.getAttribute('aria-expanded')).to.equal('true');

    (await button(element, 'Enviar mensagem')).click();
    expect((await link(element, 'Escrever a Rita@Exemplo.pt')).getAttribute('href')).to.equal('mailto:Rita@Exemplo.pt');

    (await button(element, 'Emitir cartão')).click();
    await waitForText(element, 'Emitir um cartão novo para Rita Lopes?');
    const dialog = element.shadowRoot!.querySelector('dialog')!;
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Emitir cartão')!.click();
    await waitForText(element, 'Cartão emitido (código FRESH010).');
    expect((await f.requests('POST', '/membership_cards/issue'))[0]!.body).to.deep.equal({ member: 31 });
  });
});
