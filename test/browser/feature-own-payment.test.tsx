import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/payment-debts/element.js';
import { all, button, cleanupFeatures, control, featureFixture, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

// A member pays from their dashboard (issue 28): in <associa-payment-debts> without member-id,
// *Pagar* on the ticked debts opens the payment link page's choices; the request is the member's
// own (POST /payment_requests/own) and its state follows over realtime.

const debt = (id: number, description: string, open: number, due: string) => ({
  _id: id,
  _version: 1,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  member: 31,
  kind: 'quota',
  year: Number(due.slice(0, 4)),
  period: null,
  amount: open,
  paid: 0,
  open_amount: open,
  due_date: due,
  description,
  status: 'open',
});

const DEBTS = [debt(2, 'Quota de 2025', 2400, '2025-03-31'), debt(3, 'Quota de 2026', 2600, '2026-03-31'), debt(4, 'Quota de 2099', 2800, '2099-01-31')];
const list = (items: unknown[]) => ({ body: { data: items, meta: { total: items.length } } });
const IBAN = 'PT50000201231234567890154';
const OPTIONS = { methods: ['multibanco', 'mbway'], transfer: { iban: IBAN, description: 'Sócio 123' } };
const REQUEST = { _id: 61, _version: 1, member: 31, debts: [2, 4], method: 'multibanco', amount: 5200, entity: '99998', reference: '123004567', phone: null, expires_at: '2099-12-01T10:00:00.000Z', state: 'pending', payment: null, paid_at: null };
const PAID = { ...REQUEST, _version: 2, state: 'paid', payment: 90, paid_at: '2026-05-04T10:11:12.000Z' };

const field = (element: HTMLElement, name: string) => all(element, `dd[data-field="${name}"]`)[0]?.textContent ?? '';
const tick = (element: HTMLElement, description: string) =>
  all<HTMLInputElement>(element, 'tbody input[type="checkbox"]').find((box) => box.getAttribute('aria-label') === `Selecionar ${description}`)!.click();
const radio = (element: HTMLElement, value: string) => all<HTMLInputElement>(element, 'input[type="radio"]').find((r) => r.value === value);
/** A way to pay, once the choices are drawn (they follow the payment options the server lists). */
async function choose(element: HTMLElement, value: string): Promise<void> {
  await waitUntil(() => radio(element, value), `no "${value}" choice`);
  radio(element, value)!.click();
}

async function member(script: Record<string, unknown>) {
  const fixture = featureFixture();
  fixture.logIn(7, 'Rita Lopes', 'member');
  await fixture.f.script({ 'GET /users/7': { body: { data: { _id: 7, created_at: '', member: 31, username: 'rita' } } }, 'GET /members/31/unsettled_payments': list(DEBTS), ...script });
  const element = fixture.place('associa-payment-debts');
  await waitForText(element, 'Quota de 2025');
  return { ...fixture, element };
}

describe('<associa-payment-debts>: a member pays their own debts', () => {
  afterEach(cleanupFeatures);

  it('asks for a Multibanco reference for the ticked debts, a not yet due one too, and shows "Pago" when the realtime event says so', async () => {
    const { f, core, element } = await member({
      'GET /payment_options': { body: { data: OPTIONS } },
      'POST /payment_requests/own': { status: 201, body: { data: REQUEST } },
      'GET /payment_requests/61': [{ body: { data: REQUEST } }, { body: { data: PAID } }],
    });
    tick(element, 'Quota de 2025');
    tick(element, 'Quota de 2099');
    (await button(element, 'Pagar')).click();
    await waitForText(element, 'Pagar 2 dívidas: 52,00\u00a0€');
    // The choices come with the payment options' answer, which may arrive after the title (it did under load).
    await waitUntil(() => radio(element, 'multibanco'), 'no payment choices');
    expect(all(element, 'input[type="radio"]').map((r) => (r as HTMLInputElement).value)).to.deep.equal(['multibanco', 'mbway', 'transfer']);
    await expectAccessible(element);
    (await button(element, 'Obter referência Multibanco')).click();
    await waitForText(element, 'Dados para pagamento');
    const [post] = await f.requests('POST', '/payment_requests/own');
    expect(post!.body).to.deep.equal({ debts: [2, 4], method: 'multibanco' });
    expect(field(element, 'Entidade')).to.equal('99998');
    expect(field(element, 'Referência')).to.equal('123 004 567');
    expect(field(element, 'Valor')).to.equal('52,00\u00a0€');
    expect(field(element, 'Estado')).to.equal('Por pagar');
    expect(all(element, 'button').map((b) => b.getAttribute('aria-label'))).to.include.members(['Copiar entidade', 'Copiar referência', 'Copiar valor']);
    await expectAccessible(element);

    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
    await f.wsSend({ topic: 'payment_requests changed', payload: { resource: 'payment_requests', action: 'updated', id: 61 } });
    await waitForText(element, 'Pago. Obrigado! O pagamento já foi registado.');
    expect(field(element, 'Estado')).to.equal('Pago');
    expect(await f.requests('GET', '/payment_requests/61')).to.have.length(2);
    // Paid: nothing is left to type at an ATM, so nothing to copy.
    expect(all(element, 'button').filter((b) => b.textContent === 'Copiar')).to.have.length(0);
  });

  it('sends MB WAY to a Portuguese mobile only, then says to accept it in the app', async () => {
    const mbway = { ...REQUEST, method: 'mbway', entity: null, reference: null, phone: '912345678', amount: 2400, debts: [2] };
    const { f, element } = await member({
      'GET /payment_options': { body: { data: OPTIONS } },
      'POST /payment_requests/own': { status: 201, body: { data: mbway } },
      'GET /payment_requests/61': { body: { data: mbway } },
    });
    tick(element, 'Quota de 2025');
    (await button(element, 'Pagar')).click();
    await waitForText(element, 'Pagar 1 dívida: 24,00\u00a0€');
    await choose(element, 'mbway');
    type(await control(element, 'Telemóvel (MB WAY)'), '212345678');
    (await button(element, 'Pagar com MB WAY')).click();
    await waitForText(element, 'Indique um telemóvel português');
    expect(await f.requests('POST', '/payment_requests/own')).to.have.length(0);
    type(await control(element, 'Telemóvel (MB WAY)'), '+351 912 345 678');
    (await button(element, 'Pagar com MB WAY')).click();
    await waitForText(element, 'Aceite o pagamento na aplicação MB WAY do seu telemóvel.');
    expect((await f.requests('POST', '/payment_requests/own'))[0]!.body).to.deep.equal({ debts: [2], method: 'mbway', phone: '912345678' });
    expect(text(element)).to.contain('Pagamento por MB WAY');
    // The push carries the amount: nothing to copy.
    expect(all(element, 'button').filter((b) => b.textContent === 'Copiar')).to.have.length(0);
    await expectAccessible(element);
  });

  it('shows what the server refuses next to the phone or below, in pt-PT', async () => {
    const { element } = await member({
      'GET /payment_options': { body: { data: OPTIONS } },
      'POST /payment_requests/own': { status: 422, body: { message: 'Dados inválidos.', code: 'validation_failed', errors: { debts: 'Só pode escolher dívidas em aberto da lista.' } } },
    });
    tick(element, 'Quota de 2026');
    (await button(element, 'Pagar')).click();
    (await button(element, 'Obter referência Multibanco')).click();
    await waitForText(element, 'Só pode escolher dívidas em aberto da lista.');
  });

  it('gives the IBAN, the amount and the description of a bank transfer, asking the provider nothing', async () => {
    const { f, element } = await member({ 'GET /payment_options': { body: { data: OPTIONS } } });
    tick(element, 'Quota de 2026');
    (await button(element, 'Pagar')).click();
    await waitForText(element, 'Transferência bancária');
    await choose(element, 'transfer');
    await waitForText(element, 'Faça a transferência para o IBAN da associação');
    expect(field(element, 'IBAN')).to.equal('PT50 0002 0123 1234 5678 9015 4');
    expect(field(element, 'Valor')).to.equal('26,00\u00a0€');
    expect(field(element, 'Descritivo')).to.equal('Sócio 123');
    expect(all(element, 'button').map((b) => b.getAttribute('aria-label'))).to.include.members(['Copiar iban', 'Copiar valor', 'Copiar descritivo']);
    await expectAccessible(element);
    expect(await f.requests('POST', '/payment_requests/own')).to.have.length(0);
  });

  it('asks to tick debts first, and mentions no method the association does not take', async () => {
    const { element } = await member({ 'GET /payment_options': { body: { data: { methods: ['multibanco'], transfer: null } } } });
    (await button(element, 'Pagar')).click();
    await waitForText(element, 'Escolha as dívidas que quer pagar e carregue em Pagar.');
    tick(element, 'Quota de 2025');
    (await button(element, 'Pagar')).click();
    await waitForText(element, 'Obter referência Multibanco');
    expect(text(element)).to.not.contain('MB WAY');
    expect(text(element)).to.not.contain('Transferência');
  });

  it('says so when the association takes no payments here yet', async () => {
    const { element } = await member({ 'GET /payment_options': { body: { data: { methods: [], transfer: null } } } });
    tick(element, 'Quota de 2025');
    (await button(element, 'Pagar')).click();
    await waitForText(element, 'A associação ainda não aceita pagamentos por esta página: contacte-a.');
    expect(all(element, 'input[type="radio"]')).to.have.length(0);
  });

  it('staff record payments instead: no *Pagar*', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    await f.script({ 'GET /members/31/unsettled_payments': list(DEBTS) });
    const element = place('associa-payment-debts', { 'member-id': '31' });
    await waitForText(element, 'Quota de 2025');
    expect(all(element, 'button').map((b) => b.textContent)).to.include('Registar pagamento').and.not.include('Pagar');
  });
});
