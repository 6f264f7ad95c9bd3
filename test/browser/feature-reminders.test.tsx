// The reminders elements against the fault server: <associa-reminders> (the stages, the
// decisions log with its filters, "Planear agora" and "Aprovar" followed as jobs) and
// <associa-reminder-preview> (a saved stage's message for a member picked by number).
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import type { ExplainerField, ExplainerResource } from '../../src/core/index.js';
import '../../src/widgets/collecting/reminders/element.js';
import '../../src/widgets/collecting/reminder-preview/element.js';
import { DECISION_COLUMNS, STAGE_COLUMNS } from '../../src/widgets/collecting/reminders/reminders.js';
import { all, button, cleanupFeatures, control, featureFixture, find, link, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

// The generic list is its element's own business (its tests): a bare stand-in here.
if (!customElements.get('associa-resource-list')) customElements.define('associa-resource-list', class extends HTMLElement {});

const field = (name: string, options?: { value: string; label: string }[]): ExplainerField =>
  ({ name, type: options ? 'enum' : 'string', validation: {}, label: name, group: '', inputType: 'text', sortable: false, filterable: true, searchable: false, readOnly: true, ...(options ? { options } : {}) });
const action = (name: string, on: 'record' | 'collection') => ({ name, label: name, on, fields: [] });
const res = (label: string, extra: Partial<ExplainerResource> = {}): ExplainerResource => ({ label, fields: [], ...extra });

function explainer({ mayPlan = true } = {}) {
  return {
    body: {
      data: {
        members: res('Sócios'),
        reminder_stages: res('Etapas', { actions: [action('preview', 'record'), action('notify', 'record')] }),
        reminder_decisions: res('Avisos', {
          actions: mayPlan ? [action('plan', 'collection'), action('approve', 'collection')] : [],
          fields: [field('decision', [{ value: 'awaiting', label: 'A aguardar aprovação' }, { value: 'sent', label: 'Enviado' }])],
        }),
      },
    },
  };
}

const NO_DECISIONS = { body: { data: [], meta: { total: 0 } } };
const STAGE_LIST = { body: { data: [{ _id: 3, name: 'Lembrete 15 dias' }, { _id: 4, name: 'Último aviso' }], meta: { total: 2 } } };
const EDIT_PATH = '/quotas/avisos/etapas/:id';
const NEW_PATH = '/quotas/avisos/etapas/novo';
const jobEvent = (id: number, state: string, done: number, total: number | null) => ({ topic: 'jobs', payload: { id, name: 'reminders.plan', state, progress: done, total } });
const flat = (element: HTMLElement) => text(element).replace(/\s+/g, ' ');

function setValue(element: HTMLSelectElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(element, value);
  element.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('<associa-reminders>', () => {
  afterEach(cleanupFeatures);

  it('shows the stages and the decisions log, filters the log by stage and decision, with a "new stage" link', async () => {
    const { f, core, place, logIn, navigations } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({ 'GET /explainer': explainer(), 'GET /reminder_stages': STAGE_LIST, 'GET /reminder_decisions': NO_DECISIONS });
    const element = place('associa-reminders', { 'stage-edit-path': EDIT_PATH, 'new-stage-path': NEW_PATH });
    await find(element, '[data-collecting-list="reminder_decisions"] associa-resource-list');
    const lists = all(element, 'associa-resource-list').map((l) => [l.getAttribute('resource'), l.getAttribute('edit-path'), l.getAttribute('columns'), l.getAttribute('api')]);
    expect(lists).to.deep.equal([
      ['reminder_stages', EDIT_PATH, STAGE_COLUMNS, f.api],
      ['reminder_decisions', null, DECISION_COLUMNS, f.api],
    ]);
    expect(all(element, 'h2').map((h) => h.textContent)).to.deep.equal(['Etapas de aviso', 'Registo de avisos']);
    expect(core.list('reminder_stages').query.value.sort).to.equal('offset_days');
    expect(core.list('reminder_decisions').query.value.sort).to.equal('-created_at');
    const newStage = await link(element, '+ Nova etapa');
    expect(newStage.getAttribute('href')).to.equal(NEW_PATH);
    newStage.click();
    expect(navigations).to.deep.equal([NEW_PATH]);

    await waitUntil(async () => (await control<HTMLSelectElement>(element, 'Etapa')).options.length === 3, 'the stages never filled the filter');
    await waitUntil(async () => (await control<HTMLSelectElement>(element, 'Decisão')).options.length === 3, 'the decisions never filled the filter');
    setValue(await control<HTMLSelectElement>(element, 'Etapa'), '4');
    setValue(await control<HTMLSelectElement>(element, 'Decisão'), 'awaiting');
    await waitUntil(() => core.list('reminder_decisions').query.value.constraints.decision === 'awaiting');
    expect(core.list('reminder_decisions').query.value.constraints).to.deep.equal({ stage: '4', decision: 'awaiting' });
    expect([...(await control<HTMLSelectElement>(element, 'Decisão')).options].map((o) => o.textContent)).to.deep.equal(['Todas', 'A aguardar aprovação', 'Enviado']);
    await expectAccessible(element);
  });

  it('"Planear agora" queues the planning and follows it to the end', async () => {
    const { f, core, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({ 'GET /explainer': explainer(), 'GET /reminder_stages': STAGE_LIST, 'POST /reminder_decisions/plan': { body: { data: { job: { _id: 7, state: 'queued', name: 'reminders.plan' } } } } });
    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
    const element = place('associa-reminders', { 'stage-edit-path': EDIT_PATH, 'new-stage-path': NEW_PATH });
    (await button(element, 'Planear agora')).click();
    await waitForText(element, 'Planeamento dos avisos em espera…');
    expect((await button(element, 'Planear agora')).disabled).to.equal(true);
    await f.wsSend(jobEvent(7, 'running', 1, 2));
    await waitForText(element, 'A planear os avisos de hoje…');
    expect(element.shadowRoot!.querySelector('[data-progress-count]')!.textContent).to.equal('1 de 2');
    await expectAccessible(element);
    await f.wsSend(jobEvent(7, 'done', 2, 2));
    await waitForText(element, 'Planeamento concluído');
    expect((await button(element, 'Planear agora')).disabled).to.equal(false);
    expect((await f.requests('POST', '/reminder_decisions/plan')).length).to.equal(1);
  });

  it('"Aprovar" approves what awaits (the filtered stage only), follows the sending, and says when nothing awaits', async () => {
    const { f, core, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'GET /explainer': explainer(),
      'GET /reminder_stages': STAGE_LIST,
      'GET /reminder_decisions': NO_DECISIONS,
      'POST /reminder_decisions/approve': [{ body: { data: { approved: 0, job: null } } }, { body: { data: { approved: 3, job: { _id: 8, state: 'queued', name: 'reminders.send' } } } }],
    });
    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
    const element = place('associa-reminders', { 'stage-edit-path': EDIT_PATH, 'new-stage-path': NEW_PATH });
    (await button(element, 'Aprovar')).click();
    await waitForText(element, 'Não há avisos a aguardar aprovação.');
    await core.list('reminder_decisions').setConstraints({ stage: '3' });
    (await button(element, 'Aprovar')).click();
    await waitForText(element, '3 avisos aprovados: a enviar…');
    const posts = await f.requests('POST', '/reminder_decisions/approve');
    expect(posts.map((p) => p.body)).to.deep.equal([{}, { stage: 3 }]);
    await f.wsSend(jobEvent(8, 'done', 3, 3));
    await waitForText(element, 'Avisos aprovados enviados para a caixa de saída.');
  });

  it('offers neither "Planear agora" nor "Aprovar" to a caller the server does not let plan', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({ 'GET /explainer': explainer({ mayPlan: false }), 'GET /reminder_stages': STAGE_LIST });
    const element = place('associa-reminders', { 'stage-edit-path': EDIT_PATH, 'new-stage-path': NEW_PATH });
    await waitUntil(async () => (await control<HTMLSelectElement>(element, 'Decisão')).options.length === 3, 'the explainer was never read');
    expect(flat(element)).not.to.contain('Planear agora');
    expect(all(element, 'button').map((b) => b.textContent)).not.to.include('Aprovar');
  });
});

describe('<associa-reminder-preview>', () => {
  afterEach(cleanupFeatures);

  it('previews the saved stage for a member picked by number, as the server renders it', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'GET /explainer': explainer(),
      'GET /members': { body: { data: [{ _id: 21, number: 12, name: 'Ana Lopes' }], meta: { total: 1 } } },
      'POST /reminder_stages/3/preview': { body: { data: { recipient: 'ana@exemplo.pt', subject: 'Quotas em atraso', text: 'Olá Ana,\nDeve 27,00 €', html: '' } } },
    });
    const element = place('associa-reminder-preview', { 'stage-id': '3', singular: 'Sócio' });
    expect((await find(element, 'h2')).textContent).to.equal('Pré-visualização para um sócio');
    type(await control(element, 'Escolha o sócio'), '12');
    (await button(element, 'N.º 12 — Ana Lopes')).click();
    await find(element, '[data-preview-subject]', 'the preview');
    expect(element.shadowRoot!.querySelector('[data-preview-recipient]')!.textContent).to.equal('ana@exemplo.pt');
    expect(element.shadowRoot!.querySelector('[data-preview-subject]')!.textContent).to.equal('Quotas em atraso');
    expect(element.shadowRoot!.querySelector('[data-preview-text]')!.textContent).to.equal('Olá Ana,\nDeve 27,00 €');
    expect(flat(element)).to.contain('Pré-visualização para n.º 12, Ana Lopes');
    expect((await f.requests('POST', '/reminder_stages/3/preview'))[0]!.body).to.deep.equal({ member: 21 });
    expect((await f.requests('GET', '/members'))[0]!.query).to.include({ _number: '12' });
    await expectAccessible(element);
    (await button(element, 'Escolher outro sócio')).click();
    await control(element, 'Escolha o sócio');
  });

  it('asks to save a new stage before previewing it', async () => {
    const { place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    const element = place('associa-reminder-preview', { singular: 'Sócio' });
    await waitForText(element, 'Guarde a etapa para a poder pré-visualizar.');
    expect(all(element, 'input')).to.have.length(0);
  });
});
