// The collecting pages of the host (issue 11) against the fault server: reminder stages and the
// decisions log with "Planear agora" and "Aprovar", a stage's preview, direct debit (prepare a
// batch, a batch's collections confirmed or returned, its pain.008 files), "Pedir pagamento" on
// a member's statement and notify many.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import { createRoot, type Root } from 'react-dom/client';
import type { ReactNode } from 'react';
import type { Core, ExplainerField, ExplainerResource } from '../../src/core/index.js';
import { HostProvider } from '../../src/host/context.js';
import { RoutePage } from '../../src/host/pages/route-page.js';
import { buildRoutes, FALLBACK_TERMINOLOGY, routeNamed, type RouteName } from '../../src/host/routes.js';
import { createHostState } from '../../src/host/state.js';
import { manualClock } from '../support/manual-clock.js';
import { cleanup, testCore } from './support/core.js';
import { tokenPair, type Fault } from './support/fault.js';

// The generic list and form are their elements' own business (their tests): bare stand-ins here.
customElements.define('associa-resource-list', class extends HTMLElement {});
customElements.define('associa-resource-form', class extends HTMLElement {});
// The collecting elements are theirs too (feature-reminders, feature-notify-members): stand-ins.
for (const tag of ['associa-reminders', 'associa-reminder-preview', 'associa-notify-members']) customElements.define(tag, class extends HTMLElement {});
// And the direct-debit and reconciliation elements (feature-direct-debit, feature-reconciliation).
for (const tag of ['associa-direct-debit', 'associa-direct-debit-batch', 'associa-reconciliation']) customElements.define(tag, class extends HTMLElement {});

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
    data.reconciliation_imports = res('Importações');
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

async function mountPage(name: RouteName, params: Record<string, string> = {}, options: Parameters<typeof start>[0] = {}) {
  const started = await start(options);
  const routes = buildRoutes(FALLBACK_TERMINOLOGY);
  render(started.core, <RoutePage route={routeNamed(routes, name)} params={params} routes={routes} words={FALLBACK_TERMINOLOGY} />);
  await waitUntil(() => container.querySelector('h1'), 'the page never rendered');
  return started;
}

const text = () => (container.textContent ?? '').replace(/\s+/g, ' ');

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

// The direct-debit pages place their elements (test/browser/feature-direct-debit.test.tsx) with
// the route table's paths.
describe('direct debit (/quotas/debitoDireto)', () => {
  it('places <associa-direct-debit> with the batch and mandates routes', async () => {
    await mountPage('directDebit', {}, { realtime: false });
    expect(container.querySelector('h1')!.textContent).to.equal('Débito Direto');
    const element = container.querySelector('associa-direct-debit')!;
    expect([element.getAttribute('batch-path'), element.getAttribute('mandates-path')]).to.deep.equal(['/quotas/debitoDireto/lotes/:id', '/quotas/debitoDireto/mandatos']);
  });

  it("places <associa-direct-debit-batch> for the address's batch", async () => {
    await mountPage('directDebitBatch', { id: '5' }, { realtime: false });
    expect(container.querySelector('associa-direct-debit-batch')!.getAttribute('batch-id')).to.equal('5');
  });

  it('says so when the server has no direct debit', async () => {
    await mountPage('directDebit', {}, { collecting: false, realtime: false });
    expect(container.querySelectorAll('associa-direct-debit')).to.have.length(0);
  });
});

// Reconciliation is <associa-reconciliation> (test/browser/feature-reconciliation.test.tsx).
describe('bank-statement reconciliation (/quotas/extratoBancario)', () => {
  it("places <associa-reconciliation> with the terminology's singular and the payment and receipt routes", async () => {
    await mountPage('reconciliation', {}, { realtime: false });
    expect(container.querySelector('h1')!.textContent).to.equal('Extrato Bancário');
    const element = container.querySelector('associa-reconciliation')!;
    expect(['singular', 'payment-path', 'receipt-path'].map((name) => element.getAttribute(name))).to.deep.equal([FALLBACK_TERMINOLOGY.memberSingular, '/pagamentos/:id', '/tesoouraria/:id']);
  });
});

describe('notify many (/quotas/notificarSócios)', () => {
  it('places <associa-notify-members> with the terminology\'s plural and the messages list\'s route', async () => {
    await mountPage('paymentsNotifyMultiple', {}, { realtime: false });
    const element = container.querySelector('associa-notify-members')!;
    expect([element.getAttribute('plural'), element.getAttribute('messages-path')]).to.deep.equal([FALLBACK_TERMINOLOGY.memberPlural, '/mensagens']);
  });
});
