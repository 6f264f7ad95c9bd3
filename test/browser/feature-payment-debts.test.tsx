import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/payment-debts/element.js';
import { periodText } from '../../src/widgets/payment-debts/ledger.js';
import type { UnsettledPayment as Debt } from '../../src/core/index.js';
import { all, button, cleanupFeatures, control, featureFixture, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const debt = (id: number, fields: Pick<Debt, 'year' | 'amount' | 'open_amount' | 'due_date' | 'description' | 'status'> & Partial<Debt>) => ({
  _id: id,
  _version: 1,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  member: 31,
  household: null,
  kind: 'quota',
  period: null,
  paid: 0,
  resolution_reason: null,
  resolved_by: null,
  resolved_at: null,
  ...fields,
});

const DEBTS = [
  debt(3, { year: 2025, amount: 2400, open_amount: 2400, due_date: '2025-03-31', description: 'Quota de 2025', status: 'open' }),
  debt(1, { year: 2023, amount: 2400, paid: 2400, open_amount: 0, due_date: '2023-03-31', description: 'Quota de 2023', status: 'paid' }),
  debt(2, { year: 2024, amount: 2400, paid: 900, open_amount: 1500, due_date: '2024-03-31', description: 'Quota de 2024', status: 'partial' }),
  debt(4, { kind: 'joia', year: 2024, amount: 1000, open_amount: 1000, due_date: '2024-01-15', description: 'Jóia', status: 'open' }),
  debt(5, { year: 2022, amount: 2400, open_amount: 2400, due_date: '2022-03-31', description: 'Quota de 2022', status: 'waived' }),
];
const settled = (d: Debt): Debt => ({ ...d, paid: d.amount, open_amount: 0, status: 'paid' });
const list = (items: unknown[]) => ({ body: { data: items, meta: { total: items.length } } });
const DEBTS_PATH = '/members/31/unsettled_payments';

/** Rows as [description, period, due date, open amount]. */
function rows(element: HTMLElement): string[][] {
  return all(element, 'tbody tr').map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent ?? ''));
}

function totals(element: HTMLElement): Record<string, string> {
  return Object.fromEntries(all(element, 'tfoot tr').map((tr) => [tr.getAttribute('data-total'), tr.querySelector('[data-amount]')?.textContent ?? '']));
}

function tick(element: HTMLElement, description: string): void {
  all<HTMLInputElement>(element, 'tbody input[type="checkbox"]').find((box) => box.getAttribute('aria-label') === `Selecionar ${description}`)!.click();
}

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

