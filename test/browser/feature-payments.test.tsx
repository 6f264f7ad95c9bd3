// The payments and treasury elements the host's pages place, against the fault server: a
// member's statement with its receipts, the filters above a list (ticked the first time), a
// payment's annulment with its receipt, and each treasury series' next number.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/payments/statement/element.js';
import '../../src/widgets/payments/payment-detail/element.js';
import '../../src/widgets/list-filters/element.js';
import '../../src/widgets/treasury/series/element.js';
import { all, button, cleanupFeatures, control, featureFixture, find, link, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const EURO = (value: string) => value.replace(/\s/g, ' ');

const STATEMENT = {
  member: { _id: 21, number: 7, name: 'Teodora Quintas' },
  standing: { kind: 'em_atraso', yearsOwed: 1, openTotal: 3000, upcomingTotal: 0, credit: 0, oldestDue: '2030-03-31' },
  lines: [
    { date: '2029-03-31', kind: 'debt', id: 31, description: 'Quota 2029', debit: 2400, credit: 0, balance: 2400 },
    { date: '2030-03-31', kind: 'debt', id: 32, description: 'Quota 2030', debit: 3000, credit: 0, balance: 5400 },
    { date: '2030-04-02', kind: 'payment', id: 12, description: 'Pagamento (Transferência)', debit: 0, credit: 2400, balance: 3000, receipt: { _id: 9, number: 'R 2030/4', pdf: 'treasury_docs/9/pdf', annulledBy: null } },
  ],
};

describe('<associa-member-statement>', () => {
  afterEach(cleanupFeatures);

  it('shows the lines with the running balance and totals, the standing, and each receipt linked to its page', async () => {
    const { f, place, logIn, navigations } = featureFixture();
    logIn(2, 'Rui Editor', 'editor');
    await f.script({ 'GET /members/21/statement': { body: { data: STATEMENT } } });
    const element = place('associa-member-statement', { 'member-id': '21', 'receipt-path': '/tesoouraria/:id' });
    await waitForText(element, 'Extrato do sócio n.º 7: Teodora Quintas');
    expect(EURO((await find(element, '[data-standing]')).textContent)).to.equal('Em atraso (1 ano, 30,00 €)');
    expect(EURO((await find(element, '[data-open-total]')).textContent)).to.equal('30,00 €');
    expect(all(element, 'tbody tr').map((row) => row.getAttribute('data-kind'))).to.deep.equal(['debt', 'debt', 'payment']);
    expect(EURO(all(element, 'tfoot td').map((cell) => cell.textContent).join(' | '))).to.equal('54,00 € | 24,00 € | 30,00 €');
    const receipt = await link(element, 'Recibo R 2030/4');
    expect(receipt.getAttribute('href')).to.equal('/tesoouraria/9');
    await expectAccessible(element);
    receipt.click();
    expect(navigations).to.deep.equal(['/tesoouraria/9']);
  });

  it('says so when the member does not exist', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(2, 'Rui Editor', 'editor');
    await f.script({ 'GET /members/99/statement': { status: 404, body: { message: 'Não encontrado.' } } });
    const element = place('associa-member-statement', { 'member-id': '99' });
    await waitForText(element, 'Sócio não encontrado.');
  });
});

describe('<associa-payment-detail>', () => {
  afterEach(cleanupFeatures);

  it('lists the debts paid and the receipt, links the statement, and annuls the payment with its receipt for a required reason', async () => {
    const { f, place, logIn, navigations } = featureFixture();
    logIn(1, 'Ana Conceição', 'admin');
    await f.script({
      'GET /payments/12': { body: { data: { _id: 12, member: 21, amount: 2400, credit: 0, annulled_at: null, annul_reason: null } } },
      'GET /payments/12/payment_allocations': { body: { data: [{ _id: 1, payment: 12, debt: 31, amount: 2400 }], meta: { total: 1 } } },
      'GET /members/21/unsettled_payments': { body: { data: [{ _id: 31, description: 'Quota 2029', due_date: '2029-03-31', status: 'paid', open_amount: 0 }], meta: { total: 1 } } },
      'GET /members/21/statement': { body: { data: STATEMENT } },
      'POST /payments/12/annul': { body: { data: { _id: 12 } } },
    });
    const element = place('associa-payment-detail', { 'payment-id': '12', 'statement-path': '/quotas/dividas/:memberId', 'receipt-path': '/tesoouraria/:id' });
    await waitForText(element, 'Quota 2029');
    expect(EURO((await find(element, '[data-payment] tbody tr')).textContent)).to.contain('31/03/2029').and.contain('24,00 €');
    await waitUntil(() => element.shadowRoot!.querySelector('[data-payment-receipt]'), 'no receipt shown');
    expect((await link(element, 'Recibo R 2030/4')).getAttribute('href')).to.equal('/tesoouraria/9');
    (await link(element, 'Ver extrato')).click();
    expect(navigations).to.deep.equal(['/quotas/dividas/21']);

    (await button(element, 'Anular pagamento')).click();
    await waitForText(element, 'Anular este pagamento?');
    const confirm = all<HTMLButtonElement>(element, 'dialog[open] button').find((b) => b.textContent === 'Anular pagamento')!;
    confirm.click();
    await waitForText(element, 'Indique o motivo da anulação.');
    expect(await f.requests('POST', '/payments/12/annul')).to.have.length(0);
    type(await control<HTMLTextAreaElement>(element, 'Motivo'), 'Transferência devolvida');
    confirm.click();
    await waitUntil(async () => (await f.requests('POST', '/payments/12/annul')).length === 1, 'the annulment was not sent');
    expect((await f.requests('POST', '/payments/12/annul'))[0]!.body).to.deep.equal({ reason: 'Transferência devolvida', annul_receipt: true });
  });
});

