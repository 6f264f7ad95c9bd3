// <associa-fee-settings> against the fault server: its two lists and their "new" actions, and
// the year's quota generation followed on the realtime `jobs` topic.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import type { Core, ExplainerResource } from '../../src/core/index.js';
import '../../src/widgets/dues/fee-settings/element.js';
import { FEE_CATEGORY_COLUMNS, FEE_SCHEDULE_COLUMNS } from '../../src/widgets/dues/fee-settings/fee-settings.js';
import { manualClock } from '../support/manual-clock.js';
import { cleanupFeatures, featureFixture } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';
import type { Fault } from './support/fault.js';

// The lists are the resource-list element's own business (its tests): here a bare stand-in
// shows which list the element asks for, without the element's requests.
if (!customElements.get('associa-resource-list')) customElements.define('associa-resource-list', class extends HTMLElement {});

const JOB = 41;
const resource = (label: string, extra: Partial<ExplainerResource> = {}): ExplainerResource => ({ label, fields: [], ...extra });
const generateAction = { name: 'generate', label: 'Lançar as quotas do ano', on: 'collection' as const, fields: [] };

function explainer({ generate = true } = {}) {
  const data: Record<string, ExplainerResource> = {
    members: resource('Sócios'),
    fee_categories: resource('Categorias de quota'),
    fee_schedules: resource('Tabelas de quotas'),
    unsettled_payments: resource('Dívidas', generate ? { actions: [generateAction] } : {}),
  };
  return { body: { data } };
}

const queued = { status: 200, body: { data: { job: { _id: JOB, state: 'queued', name: 'dues.generate' } } } };
const progress = (state: string, done: number, total: number | null, id = JOB) => ({ topic: 'jobs', payload: { id, name: 'dues.generate', state, progress: done, total } });

const PATHS = {
  'category-path': '/configuracaoQuotas/categorias/:id',
  'new-category-path': '/configuracaoQuotas/categorias/novo',
  'schedule-path': '/configuracaoQuotas/tabelas/:id',
  'new-schedule-path': '/configuracaoQuotas/tabelas/novo',
};

let element: HTMLElement;

interface Mounted {
  core: Core;
  f: Fault;
  navigations: string[];
}

/** The element as the fee settings page places it, for `role`, the core's clock in mid-2031. */
async function mount({ role = 'admin', generate = true, realtime = true } = {}): Promise<Mounted> {
  const { core, f, place, logIn, navigations } = featureFixture({ clock: manualClock(Date.UTC(2031, 5, 1, 12)) });
  await f.script({ 'GET /explainer': explainer({ generate }) });
  logIn(1, role === 'admin' ? 'Ana Admin' : 'Rui Editor', role);
  if (realtime) {
    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
  }
  element = place('associa-fee-settings', PATHS);
  await waitUntil(() => element.shadowRoot?.querySelectorAll('associa-resource-list').length === 2, 'the lists never rendered');
  await waitUntil(() => core.explainer.loaded.value, 'the explainer was never read');
  // One frame for React to draw what the explainer says.
  await new Promise(requestAnimationFrame);
  return { core, f, navigations };
}