describe('<associa-payment-debts>', () => {
  afterEach(cleanupFeatures);

  it('names the period from the year and the part of it the description ends with', () => {
    expect(periodText({ year: 2026, period: 1, description: 'Quota 2026' })).to.equal('2026');
    expect(periodText({ year: 2026, period: 2, description: 'Quota 2026 (2.º semestre)' })).to.equal('2.º semestre de 2026');
    expect(periodText({ year: 2026, period: 3, description: 'Quota 2026 (3.º trimestre)' })).to.equal('3.º trimestre de 2026');
    expect(periodText({ year: 2026, period: 3, description: 'Quota 2026 (março)' })).to.equal('março de 2026');
    // A manual debt's own words in brackets are not a period.
    expect(periodText({ year: 2025, period: null, description: 'Obras (acordo de 2024)' })).to.equal('2025');
    expect(periodText({ year: 2025, period: 4, description: 'Quota' })).to.equal('2025, período 4');
  });

  it('lists the open debts, oldest first, with the total owed and the total of the selection', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(2, 'Rui Editor', 'editor');
    await f.script({ [`GET ${DEBTS_PATH}`]: list(DEBTS) });
    const element = place('associa-payment-debts', { 'member-id': '31' });
    await waitForText(element, 'Quota de 2025');
    await expectAccessible(element);
    expect(rows(element)).to.deep.equal([
      ['Jóia', '2024', '15/01/2024', '10,00\u00a0€'],
      ['Quota de 2024parcialmente paga', '2024', '31/03/2024', '15,00\u00a0€'],
      ['Quota de 2025', '2025', '31/03/2025', '24,00\u00a0€'],
    ]);
    expect(totals(element)).to.deep.equal({ selected: '0,00\u00a0€', open: '49,00\u00a0€' });
    tick(element, 'Quota de 2024');
    tick(element, 'Quota de 2025');
    await waitUntil(() => totals(element).selected === '39,00\u00a0€', `selection total: ${totals(element).selected}`);
    expect(text(element)).to.contain('Selecionadas (2 dívidas)');
    tick(element, 'Quota de 2025');
    await waitUntil(() => totals(element).selected === '15,00\u00a0€', 'unticking did not lower the total');
    // The header box selects every open debt.
    all<HTMLInputElement>(element, 'thead input[type="checkbox"]')[0]!.click();
    await waitUntil(() => totals(element).selected === '49,00\u00a0€', 'select all did not select every debt');
    const [request] = await f.requests('GET', DEBTS_PATH);
    expect(request!.query).to.deep.include({ _limit: '-1' });
  });

  it('marks a debt not yet due as a vencer: listed and payable, counted apart from what is owed', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(2, 'Rui Editor', 'editor');
    const nextYear = new Date().getFullYear() + 1;
    const later = debt(6, { year: nextYear, amount: 3400, open_amount: 3400, due_date: `${nextYear}-12-31`, description: `Quota de ${nextYear}`, status: 'open' });
    await f.script({ [`GET ${DEBTS_PATH}`]: list([...DEBTS, later]) });
    const element = place('associa-payment-debts', { 'member-id': '31' });
    await waitForText(element, `Quota de ${nextYear}`);
    await expectAccessible(element);
    expect(rows(element).at(-1)).to.deep.equal([`Quota de ${nextYear}a vencer a 31/12/${nextYear}`, String(nextYear), `31/12/${nextYear}`, '34,00\u00a0€']);
    expect(totals(element)).to.deep.equal({ selected: '0,00\u00a0€', open: '49,00\u00a0€', upcoming: '34,00\u00a0€' });
    tick(element, `Quota de ${nextYear}`);
    await waitUntil(() => totals(element).selected === '34,00\u00a0€', `selection total: ${totals(element).selected}`);
  });

  it('records a payment for the selected debts: posts them, emits associa-payment-recorded and reads the debts again', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(2, 'Rui Editor', 'editor');
    const payment = { _id: 77, member: 31, date: today(), amount: 3900, allocated: 3900, credit: 0, method: 'mbway', reference: 'MB-123', notes: null };
    await f.script({
      [`GET ${DEBTS_PATH}`]: [list(DEBTS), list([DEBTS[3], settled(DEBTS[0]!), settled(DEBTS[2]!)])],
      'POST /payments/record': { status: 201, body: { data: { payment, allocations: [{ debt: 2, amount: 1500 }, { debt: 3, amount: 2400 }], credit: 0 } } },
    });
    const element = place('associa-payment-debts', { 'member-id': '31' });
    const recorded: unknown[] = [];
    element.addEventListener('associa-payment-recorded', (e) => recorded.push(e.detail));
    await waitForText(element, 'Quota de 2025');
    tick(element, 'Quota de 2024');
    tick(element, 'Quota de 2025');
    (await button(element, 'Registar pagamento')).click();
    expect((await control(element, 'Data')).value).to.equal(today());
    const amount = await control(element, 'Valor (€)');
    await waitUntil(() => amount.value === '39,00', `amount not filled from the selection: ${amount.value}`);
    const method = await control<HTMLSelectElement>(element, 'Meio de pagamento');
    method.value = 'mbway';
    method.dispatchEvent(new Event('change', { bubbles: true }));
    type(await control(element, 'Referência'), ' MB-123 ');
    (await button(element, 'Registar')).click();
    await waitForText(element, 'Pagamento de 39,00\u00a0€ registado.');
    const [post] = await f.requests('POST', '/payments/record');
    expect(post!.body).to.deep.equal({ member: 31, date: today(), amount: 3900, method: 'mbway', reference: 'MB-123', debts: [2, 3] });
    expect(recorded).to.deep.equal([payment]);
    // Read again after the write: only the joining fee is left.
    await waitUntil(() => rows(element).length === 1, 'the debts were not read again');
    expect(rows(element)[0]![0]).to.equal('Jóia');
    expect(totals(element)).to.deep.equal({ selected: '0,00\u00a0€', open: '10,00\u00a0€' });
    expect(all(element, 'form')).to.have.length(0);
  });

  it('without a selection sends no debts (the server settles the oldest first), with the amount typed', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    const payment = { _id: 78, member: 31, date: today(), amount: 5000, method: 'numerario' };
    await f.script({
      [`GET ${DEBTS_PATH}`]: list(DEBTS),
      'POST /payments/record': { status: 201, body: { data: { payment, allocations: [{ debt: 4, amount: 1000 }, { debt: 2, amount: 1500 }, { debt: 3, amount: 2400 }], credit: 100 } } },
    });
    const element = place('associa-payment-debts', { 'member-id': '31' });
    (await button(element, 'Registar pagamento')).click();
    await waitForText(element, 'Sem dívidas selecionadas, o valor paga primeiro as dívidas mais antigas.');
    const method = await control<HTMLSelectElement>(element, 'Meio de pagamento');
    method.value = 'numerario';
    method.dispatchEvent(new Event('change', { bubbles: true }));
    type(await control(element, 'Valor (€)'), '50');
    (await button(element, 'Registar')).click();
    await waitForText(element, 'Ficou um crédito de 1,00\u00a0€');
    const [post] = await f.requests('POST', '/payments/record');
    expect(post!.body).to.deep.equal({ member: 31, date: today(), amount: 5000, method: 'numerario' });
  });

  it('checks the form before sending and shows what the server refuses, in pt-PT', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    await f.script({
      [`GET ${DEBTS_PATH}`]: list(DEBTS),
      'POST /payments/record': [
        { status: 422, body: { message: 'Dados inválidos.', errors: { amount: 'O valor excede o que as dívidas selecionadas têm em aberto.', debts: 'A dívida 9 não é deste sócio.' } } },
        { status: 409, body: { message: 'A dívida já foi anulada.', code: 'debt_not_open' } },
      ],
    });
    const element = place('associa-payment-debts', { 'member-id': '31' });
    (await button(element, 'Registar pagamento')).click();
    type(await control(element, 'Valor (€)'), '0');
    (await button(element, 'Registar')).click();
    await waitForText(element, 'Escolha o meio de pagamento.');
    expect(text(element)).to.contain('O valor tem de ser maior do que zero.');
    type(await control(element, 'Valor (€)'), '1 000 000,00');
    (await button(element, 'Registar')).click();
    await waitForText(element, 'O valor não pode ser superior a 999 999,99 €.');
    type(await control(element, 'Valor (€)'), 'vinte');
    (await button(element, 'Registar')).click();
    await waitForText(element, 'Indique um valor em euros, por exemplo 24,50.');
    expect(await f.requests('POST', '/payments/record')).to.have.length(0);

    const method = await control<HTMLSelectElement>(element, 'Meio de pagamento');
    method.value = 'cheque';
    method.dispatchEvent(new Event('change', { bubbles: true }));
    type(await control(element, 'Valor (€)'), '24,00');
    (await button(element, 'Registar')).click();
    await waitForText(element, 'O valor excede o que as dívidas selecionadas têm em aberto.');
    expect(text(element)).to.contain('A dívida 9 não é deste sócio.');
    expect((await control(element, 'Valor (€)')).getAttribute('aria-invalid')).to.equal('true');
    (await button(element, 'Registar')).click();
    await waitForText(element, 'A dívida já foi anulada.');
    expect(await f.requests('POST', '/payments/record')).to.have.length(2);
  });

  it("shows a member their own debts, read through their user record, with no record button", async () => {
    const { f, place, logIn } = featureFixture();
    logIn(7, 'Rita Lopes', 'member');
    await f.script({
      'GET /users/7': { body: { data: { _id: 7, created_at: '', member: 31, username: 'rita' } } },
      [`GET ${DEBTS_PATH}`]: list(DEBTS),
    });
    const element = place('associa-payment-debts');
    await waitForText(element, 'Quota de 2025');
    expect(all(element, 'button').map((b) => b.textContent)).to.not.include('Registar pagamento');
    // A member may still tick debts to see what they add up to.
    tick(element, 'Jóia');
    await waitUntil(() => totals(element).selected === '10,00\u00a0€', 'the member cannot select');
    expect(await f.requests('POST', '/payments/record')).to.have.length(0);
  });

  it('a member given another member-id sees what the server answers: not found', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(7, 'Rita Lopes', 'member');
    await f.script({ 'GET /members/40/unsettled_payments': { status: 404, body: { message: 'Registo não encontrado.' } } });
    const element = place('associa-payment-debts', { 'member-id': '40' });
    await waitForText(element, 'Sócio não encontrado.');
    expect(all(element, 'button').map((b) => b.textContent)).to.not.include('Registar pagamento');
  });

  it("says 'Sem dívidas em aberto.' when nothing is open", async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    await f.script({ [`GET ${DEBTS_PATH}`]: list([DEBTS[1], DEBTS[4]]) });
    const element = place('associa-payment-debts', { 'member-id': '31' });
    await waitForText(element, 'Sem dívidas em aberto.');
    expect(all(element, 'table')).to.have.length(0);
  });

  it('offers a retry when the debts cannot be read, and asks for a login without a session', async () => {
    const { f, place, logIn } = featureFixture();
    await f.script({ [`GET ${DEBTS_PATH}`]: [{ status: 500, body: { message: 'x' } }, list(DEBTS)] });
    const element = place('associa-payment-debts', { 'member-id': '31' });
    await waitForText(element, 'Precisa de iniciar sessão para ver esta página.');
    expect(await f.requests('GET', DEBTS_PATH)).to.have.length(0);
    logIn();
    await waitForText(element, 'Não foi possível carregar as dívidas.');
    (await button(element, 'Tentar novamente')).click();
    await waitForText(element, 'Quota de 2025');
  });

  it('reads the debts again when a payment is recorded elsewhere (realtime)', async () => {
    const { f, place, logIn, core } = featureFixture();
    logIn();
    await f.script({ [`GET ${DEBTS_PATH}`]: [list(DEBTS), list([DEBTS[3]])] });
    const element = place('associa-payment-debts', { 'member-id': '31' });
    await waitForText(element, 'Quota de 2025');
    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
    await f.wsSend({ topic: 'payment_allocations changed', payload: { resource: 'payment_allocations', action: 'created', id: 9 } });
    await waitUntil(() => rows(element).length === 1, 'a change of payment_allocations did not refresh the debts');
  });
});
