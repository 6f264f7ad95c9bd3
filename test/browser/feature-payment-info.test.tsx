import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/payment-info/element.js';
import { all, button, cleanupFeatures, control, featureFixture, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const TOKEN = 'Tk_abcdefghijklmnopqrstuvwxyz0123456789ABCD';
const INFO_PATH = `/payment_info/${TOKEN}`;

const INFO = {
  association: 'Associação Recreativa de Teste',
  first_name: 'Rui',
  debts: [
    { id: 4, description: 'Jóia', due_date: '2024-01-15', open_amount: 1000 },
    { id: 2, description: 'Quota de 2024', due_date: '2024-03-31', open_amount: 1500 },
    { id: 3, description: 'Quota de 2025', due_date: '2025-03-31', open_amount: 2400 },
  ],
  total: 4900,
  methods: ['multibanco', 'mbway'],
  request: null,
};

const REQUEST = { id: 51, method: 'multibanco', state: 'pending', amount: 3900, entity: '99999', reference: '999004243', expires_at: '2026-12-01T10:00:00.000Z', paid_at: null };

/** Rows as [description, due date, open amount]. */
const rows = (element: HTMLElement) => all(element, 'tbody tr').map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent ?? ''));
const selectedTotal = (element: HTMLElement) => all(element, '[data-total]')[0]?.textContent ?? '';
const field = (element: HTMLElement, name: string) => all(element, `dd[data-field="${name}"]`)[0]?.textContent ?? '';

function tick(element: HTMLElement, description: string): void {
  all<HTMLInputElement>(element, 'tbody input[type="checkbox"]').find((box) => box.getAttribute('aria-label') === `Pagar ${description}`)!.click();
}