const root = () => element.shadowRoot!;
const text = () => root().textContent ?? '';
const button = (name: string) => [...root().querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const link = (name: string) => [...root().querySelectorAll('a')].find((a) => a.textContent?.replace('+', '').trim() === name);
const yearInput = () => {
  const label = [...root().querySelectorAll('label')].find((l) => l.textContent?.startsWith('Ano'));
  return label ? root().querySelector<HTMLInputElement>(`#${CSS.escape(label.htmlFor)}`) : null;
};
const bar = () => root().querySelector('progress');

function typeYear(value: string) {
  const input = yearInput()!;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

async function askAndStart(year?: string) {
  button('Lançar quotas do ano')!.click();
  await waitUntil(() => yearInput(), 'the year was never asked');
  if (year !== undefined) typeYear(year);
  button('Lançar')!.click();
}

describe('<associa-fee-settings>', () => {
  afterEach(cleanupFeatures);

  it('shows the categories and the schedules, each list with its columns, rows opening their form and a "new" action', async () => {
    const { core, f, navigations } = await mount();
    expect([...root().querySelectorAll('h2')].map((h) => h.textContent)).to.deep.equal(['Categorias de quota', 'Tabelas de quotas']);
    const lists = [...root().querySelectorAll('associa-resource-list')].map((list) => ({
      resource: list.getAttribute('resource'),
      editPath: list.getAttribute('edit-path'),
      columns: list.getAttribute('columns'),
      label: list.getAttribute('label'),
      api: list.getAttribute('api'),
    }));
    expect(lists).to.deep.equal([
      { resource: 'fee_categories', editPath: '/configuracaoQuotas/categorias/:id', columns: FEE_CATEGORY_COLUMNS, label: 'Categorias de quota', api: f.api },
      { resource: 'fee_schedules', editPath: '/configuracaoQuotas/tabelas/:id', columns: FEE_SCHEDULE_COLUMNS, label: 'Tabelas de quotas', api: f.api },
    ]);
    expect(FEE_SCHEDULE_COLUMNS).to.equal('year,category,amount,periodicity,due_day,joining_fee,capital');
    // The lists' stores (which the elements share through the core) start newest year first, categories by name.
    expect(core.list('fee_schedules').query.value.sort).to.equal('-year');
    expect(core.list('fee_categories').query.value.sort).to.equal('name');
    expect(link('Nova categoria')!.getAttribute('href')).to.equal('/configuracaoQuotas/categorias/novo');
    expect(link('Nova tabela')!.getAttribute('href')).to.equal('/configuracaoQuotas/tabelas/novo');
    // The host's router opens them.
    link('Nova tabela')!.click();
    expect(navigations).to.deep.equal(['/configuracaoQuotas/tabelas/novo']);
    // The generation sits with the schedules it reads.
    expect(root().querySelector('[data-fee-list="fee_schedules"] [data-generate-dues]')).to.not.equal(null);
    expect(button('Lançar quotas do ano')!.disabled).to.equal(false);
    await expectAccessible(element);
  });

  it('keeps a sort the user chose for the schedules', async () => {
    sessionStorage.setItem('sort:fee_schedules', 'amount');
    const { core } = await mount();
    expect(core.list('fee_schedules').query.value.sort).to.equal('amount');
  });

  it('offers no generation to a caller the server does not give the action', async () => {
    await mount({ role: 'editor', generate: false });
    expect(root().querySelectorAll('associa-resource-list')).to.have.length(2);
    expect(button('Lançar quotas do ano')).to.equal(undefined);
  });
});

describe("launching the year's quotas", () => {
  afterEach(cleanupFeatures);

  it("asks the year (this year by the core's clock), queues the run and follows its progress to the end", async () => {
    const { f } = await mount();
    await f.script({ 'POST /unsettled_payments/generate': queued });
    button('Lançar quotas do ano')!.click();
    await waitUntil(() => yearInput(), 'the year was never asked');
    expect(yearInput()!.value).to.equal('2031');
    expect(text()).to.contain('Pode repetir: as quotas já lançadas não se duplicam.');
    button('Lançar')!.click();
    await waitUntil(() => text().includes('Lançamento das quotas de 2031 em espera…'), 'no waiting notice');
    const [post] = await f.requests('POST', '/unsettled_payments/generate');
    expect(post!.body).to.deep.equal({ year: 2031 });
    expect(yearInput()).to.equal(null);
    // No total yet: an indeterminate bar.
    expect(bar()!.hasAttribute('value')).to.equal(false);
    expect(bar()!.getAttribute('aria-label')).to.equal('Lançamento das quotas de 2031');
    expect(button('Lançar quotas do ano')!.disabled).to.equal(true);

    await f.wsSend(progress('running', 0, 200));
    await waitUntil(() => text().includes('A lançar as quotas de 2031…'), 'the run never showed as running');
    expect([bar()!.value, bar()!.max]).to.deep.equal([0, 200]);
    // Another job's events are not this run's.
    await f.wsSend(progress('done', 5, 5, 99));
    await f.wsSend(progress('running', 120, 200));
    await waitUntil(() => bar()?.value === 120, 'the bar did not move');
    expect(root().querySelector('[data-progress-count]')!.textContent).to.equal('120 de 200');
    expect(text()).to.not.contain('Quotas lançadas.');

    await f.wsSend(progress('done', 200, 200));
    await waitUntil(() => text().includes('Quotas lançadas.'), 'the end was never told');
    expect(bar()).to.equal(null);
    expect(root().querySelector('[role="status"]')!.textContent).to.equal('Quotas lançadas.');
    expect(button('Lançar quotas do ano')!.disabled).to.equal(false);
  });

  it('catches a run that ends before the request that queued it has answered', async () => {
    const { f } = await mount();
    await f.script({ 'POST /unsettled_payments/generate': { ...queued, delayMs: 400 } });
    await askAndStart();
    await waitUntil(async () => (await f.requests('POST', '/unsettled_payments/generate')).length === 1, 'the run was never asked for');
    await f.wsSend(progress('done', 10, 10));
    await waitUntil(() => text().includes('Quotas lançadas.'), 'the early end was lost');
  });

  it('says how many members were charged, how many debts raised and their total (the result on the done event)', async () => {
    const { f } = await mount();
    await f.script({ 'POST /unsettled_payments/generate': queued });
    await askAndStart();
    await waitUntil(async () => (await f.requests('POST', '/unsettled_payments/generate')).length === 1, 'the run was never asked for');
    const done = progress('done', 412, 412);
    await f.wsSend({ ...done, payload: { ...done.payload, result: { raised: 430, members: 412, total: 1_032_000 } } });
    await waitUntil(() => text().includes('lançadas:'), 'the report was never told');
    expect(root().querySelector('[data-generation-report]')!.textContent).to.equal('Quotas de 2031 lançadas: 412 sócios, 430 dívidas, 10\u00a0320,00\u00a0€.');
  });

  it("tells an administrator a run failed, with the jobs table's error", async () => {
    const { f } = await mount();
    await f.script({
      'POST /unsettled_payments/generate': queued,
      [`GET /jobs/${JOB}`]: { body: { data: { _id: JOB, state: 'failed', last_error: 'Não há tabela de quotas para 2030.' } } },
    });
    await askAndStart('2030');
    await waitUntil(() => text().includes('em espera'), 'no waiting notice');
    expect((await f.requests('POST', '/unsettled_payments/generate'))[0]!.body).to.deep.equal({ year: 2030 });
    await f.wsSend(progress('failed', 3, 10));
    await waitUntil(() => text().includes('Erro: Não há tabela de quotas para 2030.'), 'the error was never shown');
    const alert = root().querySelector('[role="alert"]')!;
    expect(alert.textContent).to.contain('O lançamento das quotas de 2030 falhou.');
    expect(bar()).to.equal(null);
    // Asking again clears the old outcome.
    button('Lançar quotas do ano')!.click();
    await waitUntil(() => yearInput());
    expect(root().querySelector('[role="alert"]')).to.equal(null);
  });

  it('tells an editor a run failed without reading the jobs table, which is for administrators', async () => {
    const { f } = await mount({ role: 'editor' });
    await f.script({ 'POST /unsettled_payments/generate': queued });
    await askAndStart();
    await waitUntil(() => text().includes('em espera'), 'no waiting notice');
    await f.wsSend(progress('failed', 0, null));
    await waitUntil(() => text().includes('O lançamento das quotas de 2031 falhou.'), 'the failure was never shown');
    expect(await f.requests('GET', `/jobs/${JOB}`)).to.have.length(0);
    expect(root().querySelector('[data-job-error]')).to.equal(null);
  });

  it('refuses a year out of range before asking, and shows the server refusal in the form', async () => {
    const { f } = await mount({ realtime: false });
    await f.script({
      'POST /unsettled_payments/generate': [
        { status: 422, body: { code: 'invalid_record', message: 'O registo tem erros de validação.', errors: { year: 'O valor máximo é 2100.' } } },
        queued,
      ],
    });
    await askAndStart('1999');
    await waitUntil(() => text().includes('Indique um ano entre 2000 e 2100.'), 'no message for 1999');
    expect(yearInput()!.getAttribute('aria-invalid')).to.equal('true');
    typeYear('20x5');
    button('Lançar')!.click();
    await waitUntil(() => text().includes('Indique um ano entre 2000 e 2100.'));
    expect(await f.requests('POST', '/unsettled_payments/generate')).to.have.length(0);

    typeYear('2031');
    button('Lançar')!.click();
    await waitUntil(() => text().includes('O valor máximo é 2100.'), "the server's refusal was not shown");
    expect(yearInput()!.value).to.equal('2031');
    // Asked again (the server takes it this time), with no realtime socket: the page says the progress cannot be followed now.
    button('Lançar')!.click();
    await waitUntil(() => text().includes('em espera'), 'no waiting notice');
    expect(text()).to.contain('Sem ligação em tempo real');
    expect(await f.requests('POST', '/unsettled_payments/generate')).to.have.length(2);
  });

  it('closes the question on Cancelar without asking the server', async () => {
    const { f } = await mount();
    button('Lançar quotas do ano')!.click();
    await waitUntil(() => yearInput());
    button('Cancelar')!.click();
    await waitUntil(() => yearInput() === null);
    expect(button('Lançar quotas do ano')).to.not.equal(undefined);
    expect(await f.requests('POST', '/unsettled_payments/generate')).to.have.length(0);
  });
});
