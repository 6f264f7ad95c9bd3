// <associa-request-payment> against the fault server: "Pedir pagamento" on a member's statement,
// a Multibanco reference for the ticked debts or an MB WAY request followed live.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/collecting/request-payment/element.js';
import { all, button, cleanupFeatures, featureFixture, find, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const explainer = (served = true) => ({ body: { data: { members: { label: 'Sócios', fields: [] }, ...(served ? { payment_requests: { label: 'Pedidos', fields: [] } } : {}) } } });
const flat = (element: HTMLElement) => text(element).replace(/\s+/g, ' ');

describe('<associa-request-payment>', () => {
  afterEach(cleanupFeatures);

  it('creates a Multibanco reference for the ticked debts and shows entity, reference and amount', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'GET /explainer': explainer(),
      'GET /unsettled_payments': {
        body: {
          data: [
            { _id: 31, description: 'Quota 2030', due_date: '2030-12-31', status: 'open', open_amount: 2400 },
            { _id: 32, description: 'Quota 2031', due_date: '2031-03-31', status: 'partial', open_amount: 1000 },
            { _id: 33, description: 'Quota 2029', due_date: '2029-12-31', status: 'paid', open_amount: 0 },
          ],
          meta: { total: 3 },
        },
      },
      'GET /payment_options': { body: { data: { methods: ['multibanco'], transfer: null } } },
      'POST /payment_requests': { status: 201, body: { data: { _id: 1, method: 'multibanco', entity: '99999', reference: '999000123', amount: 3400, state: 'pending', expires_at: '2031-06-30T23:59:59Z' } } },
      'GET /payment_requests/1': { body: { data: { _id: 1, method: 'multibanco', entity: '99999', reference: '999000123', amount: 3400, state: 'pending', expires_at: '2031-06-30T23:59:59Z' } } },
    });
    const element = place('associa-request-payment', { 'member-id': '21' });
    (await button(element, 'Pedir pagamento')).click();
    await waitUntil(() => all(element, 'input[type="checkbox"]').length === 2, 'the open debts were not listed', { timeout: 4000 });
    expect(flat(element)).to.contain('Quota 2030 (31/12/2030)');
    await expectAccessible(element);
    (await button(element, 'Gerar referência Multibanco')).click();
    await waitForText(element, 'Escolha pelo menos uma dívida.');
    for (const box of all<HTMLInputElement>(element, 'input[type="checkbox"]')) box.click();
    await waitUntil(() => flat(element).includes('Total escolhido: 34,00'), 'no total');
    (await button(element, 'Gerar referência Multibanco')).click();
    await find(element, '[data-reference]', 'the reference');
    expect(element.shadowRoot!.querySelector('[data-entity]')!.textContent).to.equal('99999');
    expect(element.shadowRoot!.querySelector('[data-ref]')!.textContent).to.equal('999 000 123');
    expect(element.shadowRoot!.querySelector('[data-reference] [data-amount]')!.textContent).to.equal('34,00\u00a0€');
    expect([...element.shadowRoot!.querySelectorAll('[data-reference] dt')].map((dt) => `${dt.textContent} ${dt.nextElementSibling!.textContent}`)).to.include('Válido até 30/06/2031');
    expect((await f.requests('POST', '/payment_requests'))[0]!.body).to.deep.equal({ member: 21, debts: [31, 32], method: 'multibanco' });
    expect((await f.requests('GET', '/unsettled_payments'))[0]!.query).to.include({ _member: '21' });
    // Multibanco is all the association takes: no choice of method, no MB WAY mentioned.
    expect(all(element, 'input[type="radio"]')).to.have.length(0);
    expect(flat(element)).to.not.contain('MB WAY');
    // Another request starts from the same button, now named for it.
    await button(element, 'Novo pedido');
  });

  it("sends an MB WAY request to the member's mobile when the provider takes it, and follows its state live", async () => {
    const pushed = { _id: 2, method: 'mbway', entity: null, reference: null, phone: '912345678', amount: 2400, state: 'pending', expires_at: '2031-06-30T10:05:00Z' };
    const { f, core, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'GET /explainer': explainer(),
      'GET /unsettled_payments': { body: { data: [{ _id: 31, description: 'Quota 2030', due_date: '2030-12-31', status: 'open', open_amount: 2400 }], meta: { total: 1 } } },
      'GET /payment_options': { body: { data: { methods: ['multibanco', 'mbway'], transfer: null } } },
      'POST /payment_requests': [
        { status: 422, body: { message: 'Dados inválidos.', code: 'validation_failed', errors: { phone: 'Indique um telemóvel português para o MB WAY: 9 algarismos começados por 91, 92, 93 ou 96.' } } },
        { status: 201, body: { data: pushed } },
      ],
      'GET /payment_requests/2': [{ body: { data: pushed } }, { body: { data: { ...pushed, state: 'paid' } } }],
    });
    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
    const element = place('associa-request-payment', { 'member-id': '21' });
    (await button(element, 'Pedir pagamento')).click();
    await waitUntil(() => all(element, 'input[type="radio"]').length === 2, 'no choice of method', { timeout: 4000 });
    all<HTMLInputElement>(element, 'input[type="checkbox"]')[0]!.click();
    element.shadowRoot!.querySelector<HTMLInputElement>('input[type="radio"][value="mbway"]')!.click();
    await button(element, 'Enviar pedido MB WAY');
    const phone = all<HTMLInputElement>(element, 'input[type="tel"]')[0]!;
    type(phone, '212345678');
    (await button(element, 'Enviar pedido MB WAY')).click();
    await waitForText(element, 'Indique um telemóvel português para o MB WAY');
    expect(phone.getAttribute('aria-invalid')).to.equal('true');
    type(phone, '912 345 678');
    (await button(element, 'Enviar pedido MB WAY')).click();
    await waitUntil(() => flat(element).includes('Pedido MB WAY enviado para 912 345 678'), 'no MB WAY request shown', { timeout: 4000 });
    expect((await f.requests('POST', '/payment_requests')).map((r) => r.body)).to.deep.equal([
      { member: 21, debts: [31], method: 'mbway', phone: '212345678' },
      { member: 21, debts: [31], method: 'mbway', phone: '912 345 678' },
    ]);
    await find(element, '[data-state="pending"]', 'the state');
    await f.wsSend({ topic: 'payment_requests changed', payload: { resource: 'payment_requests', action: 'updated', id: 2 } });
    await waitUntil(() => element.shadowRoot!.querySelector('[data-state="paid"]')?.textContent === 'Pago', 'the state did not follow the realtime event', { timeout: 4000 });
  });

  it('says when the association takes no method the request could use', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'GET /explainer': explainer(),
      'GET /unsettled_payments': { body: { data: [{ _id: 31, description: 'Quota 2030', due_date: '2030-12-31', status: 'open', open_amount: 2400 }], meta: { total: 1 } } },
      'GET /payment_options': { body: { data: { methods: [], transfer: null } } },
    });
    const element = place('associa-request-payment', { 'member-id': '21' });
    (await button(element, 'Pedir pagamento')).click();
    await waitForText(element, 'A associação ainda não aceita pagamentos por referência Multibanco nem MB WAY');
  });

  it('shows nothing where the server offers no payment requests', async () => {
    const { f, core, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({ 'GET /explainer': explainer(false) });
    const element = place('associa-request-payment', { 'member-id': '21' });
    await waitUntil(() => core.explainer.loaded.value, 'the explainer was never read');
    await waitUntil(() => element.shadowRoot !== null);
    expect(all(element, 'button')).to.have.length(0);
    expect(await f.requests('GET', '/unsettled_payments')).to.have.length(0);
  });
});
