// The collecting pages of the host (issue 11) against the fault server: reminder stages and the
// decisions log with "Planear agora" and "Aprovar", a stage's preview, direct debit (prepare a
// batch, a batch's collections confirmed or returned, its pain.008 files), "Pedir pagamento" on
// a member's statement and notify many.
import { expect, waitUntil } from '@open-wc/testing';
import { createRoot, type Root } from 'react-dom/client';
import type { ReactNode } from 'react';
import type { Core, ExplainerField, ExplainerResource } from '../../src/core/index.js';
import { HostProvider } from '../../src/host/context.js';
import { COLLECTING_PAGES } from '../../src/host/pages/collecting.js';
import { MemberMandate } from '../../src/host/pages/collecting/direct-debit.js';
import { RequestPayment } from '../../src/host/pages/collecting/payment-request.js';
import { buildRoutes, FALLBACK_TERMINOLOGY, routeNamed, type RouteName } from '../../src/host/routes.js';
import { createHostState } from '../../src/host/state.js';
import { manualClock } from '../support/manual-clock.js';
import { cleanup, testCore } from './support/core.js';
import { tokenPair, type Fault } from './support/fault.js';
import { type } from './feature-support/elements.js';

// The generic list and form are their elements' own business (their tests): bare stand-ins here.
customElements.define('associa-resource-list', class extends HTMLElement {});
customElements.define('associa-resource-form', class extends HTMLElement {});
// The collecting elements are theirs too (feature-reminders, feature-notify-members): stand-ins.
for (const tag of ['associa-reminders', 'associa-reminder-preview', 'associa-notify-members']) customElements.define(tag, class extends HTMLElement {});

const field = (name: string, options?: { value: string; label: string }[]): ExplainerField =>
  ({ name, type: options ? 'enum' : 'string', validation: {}, label: name, group: '', inputType: 'text', sortable: false, filterable: true, searchable: false, readOnly: true, ...(options ? { options } : {}) });
const action = (name: string, on: 'record' | 'collection') => ({ name, label: name, on, fields: [] });
const res = (label: string, extra: Partial<ExplainerResource> = {}): ExplainerResource => ({ label, fields: [], ...extra });

function explainer({ collecting = true } = {}) {
  const data: Record<string, ExplainerResource> = { members: res('Sócios') };
  if (collecting) {
    data.reminder_stages = res('Etapas', { actions: [action('preview', 'record'), action('notify', 'record')] });
    data.reminder_decisions = res('Avisos', {
      actions: [action('plan', 'collection'), action('approve', 'collection')],
      fields: [field('decision', [{ value: 'awaiting', label: 'A aguardar aprovação' }, { value: 'sent', label: 'Enviado' }])],
    });
    data.sepa_mandates = res('Mandatos');
    data.direct_debit_batches = res('Lotes', { actions: [action('prepare', 'collection')], fields: [field('state', [{ value: 'open', label: 'Em cobrança' }])] });
    data.direct_debit_items = res('Cobranças', {
      fields: [field('state', [{ value: 'pending', label: 'Pendente' }, { value: 'confirmed', label: 'Cobrado' }]), field('sequence_type', [{ value: 'FRST', label: 'Primeira cobrança' }])],
    });
    data.payment_requests = res('Pedidos');
  }
  return { body: { data } };
}


let container: HTMLElement;
let root: Root;

async function start({ collecting = true, realtime = true, rules = {} } = {}): Promise<{ core: Core; f: Fault }> {
  const { core, f } = testCore({ clock: manualClock(Date.UTC(2031, 5, 1, 12)) });
  await f.script({ 'GET /explainer': explainer({ collecting }), ...(rules as Record<string, never>) });
  core.tokens.set(tokenPair(1, 'Rui Editor', 'editor'));
  await core.explainer.load();
  if (realtime) {
    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
  }
  return { core, f };
}