describe('<associa-payment-info>', () => {
  afterEach(cleanupFeatures);

  it('lists the open debts, all ticked, and gets a Multibanco reference for those left ticked', async () => {
    const { f, place } = featureFixture();
    await f.script({ [`GET ${INFO_PATH}`]: { body: { data: INFO } }, [`POST ${INFO_PATH}/requests`]: { status: 201, body: { data: REQUEST } } });
    const element = place('associa-payment-info', { token: TOKEN });
    await waitForText(element, 'Olá, Rui');
    await expectAccessible(element);
    expect(text(element)).to.contain('Associação Recreativa de Teste');
    expect(rows(element)).to.deep.equal([
      ['Jóia', '15/01/2024', '10,00\u00a0€'],
      ['Quota de 2024', '31/03/2024', '15,00\u00a0€'],
      ['Quota de 2025', '31/03/2025', '24,00\u00a0€'],
    ]);
    expect(all<HTMLInputElement>(element, 'tbody input[type="checkbox"]').every((box) => box.checked)).to.equal(true);
    expect(selectedTotal(element)).to.equal('49,00\u00a0€');
    tick(element, 'Jóia');
    await waitUntil(() => selectedTotal(element) === '39,00\u00a0€', `total after unticking: ${selectedTotal(element)}`);
    (await button(element, 'Obter referência Multibanco')).click();
    await waitForText(element, 'Dados para pagamento');
    const [post] = await f.requests('POST', `${INFO_PATH}/requests`);
    expect(post!.body).to.deep.equal({ debts: [2, 3], method: 'multibanco' });
    expect(field(element, 'Entidade')).to.equal('99999');
    expect(field(element, 'Referência')).to.equal('999 004 243');
    expect(field(element, 'Valor')).to.equal('39,00\u00a0€');
    expect(field(element, 'Válido até')).to.contain('01/12/2026');
    expect(field(element, 'Estado')).to.equal('Por pagar');
    expect(all(element, 'button').map((b) => b.getAttribute('aria-label'))).to.include.members(['Copiar entidade', 'Copiar referência', 'Copiar valor']);
    // No session token goes with the public calls.
    expect(post!.headers.authorization).to.equal(undefined);
  });

  it('shows "Pago" live when the payment lands', async () => {
    const { f, place } = featureFixture();
    await f.script({
      [`GET ${INFO_PATH}`]: { body: { data: { ...INFO, request: REQUEST } } },
      [`GET ${INFO_PATH}/requests/51`]: [{ body: { data: REQUEST } }, { body: { data: { ...REQUEST, state: 'paid', paid_at: '2026-11-27T09:00:00.000Z' } } }],
    });
    const element = place('associa-payment-info', { token: TOKEN });
    await waitForText(element, 'Por pagar');
    expect(field(element, 'Referência')).to.equal('999 004 243');
    await waitForText(element, 'Pago. Obrigado!', 9000);
    expect(field(element, 'Estado')).to.equal('Pago');
  });

  it('asks MB WAY for a Portuguese mobile before sending, then shows its state', async () => {
    const { f, place } = featureFixture();
    const mbway = { ...REQUEST, id: 52, method: 'mbway', entity: null, reference: null, amount: 4900 };
    await f.script({ [`GET ${INFO_PATH}`]: { body: { data: INFO } }, [`POST ${INFO_PATH}/requests`]: { status: 201, body: { data: mbway } } });
    const element = place('associa-payment-info', { token: TOKEN });
    await waitForText(element, 'Olá, Rui');
    all<HTMLInputElement>(element, 'input[type="radio"]').find((r) => r.value === 'mbway')!.click();
    type(await control(element, 'Telemóvel (MB WAY)'), '212345678');
    (await button(element, 'Pagar com MB WAY')).click();
    await waitForText(element, 'Indique um telemóvel português');
    expect(await f.requests('POST', `${INFO_PATH}/requests`)).to.have.length(0);
    type(await control(element, 'Telemóvel (MB WAY)'), '912 345 678');
    (await button(element, 'Pagar com MB WAY')).click();
    await waitForText(element, 'Aceite o pagamento na aplicação MB WAY');
    const [post] = await f.requests('POST', `${INFO_PATH}/requests`);
    expect(post!.body).to.deep.equal({ debts: [4, 2, 3], method: 'mbway', phone: '912345678' });
  });

  it('names only the ways to pay the association takes: Multibanco alone says nothing of MB WAY', async () => {
    const { f, place } = featureFixture();
    await f.script({ [`GET ${INFO_PATH}`]: { body: { data: { ...INFO, methods: ['multibanco'], transfer: null } } } });
    const element = place('associa-payment-info', { token: TOKEN });
    await waitForText(element, 'Olá, Rui');
    expect(text(element)).to.contain('Escolha o que quer pagar e como: pode pagar por referência Multibanco.');
    expect(text(element)).to.not.contain('MB WAY');
    expect(all(element, 'input[type="radio"]')).to.have.length(1);
  });

  it('offers a bank transfer with the IBAN, the chosen amount and the description, when the association has an IBAN', async () => {
    const { f, place } = featureFixture();
    const transfer = { iban: 'PT50000201231234567890154', description: 'Sócio 42' };
    await f.script({ [`GET ${INFO_PATH}`]: { body: { data: { ...INFO, transfer } } } });
    const element = place('associa-payment-info', { token: TOKEN });
    await waitForText(element, 'Olá, Rui');
    expect(text(element)).to.contain('pode pagar por referência Multibanco, por MB WAY ou por transferência bancária.');
    tick(element, 'Jóia');
    all<HTMLInputElement>(element, 'input[type="radio"]').find((r) => r.value === 'transfer')!.click();
    await waitForText(element, 'Faça a transferência para o IBAN da associação');
    expect(field(element, 'IBAN')).to.equal('PT50 0002 0123 1234 5678 9015 4');
    expect(field(element, 'Valor')).to.equal('39,00\u00a0€');
    expect(field(element, 'Descritivo')).to.equal('Sócio 42');
    await expectAccessible(element);
    expect(await f.requests('POST', `${INFO_PATH}/requests`)).to.have.length(0);
  });

  it('shows a clear pt-PT page for an unknown or expired link', async () => {
    const { f, place } = featureFixture();
    await f.script({ [`GET ${INFO_PATH}`]: { status: 404, body: { message: 'x', code: 'payment_link_invalid' } } });
    const element = place('associa-payment-info', { token: TOKEN });
    await waitForText(element, 'Ligação inválida ou expirada');
    expect(text(element)).to.contain('Peça uma nova ligação à associação.');
  });
});
