// <associa-notify-members> against the fault server: members counted by the unpaid list's
// filters (or a saved filter of that list), a stage's message previewed for the first of them,
// then sent to all once confirmed, directly or as a followed job.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/collecting/notify-members/element.js';
import { button, cleanupFeatures, control, featureFixture, find, link, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const STAGE_LIST = { body: { data: [{ _id: 3, name: 'Lembrete 15 dias' }, { _id: 4, name: 'Último aviso' }], meta: { total: 2 } } };
const CATEGORIES = { body: { data: [{ _id: 2, name: 'Efetivo' }], meta: { total: 1 } } };
const NO_SAVED = { body: { data: [], meta: { total: 0 } } };
const flat = (element: HTMLElement) => text(element).replace(/\s+/g, ' ');

function choose(select: HTMLSelectElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('<associa-notify-members>', () => {
  afterEach(cleanupFeatures);

  it('counts the members the filters choose, previews the message for the first and sends to all once confirmed', async () => {
    const { f, place, logIn, navigations } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'GET /reminder_stages': STAGE_LIST,
      'GET /fee_categories': CATEGORIES,
      'GET /member_balances': { body: { data: [{ member: 21, number: 12, name: 'Ana Lopes' }], meta: { total: 17 } } },
      'POST /reminder_stages/4/preview': { body: { data: { recipient: 'ana@exemplo.pt', subject: 'Último aviso', text: 'Olá Ana', html: '' } } },
      'POST /reminder_stages/4/notify': { body: { data: { members: 17, queued: 15, skipped: 2, job: null } } },
      'GET /saved_filters': NO_SAVED,
    });
    const element = place('associa-notify-members', { plural: 'Sócios', 'messages-path': '/mensagens' });
    await waitForText(element, '17 sócios escolhidos.');
    expect(flat(element)).to.contain('Escolha os sócios a notificar');
    const first = await f.requests('GET', '/member_balances');
    expect(first[0]!.query).to.include({ _standing: 'em_atraso', _open_total_gte: '1' });
    await waitUntil(async () => (await control<HTMLSelectElement>(element, 'Categoria de quota')).options.length === 2);
    choose(await control<HTMLSelectElement>(element, 'Categoria de quota'), '2');
    type(await control(element, 'Anos em dívida, desde'), '2');
    await waitUntil(async () => (await f.requests('GET', '/member_balances')).some((r) => r.query._years_owed_gte === '2' && r.query._category === '2'), 'the filters were not applied');
    await waitUntil(async () => (await control<HTMLSelectElement>(element, 'Mensagem (etapa de aviso)')).options.length === 3);
    choose(await control<HTMLSelectElement>(element, 'Mensagem (etapa de aviso)'), '4');
    (await button(element, 'Pré-visualizar para o primeiro')).click();
    await find(element, '[data-notify-preview]', 'the preview');
    expect(flat(element)).to.contain('Pré-visualização para 12 Ana Lopes');
    expect(flat(element)).to.contain('Olá Ana');
    expect((await f.requests('POST', '/reminder_stages/4/preview'))[0]!.body).to.deep.equal({ member: 21, purpose: 'notify' });
    await expectAccessible(element);
    (await button(element, 'Enviar a todos')).click();
    await waitForText(element, 'A mensagem vai ser enviada a 17 destinatários. Confirma?');
    (await button(element, 'Confirmar envio')).click();
    await waitUntil(() => flat(element).includes('15 mensagens na caixa de saída. 2 ficaram de fora'), 'the outcome was not told');
    const [post] = await f.requests('POST', '/reminder_stages/4/notify');
    const body = post!.body as Record<string, unknown>;
    expect(body).to.include({ standing: 'em_atraso', category: 2, years_owed_gte: 2 });
    expect(String(body.batch_key)).to.match(/^[A-Za-z0-9_-]{8,64}$/);
    (await link(element, 'Ver as mensagens')).click();
    expect(navigations).to.deep.equal(['/mensagens']);
  });

  it('follows a large sending as a job to its end', async () => {
    const { f, core, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'GET /reminder_stages': STAGE_LIST,
      'GET /fee_categories': CATEGORIES,
      'GET /member_balances': { body: { data: [{ member: 21, number: 12, name: 'Ana Lopes' }], meta: { total: 250 } } },
      'POST /reminder_stages/3/notify': { body: { data: { members: 250, queued: null, skipped: null, job: { _id: 9, state: 'queued', name: 'reminders.notify' } } } },
      'GET /saved_filters': NO_SAVED,
    });
    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
    const element = place('associa-notify-members', { plural: 'Sócios' });
    await waitForText(element, '250 sócios escolhidos.');
    await waitUntil(async () => (await control<HTMLSelectElement>(element, 'Mensagem (etapa de aviso)')).options.length === 3);
    choose(await control<HTMLSelectElement>(element, 'Mensagem (etapa de aviso)'), '3');
    (await button(element, 'Enviar a todos')).click();
    (await button(element, 'Confirmar envio')).click();
    await waitForText(element, 'Envio em espera…');
    await f.wsSend({ topic: 'jobs', payload: { id: 9, name: 'reminders.notify', state: 'running', progress: 100, total: 250 } });
    await waitForText(element, 'A preparar as mensagens…');
    expect(element.shadowRoot!.querySelector('[data-progress-count]')!.textContent).to.equal('100 de 250');
    await f.wsSend({ topic: 'jobs', payload: { id: 9, name: 'reminders.notify', state: 'done', progress: 250, total: 250 } });
    await waitForText(element, 'Mensagens na caixa de saída.');
  });

  it("takes its audience from a saved filter of the unpaid list, and says which of the filter's criteria it cannot use", async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'GET /reminder_stages': STAGE_LIST,
      'GET /fee_categories': CATEGORIES,
      'GET /member_balances': { body: { data: [{ member: 21, number: 12, name: 'Ana Lopes' }], meta: { total: 5 } } },
      'GET /saved_filters': { body: { data: [{ _id: 9, name: 'Efetivos com 3 anos', query: '_standing=em_atraso&_category=2&_years_owed_gte=3&_search=lopes' }], meta: { total: 1 } } },
    });
    const element = place('associa-notify-members', { plural: 'Sócios', 'messages-path': '/mensagens' });
    await waitUntil(async () => (await control<HTMLSelectElement>(element, 'Filtro guardado')).options.length === 2, 'no saved filters offered');
    expect((await f.requests('GET', '/saved_filters'))[0]!.query).to.include({ _resource: 'member_balances' });
    await waitUntil(async () => (await control<HTMLSelectElement>(element, 'Categoria de quota')).options.length === 2);
    choose(await control<HTMLSelectElement>(element, 'Filtro guardado'), '9');
    await waitUntil(async () => (await f.requests('GET', '/member_balances')).some((r) => r.query._years_owed_gte === '3' && r.query._category === '2' && r.query._standing === 'em_atraso'), 'the saved filter was not applied');
    expect((await control<HTMLSelectElement>(element, 'Categoria de quota')).value).to.equal('2');
    expect((await control(element, 'Anos em dívida, desde')).value).to.equal('3');
    expect(flat(element)).to.contain('Critérios do filtro que o envio não usa: search.');
  });

  it('says so when there is no stage to take the message from', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'GET /reminder_stages': { body: { data: [], meta: { total: 0 } } },
      'GET /fee_categories': CATEGORIES,
      'GET /member_balances': { body: { data: [], meta: { total: 0 } } },
      'GET /saved_filters': NO_SAVED,
    });
    const element = place('associa-notify-members', { plural: 'Sócios' });
    await waitForText(element, 'Nenhum sócio corresponde a estes filtros.');
    await waitForText(element, 'Não há etapas de aviso: crie uma para definir a mensagem.');
  });
});