describe('<associa-list-filters>', () => {
  afterEach(cleanupFeatures);

  it('ticks "only who owes now" the first time, and filters the list store by ranges and the declared filters', async () => {
    const { f, core, place, logIn } = featureFixture();
    logIn(2, 'Rui Editor', 'editor');
    await f.script({
      'GET /explainer': {
        body: { data: { member_balances: { label: 'Dívidas', fields: [], filters: [{ name: 'standing', label: 'Situação', options: [{ value: 'em_atraso', label: 'Em atraso' }] }] } } },
      },
      'GET /member_balances': { body: { data: [], meta: { total: 0 } } },
    });
    await core.explainer.load();
    // The list element made the store first, without the filter.
    const store = core.list('member_balances');
    const element = place('associa-list-filters', { resource: 'member_balances' });
    const owing = await control(element, 'Só quem tem dívidas vencidas (sem marcar: também quem só tem dívidas a vencer)');
    await waitUntil(() => owing.checked, 'not ticked the first time');
    expect(store.query.value.constraints).to.include({ open_total_gte: '1' });
    (await control<HTMLSelectElement>(element, 'Situação')).value = 'em_atraso';
    (await control<HTMLSelectElement>(element, 'Situação')).dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => store.query.value.constraints.standing === 'em_atraso', 'the declared filter was not applied');
    type(await control(element, 'Vencimento mais antigo: de'), '2029-01-01');
    await waitUntil(() => store.query.value.constraints.oldest_due_gte === '2029-01-01', 'the range was not applied');
    owing.click();
    await waitUntil(() => store.query.value.constraints.open_total_gte === undefined, 'unticking kept the filter');
    await expectAccessible(element);

    // Shown again (another visit): the user's choice stays.
    element.parentElement!.remove();
    const again = place('associa-list-filters', { resource: 'member_balances' });
    const box = await control(again, 'Só quem tem dívidas vencidas (sem marcar: também quem só tem dívidas a vencer)');
    expect(box.checked).to.equal(false);
    expect(store.query.value.constraints.open_total_gte).to.equal(undefined);
  });
});

describe('<associa-treasury-series>', () => {
  afterEach(cleanupFeatures);

  const SERIES = [
    { type: 'quota', label: 'Recibos de quota', year: 2030, prefix: 'R', last_number: 41, next: 42 },
    { type: 'donation', label: 'Recibos de donativo', year: 2030, prefix: 'D', last_number: 0, next: 1 },
  ];

  it('lets an administrator move a series forward, and shows the server’s refusal in its words', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana Conceição', 'admin');
    await f.script({
      'GET /settings': { body: { data: [{ name: 'hasTreasury', value: 'true' }], meta: { total: 1 } } },
      'GET /treasury_series': { body: { data: SERIES } },
      'PUT /treasury_series/quota/2030': [
        { status: 409, body: { message: 'O número 40 já foi emitido nesta série.' } },
        { body: { data: { ...SERIES[0], next: 60 } } },
      ],
    });
    const element = place('associa-treasury-series');
    await waitForText(element, 'R 2030/41');
    expect(text(element)).to.contain('Nenhum');
    const next = await find<HTMLInputElement>(element, 'input[aria-label="Próximo número: Recibos de quota"]');
    type(next, '40');
    (await find(element, '[data-series="quota"] button')).click();
    await waitForText(element, 'O número 40 já foi emitido nesta série.');
    type(next, '60');
    (await find(element, '[data-series="quota"] button')).click();
    await waitForText(element, 'O próximo documento será o R 2030/60.');
    expect((await f.requests('PUT', '/treasury_series/quota/2030')).map((r) => r.body)).to.deep.equal([{ next: 40 }, { next: 60 }]);
    await expectAccessible(element);
  });

  it('shows an editor the numbers without a way to change them, and nothing while the treasury is off', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(2, 'Rui Editor', 'editor');
    await f.script({
      'GET /settings': { body: { data: [{ name: 'hasTreasury', value: 'true' }], meta: { total: 1 } } },
      'GET /treasury_series': { body: { data: SERIES } },
    });
    const element = place('associa-treasury-series');
    await waitForText(element, 'R 2030/42');
    expect(text(element)).to.contain('Só um administrador o pode mudar.');
    expect(all(element, 'input')).to.have.length(0);
  });
});