function render(core: Core, node: ReactNode) {
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  root.render(<HostProvider value={createHostState(core)}>{node}</HostProvider>);
}

async function mountPage(name: RouteName & keyof typeof COLLECTING_PAGES, params: Record<string, string> = {}, options: Parameters<typeof start>[0] = {}) {
  const started = await start(options);
  const routes = buildRoutes(FALLBACK_TERMINOLOGY);
  const Page = COLLECTING_PAGES[name];
  render(started.core, <Page route={routeNamed(routes, name)} params={params} routes={routes} words={FALLBACK_TERMINOLOGY} />);
  await waitUntil(() => container.querySelector('h1'), 'the page never rendered');
  return started;
}

const text = () => (container.textContent ?? '').replace(/\s+/g, ' ');
const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const byLabel = <T extends HTMLElement>(name: string) => {
  const label = [...container.querySelectorAll('label')].find((l) => l.textContent?.replace('*', '').trim() === name);
  return label ? container.querySelector<T>(`#${CSS.escape(label.htmlFor)}`) : null;
};
function setValue(element: HTMLInputElement | HTMLSelectElement, value: string) {
  const proto = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(element, value);
  element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

afterEach(() => {
  root?.unmount();
  container?.remove();
  cleanup();
});

// The reminders pages place their elements (test/browser/feature-reminders.test.tsx) with the
// route table's paths; the host still tells when the server has no reminders module.
describe('reminders (/quotas/avisos)', () => {
  it('places <associa-reminders> with the stage routes, and declares the decisions log as the page\'s list', async () => {
    await mountPage('paymentReminders', {}, { realtime: false });
    expect(container.querySelector('h1')!.textContent).to.equal('Avisos de Dívida');
    const element = container.querySelector('associa-reminders')!;
    expect([element.getAttribute('stage-edit-path'), element.getAttribute('new-stage-path')]).to.deep.equal(['/quotas/avisos/etapas/:id', '/quotas/avisos/etapas/novo']);
  });

  it('says so when the server has no reminders module', async () => {
    await mountPage('paymentReminders', {}, { collecting: false, realtime: false });
    expect(text()).to.contain('O módulo “Avisos de Dívida” ainda não está disponível neste servidor.');
    expect(container.querySelectorAll('associa-reminders')).to.have.length(0);
  });
});

describe('a reminder stage (/quotas/avisos/etapas/:id)', () => {
  it("places the stage's form and, below it, <associa-reminder-preview> for the saved stage", async () => {
    await mountPage('reminderStagesEdit', { id: '3' }, { realtime: false });
    expect(container.querySelector('associa-resource-form')!.getAttribute('record-id')).to.equal('3');
    const preview = container.querySelector('associa-reminder-preview')!;
    expect([preview.getAttribute('stage-id'), preview.getAttribute('singular')]).to.deep.equal(['3', FALLBACK_TERMINOLOGY.memberSingular]);
  });

  it('places the preview without a stage on a new stage\'s form (it asks to save first)', async () => {
    await mountPage('reminderStagesNew', {}, { realtime: false });
    expect(container.querySelector('associa-reminder-preview')!.hasAttribute('stage-id')).to.equal(false);
  });
});

describe('direct debit', () => {
  it('prepares a batch for a collection date and due date, and tells what went in and what stayed out', async () => {
    const { f } = await mountPage('directDebit', {}, {
      realtime: false,
      rules: {
        'POST /direct_debit_batches/prepare': [
          { status: 422, body: { code: 'invalid_record', message: 'O registo tem erros de validação.', errors: { collection_date: 'A data de cobrança não pode ser anterior a hoje.' } } },
          { body: { data: { batch: { _id: 5 }, items: 2, total: 4500, excluded: [{ debt: 9, member: 2, reason: 'O valor excede o máximo do mandato: usa referência Multibanco.' }] } } },
        ],
      },
    });
    expect(container.querySelector('associa-resource-list')!.getAttribute('edit-path')).to.equal('/quotas/debitoDireto/lotes/:id');
    expect([...container.querySelectorAll('a')].find((a) => a.textContent === 'Mandatos')!.getAttribute('href')).to.equal('/quotas/debitoDireto/mandatos');
    button('Preparar lote')!.click();
    await waitUntil(() => byLabel('Data de cobrança'));
    expect(byLabel<HTMLInputElement>('Data de cobrança')!.value).to.equal('2031-06-01');
    setValue(byLabel<HTMLInputElement>('Data de cobrança')!, '2031-05-01');
    setValue(byLabel<HTMLInputElement>('Dívidas vencidas até')!, '2031-05-31');
    button('Preparar')!.click();
    await waitUntil(() => text().includes('A data de cobrança não pode ser anterior a hoje.'), 'the refusal was not shown');
    expect(byLabel('Data de cobrança')!.getAttribute('aria-invalid')).to.equal('true');
    setValue(byLabel<HTMLInputElement>('Data de cobrança')!, '2031-06-10');
    button('Preparar')!.click();
    await waitUntil(() => text().includes('Lote preparado: 2 cobranças, total 45,00'), 'the batch was not told');
    expect(text()).to.contain('O valor excede o máximo do mandato');
    expect([...container.querySelectorAll('a')].find((a) => a.textContent === 'Abrir o lote')!.getAttribute('href')).to.equal('/quotas/debitoDireto/lotes/5');
    const posts = await f.requests('POST', '/direct_debit_batches/prepare');
    expect(posts.map((p) => p.body)).to.deep.equal([
      { collection_date: '2031-05-01', due_until: '2031-05-31' },
      { collection_date: '2031-06-10', due_until: '2031-05-31' },
    ]);
  });

  it("lists a batch's collections, confirms one, asks a reason before a return, and downloads both pain.008 versions", async () => {
    const item = (id: number, member: number, state: string) => ({ _id: id, member, debt: 100 + id, amount: 2250, sequence_type: 'FRST', state, reason: null });
    const { f } = await mountPage('directDebitBatch', { id: '5' }, {
      realtime: false,
      rules: {
        'GET /direct_debit_batches/5': { body: { data: { _id: 5, collection_date: '2031-06-10', state: 'open', item_count: 2, total: 4500 } } },
        'GET /direct_debit_items': [{ body: { data: [item(1, 21, 'pending'), item(2, 22, 'pending')], meta: { total: 2 } } }, { body: { data: [item(1, 21, 'confirmed'), item(2, 22, 'pending')], meta: { total: 2 } } }],
        'GET /members/21': { body: { data: { _id: 21, number: 12, name: 'Ana Lopes' } } },
        'GET /members/22': { body: { data: { _id: 22, number: 13, name: 'Rui Sá' } } },
        'POST /direct_debit_items/1/confirm': { body: { data: null } },
        'POST /direct_debit_items/2/reject': { body: { data: null } },
        'GET /direct_debit_batches/5/pain008.xml': { body: '<Document/>' },
      },
    });
    await waitUntil(() => container.querySelectorAll('tbody tr').length === 2, 'no collections');
    await waitUntil(() => text().includes('12 Ana Lopes') && text().includes('13 Rui Sá'));
    expect(text()).to.contain('Primeira cobrança');
    expect(text()).to.contain('Pendente');
    const row = (id: number) => container.querySelector(`tr[data-item="${id}"]`)!;
    const confirm1 = [...row(1).querySelectorAll('button')].find((b) => b.textContent === 'Confirmar')!;
    expect(container.querySelector(`#${CSS.escape(confirm1.getAttribute('aria-describedby')!)}`)!.textContent).to.equal('12 Ana Lopes');
    confirm1.click();
    await waitUntil(() => text().includes('Cobrança confirmada.'), 'no confirmation');
    await waitUntil(() => row(1).getAttribute('data-state') === 'confirmed', 'the list was not read again');
    expect(row(1).querySelectorAll('button')).to.have.length(0);

    [...row(2).querySelectorAll('button')].find((b) => b.textContent === 'Devolução')!.click();
    await waitUntil(() => text().includes('Indique o motivo da devolução.'));
    expect(document.activeElement).to.equal(byLabel('Motivo da devolução'));
    expect(await f.requests('POST', '/direct_debit_items/2/reject')).to.have.length(0);
    setValue(byLabel<HTMLInputElement>('Motivo da devolução')!, 'AM04');
    [...row(2).querySelectorAll('button')].find((b) => b.textContent === 'Devolução')!.click();
    await waitUntil(async () => (await f.requests('POST', '/direct_debit_items/2/reject')).length === 1);
    expect((await f.requests('POST', '/direct_debit_items/2/reject'))[0]!.body).to.deep.equal({ reason: 'AM04' });

    button('Descarregar pain.008.001.02')!.click();
    button('Descarregar pain.008.001.08')!.click();
    await waitUntil(async () => (await f.requests('GET', '/direct_debit_batches/5/pain008.xml')).length === 2);
    expect((await f.requests('GET', '/direct_debit_batches/5/pain008.xml')).map((r) => r.query.version)).to.deep.equal(['pain.008.001.02', 'pain.008.001.08']);
  });
});

describe("a member's mandate above their record", () => {
  it('shows the active mandate with a link to it, or the way to create one', async () => {
    const { core, f } = await start({
      realtime: false,
      rules: { 'GET /sepa_mandates': [{ body: { data: [{ _id: 8, reference: 'ANA-1', iban: 'PT50000201231234567890154' }], meta: { total: 1 } } }, { body: { data: [], meta: { total: 0 } } }] },
    });
    render(core, <MemberMandate memberId="21" editPattern="/quotas/debitoDireto/mandatos/:id" newPath="/quotas/debitoDireto/mandatos/novo" />);
    await waitUntil(() => container.querySelector('[data-member-mandate] a'), 'no mandate line');
    expect(text()).to.contain('Mandato ativo ANA-1, IBAN PT50 0002 0123 1234 5678 9015 4');
    expect(container.querySelector('a')!.getAttribute('href')).to.equal('/quotas/debitoDireto/mandatos/8');
    expect((await f.requests('GET', '/sepa_mandates'))[0]!.query).to.include({ _member: '21', _state: 'active' });
    root.unmount();
    container.remove();
    render(core, <MemberMandate memberId="22" editPattern="/quotas/debitoDireto/mandatos/:id" newPath="/quotas/debitoDireto/mandatos/novo" />);
    await waitUntil(() => text().includes('Sem mandato ativo.'), 'no "no mandate"');
    expect(container.querySelector('a')!.getAttribute('href')).to.equal('/quotas/debitoDireto/mandatos/novo');
  });
});

describe('"Pedir pagamento" on a member\'s statement', () => {
  it('creates a Multibanco reference for the ticked debts and shows entity, reference and amount', async () => {
    const { core, f } = await start({
      realtime: false,
      rules: {
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
      },
    });
    render(core, <RequestPayment memberId="21" />);
    await waitUntil(() => button('Pedir pagamento'));
    button('Pedir pagamento')!.click();
    await waitUntil(() => container.querySelectorAll('input[type="checkbox"]').length === 2, 'the open debts were not listed');
    button('Gerar referência Multibanco')!.click();
    await waitUntil(() => text().includes('Escolha pelo menos uma dívida.'));
    for (const box of container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) box.click();
    await waitUntil(() => text().includes('Total escolhido: 34,00'));
    button('Gerar referência Multibanco')!.click();
    await waitUntil(() => container.querySelector('[data-reference]'), 'no reference shown');
    expect(container.querySelector('[data-entity]')!.textContent).to.equal('99999');
    expect(container.querySelector('[data-ref]')!.textContent).to.equal('999 000 123');
    expect(container.querySelector('[data-reference] [data-amount]')!.textContent).to.equal('34,00\u00a0€');
    expect((await f.requests('POST', '/payment_requests'))[0]!.body).to.deep.equal({ member: 21, debts: [31, 32], method: 'multibanco' });
    expect((await f.requests('GET', '/unsettled_payments'))[0]!.query).to.include({ _member: '21' });
    // Multibanco is all the association takes: no choice of method, no MB WAY mentioned.
    expect(container.querySelectorAll('input[type="radio"]')).to.have.length(0);
    expect(text()).to.not.contain('MB WAY');
  });

  it('sends an MB WAY request to the member\'s mobile when the provider takes it, and follows its state live', async () => {
    const pushed = { _id: 2, method: 'mbway', entity: null, reference: null, phone: '912345678', amount: 2400, state: 'pending', expires_at: '2031-06-30T10:05:00Z' };
    const { core, f } = await start({
      rules: {
        'GET /unsettled_payments': { body: { data: [{ _id: 31, description: 'Quota 2030', due_date: '2030-12-31', status: 'open', open_amount: 2400 }], meta: { total: 1 } } },
        'GET /payment_options': { body: { data: { methods: ['multibanco', 'mbway'], transfer: null } } },
        'POST /payment_requests': [
          { status: 422, body: { message: 'Dados inválidos.', code: 'validation_failed', errors: { phone: 'Indique um telemóvel português para o MB WAY: 9 algarismos começados por 91, 92, 93 ou 96.' } } },
          { status: 201, body: { data: pushed } },
        ],
        'GET /payment_requests/2': [{ body: { data: pushed } }, { body: { data: { ...pushed, state: 'paid' } } }],
      },
    });
    render(core, <RequestPayment memberId="21" />);
    await waitUntil(() => button('Pedir pagamento'));
    button('Pedir pagamento')!.click();
    await waitUntil(() => container.querySelectorAll('input[type="radio"]').length === 2, 'no choice of method');
    container.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    container.querySelector<HTMLInputElement>('input[type="radio"][value="mbway"]')!.click();
    await waitUntil(() => button('Enviar pedido MB WAY'));
    const phone = [...container.querySelectorAll<HTMLInputElement>('input[type="tel"]')][0]!;
    type(phone, '212345678');
    button('Enviar pedido MB WAY')!.click();
    await waitUntil(() => text().includes('Indique um telemóvel português para o MB WAY'), 'the phone refused was not shown');
    type(phone, '912 345 678');
    button('Enviar pedido MB WAY')!.click();
    await waitUntil(() => text().includes('Pedido MB WAY enviado para 912 345 678'), 'no MB WAY request shown');
    expect((await f.requests('POST', '/payment_requests')).map((r) => r.body)).to.deep.equal([
      { member: 21, debts: [31], method: 'mbway', phone: '212345678' },
      { member: 21, debts: [31], method: 'mbway', phone: '912 345 678' },
    ]);
    await waitUntil(() => container.querySelector('[data-state="pending"]'), 'no state shown');
    await f.wsSend({ topic: 'payment_requests changed', payload: { resource: 'payment_requests', action: 'updated', id: 2 } });
    await waitUntil(() => container.querySelector('[data-state="paid"]')?.textContent === 'Pago', 'the state did not follow the realtime event');
  });
});

describe('notify many (/quotas/notificarSócios)', () => {
  it('places <associa-notify-members> with the terminology\'s plural and the messages list\'s route', async () => {
    await mountPage('paymentsNotifyMultiple', {}, { realtime: false });
    const element = container.querySelector('associa-notify-members')!;
    expect([element.getAttribute('plural'), element.getAttribute('messages-path')]).to.deep.equal([FALLBACK_TERMINOLOGY.memberPlural, '/mensagens']);
  });
});
