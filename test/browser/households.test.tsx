// The household's back office (issue 34) against the fault server: its members (added by name,
// taken out after a question, a member of another household moved only when staff say so), what
// it owes with each member's name and one payment of its payer for the chosen debts, and the
// member's page naming their household.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/households/members/element.js';
import '../../src/widgets/households/debts/element.js';
import '../../src/widgets/households/member-household/element.js';
import { all, button, cleanupFeatures, control, featureFixture, link, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';
import type { Reply } from './support/fault.js';

const EURO = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const reach = (ops: string) => Object.fromEntries(['list', 'read', 'create', 'update', 'delete'].map((op) => [op, ops.includes(op) ? 'all' : 'none']));
const explained = (members: string) => ({
  members: { label: 'Sócios', fields: [], operations: reach(members) },
  households: { label: 'Agregados', fields: [], operations: reach('list read create update') },
  unsettled_payments: { label: 'Dívidas', fields: [], operations: reach('list read') },
  payments: { label: 'Pagamentos', fields: [], operations: reach('list read') },
});

const member = (id: number, number: number, name: string, household: number | null = 7) => ({ _id: id, _version: 1, created_at: '', updated_at: '', number, name, email: null, phone: null, state: 1, tags: [], household });
const ANA = member(31, 12, 'Ana Matias');
const BRUNO = member(32, 13, 'Bruno Matias');
const CARLA = member(33, 14, 'Carla Matias', null);
const DINA = member(34, 20, 'Dina Sousa', 9);
const HOUSEHOLD = { _id: 7, _version: 1, name: 'Família Matias', payer_member: 31, payer_name: null, payer_nif: null, members_count: 2 };
const list = (items: unknown[]) => ({ body: { data: items, meta: { total: items.length } } });
const debt = (id: number, memberId: number, description: string, due: string, amount: number, status = 'open', paid = 0) => ({
  _id: id,
  member: memberId,
  household: 7,
  kind: 'quota',
  year: Number(due.slice(0, 4)),
  period: 1,
  description,
  amount,
  paid,
  open_amount: status === 'paid' ? 0 : amount - paid,
  due_date: due,
  status,
});

const standing = (kind: 'em_dia' | 'em_atraso', openTotal = 0) => ({ body: { data: { member: {}, standing: { kind, yearsOwed: openTotal > 0 ? 1 : 0, openTotal, upcomingTotal: 0, credit: 0, oldestDue: null }, lines: [] } } });
const STATEMENTS = {
  'GET /members/31/statement': standing('em_dia'),
  'GET /members/32/statement': standing('em_atraso', 4500),
  'GET /members/33/statement': standing('em_dia'),
  'GET /members/34/statement': standing('em_dia'),
};

async function fixtureWith(rules: Record<string, Reply | Reply[]>, members = 'list read create update') {
  const fixture = featureFixture();
  fixture.logIn(2, 'Rui Editor', 'editor');
  await fixture.f.script({ 'GET /explainer': { body: { data: explained(members) } }, 'GET /households/7': { body: { data: HOUSEHOLD } }, ...STATEMENTS, ...rules });
  await fixture.core.explainer.load();
  return fixture;
}

const rowsOf = (element: HTMLElement) => all(element, 'tbody tr').map((tr) => [...tr.querySelectorAll('td')].map((td) => EURO(td.textContent ?? '').trim()));

describe('<associa-household-members>', () => {
  afterEach(cleanupFeatures);

  it('lists the members by number, each a link to their page, the payer marked; takes one out after a question', async () => {
    const { f, place, navigations } = await fixtureWith({
      'GET /members': [list([ANA, BRUNO]), list([ANA])],
      'PATCH /members/32': { body: { data: { ...BRUNO, household: null } } },
    });
    const element = place('associa-household-members', { 'household-id': '7', 'member-path': '/socios/:id' });
    await waitForText(element, 'Bruno Matias');
    await expectAccessible(element);
    expect(text(element)).to.contain('2 membros');
    // Each with their own standing: a household's payment settles each member's debts.
    await waitUntil(() => rowsOf(element).every((row) => row[3] !== '…'), 'the standings were not read');
    expect(rowsOf(element).map((row) => row.slice(0, 4))).to.deep.equal([
      ['12', 'Ana Matias', 'Paga as quotas', 'Em dia'],
      ['13', 'Bruno Matias', '', 'Em atraso (1 ano, 45,00 €)'],
    ]);
    const [read] = await f.requests('GET', '/members');
    expect(read!.query).to.deep.include({ _household: '7', _limit: '-1', _sort: 'number' });
    (await link(element, 'Ana Matias')).click();
    expect(navigations).to.deep.equal(['/socios/31']);

    all<HTMLButtonElement>(element, 'tbody button').find((b) => b.getAttribute('aria-label') === 'Retirar Bruno Matias')!.click();
    await waitUntil(() => all(element, 'dialog[open]').length === 1, 'no question before taking the member out');
    expect(text(element)).to.contain('Retirar Bruno Matias do agregado Família Matias?');
    expect(await f.requests('PATCH', '/members/32')).to.have.length(0);
    all<HTMLButtonElement>(element, 'dialog[open] button').find((b) => b.textContent?.trim() === 'Retirar')!.click();
    await waitForText(element, 'Bruno Matias saiu do agregado.');
    const [patch] = await f.requests('PATCH', '/members/32');
    expect(patch!.body).to.deep.equal({ household: null });
    await waitUntil(() => rowsOf(element).length === 1, 'the members were not read again');
  });

  it('adds a member found by name; one of another household only once staff confirm the move', async () => {
    const { f, place } = await fixtureWith({
      'GET /members': [list([ANA]), { match: { _search: 'Carla' }, ...list([CARLA]) }, { match: { _household: '7' }, ...list([ANA, CARLA]) }],
      'PATCH /members/33': { body: { data: { ...CARLA, household: 7 } } },
    });
    const element = place('associa-household-members', { 'household-id': '7', 'member-path': '/socios/:id' });
    await waitForText(element, 'Ana Matias');
    expect(text(element)).to.contain('Acrescentar um sócio');
    type(await control(element, 'Escolha o sócio'), 'Carla');
    (await button(element, 'N.º 14 — Carla Matias')).click();
    await waitForText(element, 'Carla Matias passou a fazer parte do agregado.');
    const [added] = await f.requests('PATCH', '/members/33');
    expect(added!.body).to.deep.equal({ household: 7 });
    await waitUntil(() => rowsOf(element).length === 2, 'the new member is not listed');
    // The search starts again empty for the next one.
    expect((await control(element, 'Escolha o sócio')).value).to.equal('');

    await f.script({
      'GET /members': [{ match: { _search: 'Dina' }, ...list([DINA]) }, { match: { _household: '7' }, ...list([ANA, CARLA, { ...DINA, household: 7 }]) }],
      'PATCH /members/34': { body: { data: { ...DINA, household: 7 } } },
    });
    type(await control(element, 'Escolha o sócio'), 'Dina');
    (await button(element, 'N.º 20 — Dina Sousa')).click();
    await waitForText(element, 'Dina Sousa pertence a outro agregado: ao acrescentá-lo aqui, sai desse.');
    expect(await f.requests('PATCH', '/members/34')).to.have.length(0);
    (await button(element, 'Acrescentar Dina Sousa')).click();
    await waitForText(element, 'Dina Sousa passou a fazer parte do agregado.');
    expect((await f.requests('PATCH', '/members/34'))[0]!.body).to.deep.equal({ household: 7 });
  });

  it('offers no changes to staff the server does not let change members', async () => {
    const { place } = await fixtureWith({ 'GET /members': list([ANA, BRUNO]) }, 'list read');
    const element = place('associa-household-members', { 'household-id': '7' });
    await waitForText(element, 'Bruno Matias');
    expect(all(element, 'button')).to.have.length(0);
    expect(text(element)).not.to.contain('Acrescentar');
  });
});

describe('<associa-household-debts>', () => {
  afterEach(cleanupFeatures);

  const DEBTS = [
    debt(5, 32, 'Quota 2025', '2025-01-31', 4500),
    debt(3, 31, 'Quota 2024', '2024-01-31', 4000, 'partial', 1000),
    debt(4, 31, 'Quota 2023', '2023-01-31', 4000, 'paid', 4000),
    debt(6, 31, 'Quota 2025 — Agregado Matias: Ana Matias (n.º 12), Bruno Matias (n.º 13)', '2025-02-28', 6000),
  ];

  it('lists what the household owes, oldest first, each debt naming its member; records one payment of the payer for the chosen ones', async () => {
    const payment = { _id: 90, member: 31, household: 7, date: '2026-03-01', amount: 7500, method: 'transferencia' };
    const { f, place } = await fixtureWith({
      'GET /members': list([ANA, BRUNO]),
      'GET /unsettled_payments': [list(DEBTS), list([DEBTS[1], { ...DEBTS[0]!, status: 'paid', paid: 4500, open_amount: 0 }, DEBTS[2], { ...DEBTS[3]!, status: 'paid', paid: 6000, open_amount: 0 }])],
      'POST /payments/record': { status: 201, body: { data: { payment, allocations: [], credit: 0, receipt: { _id: 40, number: 'R 2026/12' } } } },
    });
    const element = place('associa-household-debts', { 'household-id': '7', 'payment-path': '/pagamentos/:id' });
    await waitForText(element, 'Quota 2024 — Ana Matias, n.º 12');
    await expectAccessible(element);
    expect(text(element)).to.contain('Quem paga: Ana Matias (n.º 12).');
    expect(rowsOf(element).map((row) => [row[1], row[4]])).to.deep.equal([
      ['Quota 2024 — Ana Matias, n.º 12parcialmente paga', '30,00 €'],
      ['Quota 2025 — Bruno Matias, n.º 13', '45,00 €'],
      // Charged to the household: its description already names its members.
      ['Quota 2025 — Agregado Matias: Ana Matias (n.º 12), Bruno Matias (n.º 13)', '60,00 €'],
    ]);
    const [read] = await f.requests('GET', '/unsettled_payments');
    expect(read!.query).to.deep.include({ _household: '7', _limit: '-1' });

    const tick = (label: string) => all<HTMLInputElement>(element, 'tbody input[type="checkbox"]').find((box) => box.getAttribute('aria-label') === `Selecionar ${label}`)!.click();
    tick('Quota 2025 — Bruno Matias, n.º 13');
    tick('Quota 2025 — Agregado Matias: Ana Matias (n.º 12), Bruno Matias (n.º 13)');
    (await button(element, 'Registar pagamento do agregado')).click();
    await waitForText(element, 'Registar pagamento do agregado');
    const amount = await control(element, 'Valor (€)');
    await waitUntil(() => amount.value === '105,00', `amount not filled from the selection: ${amount.value}`);
    type(amount, '75');
    const method = await control<HTMLSelectElement>(element, 'Meio de pagamento');
    method.value = 'transferencia';
    method.dispatchEvent(new Event('change', { bubbles: true }));
    (await button(element, 'Registar')).click();
    await waitForText(element, 'Pagamento do agregado de 75,00\u00a0€ registado.');
    expect(text(element)).to.contain('Foi emitido o recibo R 2026/12, em nome de quem paga.');
    const [post] = await f.requests('POST', '/payments/record');
    expect(post!.body).to.deep.include({ household: 7, amount: 7500, method: 'transferencia', debts: [5, 6] });
    expect(post!.body).not.to.have.property('member');
    expect((await link(element, 'Ver o pagamento')).getAttribute('href')).to.equal('/pagamentos/90');
    await waitUntil(() => rowsOf(element).length === 1, 'the debts were not read again');
  });

  it('asks for a payer before a payment can be recorded', async () => {
    const { place } = await fixtureWith({
      'GET /households/7': { body: { data: { ...HOUSEHOLD, payer_member: null } } },
      'GET /members': list([ANA, BRUNO]),
      'GET /unsettled_payments': list(DEBTS),
    });
    const element = place('associa-household-debts', { 'household-id': '7' });
    await waitForText(element, 'O agregado não tem quem pague');
    expect(all(element, 'button').filter((b) => b.textContent?.includes('Registar'))).to.have.length(0);
  });
});

describe('<associa-member-household>', () => {
  afterEach(cleanupFeatures);

  it("names the member's household as a link to it, and who pays", async () => {
    const { place, navigations } = await fixtureWith({
      'GET /members/32': { body: { data: BRUNO } },
      'GET /members': list([ANA]),
    });
    const element = place('associa-member-household', { 'member-id': '32', 'household-path': '/socios/agregados/:id' });
    await waitForText(element, 'quem paga: Ana Matias');
    expect(EURO(text(element))).to.contain('Agregado:Família Matias');
    (await link(element, 'Família Matias')).click();
    expect(navigations).to.deep.equal(['/socios/agregados/7']);
  });

  it('shows nothing for a member of no household', async () => {
    const { f, place } = await fixtureWith({ 'GET /members/33': { body: { data: CARLA } } });
    const element = place('associa-member-household', { 'member-id': '33', 'household-path': '/socios/agregados/:id' });
    await waitUntil(async () => (await f.requests('GET', '/members/33')).length === 1, 'the member was not read');
    expect(all(element, '[data-member-household]')).to.have.length(0);
    expect(await f.requests('GET', '/households/7')).to.have.length(0);
  });
});
