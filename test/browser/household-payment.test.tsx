import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/member-home/element.js';
import '../../src/widgets/payment-info/element.js';
import { all, button, cleanupFeatures, featureFixture, text, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

// A household's payer pays its members' debts with one reference (issue 34): on the member home,
// a section per household they pay for lists its owing debts with each member's name and number,
// and *Pagar pelo agregado* asks ONE request of their own with the household; the payer's payment
// link offers the household's debts the same way, beside their own.

const MEMBER = { _id: 31, created_at: '2024-02-01T10:00:00Z', number: 12, name: 'Ana Silva', state: null, country: null };
const DEBTS = [
  { id: 5, member: { id: 31, name: 'Ana Silva', number: 12 }, description: 'Quota 2026', due_date: '2026-03-31', open_amount: 1200, owed: true },
  { id: 6, member: { id: 32, name: 'Bruno Silva', number: 13 }, description: 'Quota 2026', due_date: '2026-03-31', open_amount: 1300, owed: true },
  { id: 7, member: { id: 33, name: 'Carla Silva', number: null }, description: 'Quota 2099', due_date: '2099-01-31', open_amount: 1400, owed: false },
];
const HOUSEHOLDS = [{ id: 4, name: 'Silva', debts: DEBTS, total: 2500 }];
const OPTIONS = { methods: ['multibanco', 'mbway'], transfer: { iban: 'PT50000201231234567890154', description: 'Sócio 12' } };
const REQUEST = { _id: 61, _version: 1, member: 31, household: 4, debts: [6, 7], method: 'multibanco', amount: 2700, entity: '99998', reference: '123004567', phone: null, expires_at: '2099-12-01T10:00:00.000Z', state: 'pending', payment: null, paid_at: null };
const PAID = { ...REQUEST, _version: 2, state: 'paid', payment: 90, paid_at: '2026-05-04T10:11:12.000Z' };

const field = (element: HTMLElement, name: string) => all(element, `dd[data-field="${name}"]`)[0]?.textContent ?? '';
const box = (element: HTMLElement, label: string) => all<HTMLInputElement>(element, 'input[type="checkbox"]').find((b) => b.getAttribute('aria-label') === label);
const radios = (element: HTMLElement, name: string) => all<HTMLInputElement>(element, `input[type="radio"][name="${name}"]`);
/** The household's section on the member home (its own debts' block has buttons of the same names). */
const SECTION = '[data-own="household-4"]';
async function sectionButton(element: HTMLElement, name: string): Promise<HTMLButtonElement> {
  const candidates = () => all<HTMLButtonElement>(element, `${SECTION} button`).filter((b) => b.textContent?.trim() === name);
  await waitUntil(() => candidates().length > 0, `no button "${name}" in the household's section: ${text(element)}`, { timeout: 4000 });
  return candidates()[0]!;
}

async function home(script: Record<string, unknown>) {
  const fixture = featureFixture();
  fixture.logIn(7, 'Ana Silva', 'member');
  await fixture.f.script({
    'GET /users/7': { body: { data: { _id: 7, created_at: '', member: 31, username: 'ana' } } },
    'GET /members/31': { body: { data: MEMBER } },
    'GET /members/31/unsettled_payments': { body: { data: [], meta: { total: 0 } } },
    'GET /members/31/payments': { body: { data: [], meta: { total: 0 } } },
    ...script,
  });
  const element = fixture.place('associa-member-home');
  await waitForText(element, 'Sócio n.º 12');
  return { ...fixture, element };
}

describe('<associa-member-home>: a household’s payer', () => {
  afterEach(cleanupFeatures);

  it('lists the household’s debts by member and pays the ticked ones with one Multibanco reference, "Pago" coming over realtime', async () => {
    const { f, core, element } = await home({
      'GET /own/household_debts': { body: { data: HOUSEHOLDS } },
      'GET /payment_options': { body: { data: OPTIONS } },
      'POST /payment_requests/own': { status: 201, body: { data: REQUEST } },
      'GET /payment_requests/61': [{ body: { data: REQUEST } }, { body: { data: PAID } }],
    });
    await waitForText(element, 'Dívidas do agregado Silva');
    const rows = all(element, `${SECTION} tbody tr`).map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent));
    expect(rows).to.deep.equal([
      ['Ana Silva (n.º 12)', 'Quota 2026', '31/03/2026', '12,00\u00a0€'],
      ['Bruno Silva (n.º 13)', 'Quota 2026', '31/03/2026', '13,00\u00a0€'],
      ['Carla Silva', 'Quota 2099a vencer a 31/01/2099', '31/01/2099', '14,00\u00a0€'],
    ]);
    await expectAccessible(element);

    // Nothing ticked: a hint, no request.
    (await sectionButton(element, 'Pagar pelo agregado')).click();
    await waitForText(element, 'Escolha as dívidas que quer pagar e carregue em Pagar pelo agregado.');
    box(element, 'Selecionar Quota 2026 de Bruno Silva')!.click();
    box(element, 'Selecionar Quota 2099 de Carla Silva')!.click();
    await waitForText(element, 'Selecionadas (2 dívidas)');
    (await sectionButton(element, 'Pagar pelo agregado')).click();
    await waitForText(element, 'Pagar 2 dívidas do agregado: 27,00\u00a0€');
    const ask = await sectionButton(element, 'Obter referência Multibanco');
    // References only: a transfer's description names one member.
    expect(radios(element, 'method').map((r) => r.value)).to.deep.equal(['multibanco', 'mbway']);
    ask.click();
    await waitForText(element, 'Dados para pagamento');
    const [post] = await f.requests('POST', '/payment_requests/own');
    expect(post!.body).to.deep.equal({ household: 4, debts: [6, 7], method: 'multibanco' });
    expect(field(element, 'Referência')).to.equal('123 004 567');
    expect(field(element, 'Valor')).to.equal('27,00\u00a0€');
    await expectAccessible(element);

    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
    await f.wsSend({ topic: 'payment_requests changed', payload: { resource: 'payment_requests', action: 'updated', id: 61 } });
    await waitForText(element, 'Pago. Obrigado! O pagamento já foi registado.');
    expect(field(element, 'Estado')).to.equal('Pago');
    // The household's debts are read again: the payment moved other members' debts too.
    await waitUntil(async () => (await f.requests('GET', '/own/household_debts')).length >= 2, 'the household debts were not read again');
  });

  it('shows nothing more to a member who pays for no household', async () => {
    const { f, element } = await home({ 'GET /own/household_debts': { body: { data: [] } } });
    await waitUntil(async () => (await f.requests('GET', '/own/household_debts')).length === 1, 'the household debts were never asked for');
    await waitForText(element, 'Os meus pagamentos');
    expect(text(element)).to.not.contain('agregado');
  });
});

const TOKEN = 'Tk_abcdefghijklmnopqrstuvwxyz0123456789ABCD';
const INFO_PATH = `/payment_info/${TOKEN}`;
const INFO = {
  association: 'Associação Recreativa de Teste',
  first_name: 'Ana',
  debts: [{ id: 5, description: 'Quota 2026', due_date: '2026-03-31', open_amount: 1200, owed: true }],
  total: 1200,
  methods: ['multibanco'],
  transfer: OPTIONS.transfer,
  request: null,
  households: HOUSEHOLDS,
};
const INFO_REQUEST = { id: 51, method: 'multibanco', state: 'pending', amount: 3900, entity: '99999', reference: '999004243', expires_at: '2099-12-01T10:00:00.000Z', paid_at: null };

describe('<associa-payment-info>: the link of a household’s payer', () => {
  afterEach(cleanupFeatures);

  it('offers the household’s debts first, by member, all ticked, and asks one reference with the household; their own debts on the side', async () => {
    const { f, place } = featureFixture();
    await f.script({ [`GET ${INFO_PATH}`]: { body: { data: INFO } }, [`POST ${INFO_PATH}/requests`]: { status: 201, body: { data: INFO_REQUEST } } });
    const element = place('associa-payment-info', { token: TOKEN });
    await waitForText(element, 'Olá, Ana');
    expect(radios(element, 'scope').map((r) => [r.value, r.checked])).to.deep.equal([
      ['household:4', true],
      ['own', false],
    ]);
    expect(text(element)).to.contain('As dívidas do agregado Silva');
    const rows = all(element, 'tbody tr').map((tr) => [...tr.querySelectorAll('td')].slice(1, 3).map((td) => td.textContent));
    expect(rows).to.deep.equal([
      ['Ana Silva (n.º 12)', 'Quota 2026'],
      ['Bruno Silva (n.º 13)', 'Quota 2026'],
      ['Carla Silva', 'Quota 2099'],
    ]);
    expect(all<HTMLInputElement>(element, 'tbody input[type="checkbox"]').every((b) => b.checked)).to.equal(true);
    expect(all(element, '[data-total]')[0]!.textContent).to.equal('39,00\u00a0€');
    // No transfer for the household: only the reference.
    expect(radios(element, 'method').map((r) => r.value)).to.deep.equal(['multibanco']);
    await expectAccessible(element);

    // Their own debts: the plain table, the transfer offered again.
    radios(element, 'scope')[1]!.click();
    await waitUntil(() => all(element, 'tbody tr').length === 1, 'the own debts never showed');
    expect(radios(element, 'method').map((r) => r.value)).to.deep.equal(['multibanco', 'transfer']);
    radios(element, 'scope')[0]!.click();
    await waitUntil(() => all(element, 'tbody tr').length === 3, 'the household’s debts never came back');

    (await button(element, 'Obter referência Multibanco')).click();
    await waitForText(element, 'Dados para pagamento');
    const [post] = await f.requests('POST', `${INFO_PATH}/requests`);
    expect(post!.body).to.deep.equal({ debts: [5, 6, 7], method: 'multibanco', household: 4 });
    expect(field(element, 'Valor')).to.equal('39,00\u00a0€');
  });
});
