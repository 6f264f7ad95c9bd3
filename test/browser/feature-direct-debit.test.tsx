// The direct-debit elements against the fault server: <associa-direct-debit> (the batches' list,
// "Preparar lote" for a collection date and due date, what went in and what stayed out) and
// <associa-direct-debit-batch> (a batch's collections confirmed or returned, its pain.008 files)
// and <associa-member-mandate> (a member's active mandate above their record).
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import type { ExplainerField, ExplainerResource } from '../../src/core/index.js';
import '../../src/widgets/collecting/direct-debit/element.js';
import '../../src/widgets/collecting/direct-debit-batch/element.js';
import '../../src/widgets/collecting/member-mandate/element.js';
import { all, button, cleanupFeatures, control, featureFixture, find, link, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

// The generic list is its element's own business (its tests): a bare stand-in here.
if (!customElements.get('associa-resource-list')) customElements.define('associa-resource-list', class extends HTMLElement {});

const field = (name: string, options?: { value: string; label: string }[]): ExplainerField =>
  ({ name, type: options ? 'enum' : 'string', validation: {}, label: name, group: '', inputType: 'text', sortable: false, filterable: true, searchable: false, readOnly: true, ...(options ? { options } : {}) });
const action = (name: string) => ({ name, label: name, on: 'collection' as const, fields: [] });
const res = (label: string, extra: Partial<ExplainerResource> = {}): ExplainerResource => ({ label, fields: [], ...extra });

function explainer({ mayPrepare = true } = {}) {
  return {
    body: {
      data: {
        members: res('Sócios'),
        sepa_mandates: res('Mandatos'),
        direct_debit_batches: res('Lotes', { actions: mayPrepare ? [action('prepare')] : [], fields: [field('state', [{ value: 'open', label: 'Em cobrança' }])] }),
        direct_debit_items: res('Cobranças', {
          fields: [field('state', [{ value: 'pending', label: 'Pendente' }, { value: 'confirmed', label: 'Cobrado' }]), field('sequence_type', [{ value: 'FRST', label: 'Primeira cobrança' }])],
        }),
      },
    },
  };
}

const BATCH_PATH = '/quotas/debitoDireto/lotes/:id';
const MANDATES_PATH = '/quotas/debitoDireto/mandatos';
const flat = (element: HTMLElement) => text(element).replace(/\s+/g, ' ');

describe('<associa-direct-debit>', () => {
  afterEach(cleanupFeatures);

  it('prepares a batch for a collection date and due date, and tells what went in and what stayed out', async () => {
    const { f, core, place, logIn, navigations } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'GET /explainer': explainer(),
      'POST /direct_debit_batches/prepare': [
        { status: 422, body: { code: 'invalid_record', message: 'O registo tem erros de validação.', errors: { collection_date: 'A data de cobrança não pode ser anterior a hoje.' } } },
        { body: { data: { batch: { _id: 5 }, items: 2, total: 4500, excluded: [{ debt: 9, member: 2, code: 'above_mandate_maximum', reason: 'O valor excede o máximo do mandato: usa referência Multibanco.', fallback: 'multibanco' }] } } },
      ],
    });
    const element = place('associa-direct-debit', { 'batch-path': BATCH_PATH, 'mandates-path': MANDATES_PATH });
    const list = await find(element, 'associa-resource-list');
    expect([list.getAttribute('resource'), list.getAttribute('edit-path'), list.getAttribute('columns'), list.getAttribute('api')]).to.deep.equal([
      'direct_debit_batches',
      BATCH_PATH,
      'collection_date,state,item_count,total,created_at',
      f.api,
    ]);
    expect(element.shadowRoot!.querySelector('[data-collecting-list="direct_debit_batches"] h2')!.textContent).to.equal('Lotes de débito direto');
    (await link(element, 'Mandatos')).click();
    expect(navigations).to.deep.equal([MANDATES_PATH]);

    (await button(element, 'Preparar lote')).click();
    const today = new Date(core.clock.now()).toISOString().slice(0, 10);
    expect((await control(element, 'Data de cobrança')).value).to.equal(today);
    expect((await control(element, 'Dívidas vencidas até')).value).to.equal(today);
    await expectAccessible(element);
    type(await control(element, 'Data de cobrança'), '2031-05-01');
    type(await control(element, 'Dívidas vencidas até'), '2031-05-31');
    (await button(element, 'Preparar')).click();
    await waitForText(element, 'A data de cobrança não pode ser anterior a hoje.');
    expect((await control(element, 'Data de cobrança')).getAttribute('aria-invalid')).to.equal('true');
    type(await control(element, 'Data de cobrança'), '2031-06-10');
    (await button(element, 'Preparar')).click();
    await waitUntil(() => flat(element).includes('Lote preparado: 2 cobranças, total 45,00'), 'the batch was not told');
    expect(text(element)).to.contain('O valor excede o máximo do mandato');
    (await link(element, 'Abrir o lote')).click();
    expect(navigations).to.deep.equal([MANDATES_PATH, '/quotas/debitoDireto/lotes/5']);
    const posts = await f.requests('POST', '/direct_debit_batches/prepare');
    expect(posts.map((p) => p.body)).to.deep.equal([
      { collection_date: '2031-05-01', due_until: '2031-05-31' },
      { collection_date: '2031-06-10', due_until: '2031-05-31' },
    ]);
  });

  it('offers no "Preparar lote" to a caller the server does not let prepare one', async () => {
    const { f, core, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({ 'GET /explainer': explainer({ mayPrepare: false }) });
    const element = place('associa-direct-debit', { 'batch-path': BATCH_PATH, 'mandates-path': MANDATES_PATH });
    await find(element, 'associa-resource-list');
    await waitUntil(() => core.explainer.loaded.value, 'the explainer was never read');
    // One frame for React to draw what the explainer says.
    await new Promise(requestAnimationFrame);
    await link(element, 'Mandatos');
    expect(all(element, 'button').map((b) => b.textContent)).to.deep.equal([]);
  });
});

describe('<associa-direct-debit-batch>', () => {
  afterEach(cleanupFeatures);

  it("lists a batch's collections, confirms one, asks a reason before a return, and downloads both pain.008 versions", async () => {
    const item = (id: number, member: number, state: string) => ({ _id: id, member, debt: 100 + id, amount: 2250, sequence_type: 'FRST', state, reason: null });
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'GET /explainer': explainer(),
      'GET /direct_debit_batches/5': { body: { data: { _id: 5, collection_date: '2031-06-10', state: 'open', item_count: 2, total: 4500 } } },
      'GET /direct_debit_items': [{ body: { data: [item(1, 21, 'pending'), item(2, 22, 'pending')], meta: { total: 2 } } }, { body: { data: [item(1, 21, 'confirmed'), item(2, 22, 'pending')], meta: { total: 2 } } }],
      'GET /members/21': { body: { data: { _id: 21, number: 12, name: 'Ana Lopes' } } },
      'GET /members/22': { body: { data: { _id: 22, number: 13, name: 'Rui Sá' } } },
      'POST /direct_debit_items/1/confirm': { body: { data: null } },
      'POST /direct_debit_items/2/reject': { body: { data: null } },
      'GET /direct_debit_batches/5/pain008.xml': { body: '<Document/>' },
    });
    const element = place('associa-direct-debit-batch', { 'batch-id': '5' });
    await waitUntil(() => element.shadowRoot?.querySelectorAll('tbody tr').length === 2, 'no collections', { timeout: 4000 });
    // The batch, its items and each member arrive by separate requests, in any order under load.
    await waitUntil(() => flat(element).includes('12 Ana Lopes') && flat(element).includes('13 Rui Sá'), 'the members were not named', { timeout: 4000 });
    await waitForText(element, '10/06/2031');
    await waitForText(element, 'Em cobrança');
    expect(text(element)).to.contain('Primeira cobrança');
    expect(text(element)).to.contain('Pendente');
    await expectAccessible(element);
    const row = (id: number) => element.shadowRoot!.querySelector(`tr[data-item="${id}"]`)!;
    const confirm1 = [...row(1).querySelectorAll('button')].find((b) => b.textContent === 'Confirmar')!;
    expect(element.shadowRoot!.getElementById(confirm1.getAttribute('aria-describedby')!)!.textContent).to.equal('12 Ana Lopes');
    confirm1.click();
    await waitForText(element, 'Cobrança confirmada.');
    await waitUntil(() => row(1).getAttribute('data-state') === 'confirmed', 'the list was not read again', { timeout: 4000 });
    expect(row(1).querySelectorAll('button')).to.have.length(0);

    [...row(2).querySelectorAll('button')].find((b) => b.textContent === 'Devolução')!.click();
    await waitForText(element, 'Indique o motivo da devolução.');
    const reason = await control(element, 'Motivo da devolução');
    expect(element.shadowRoot!.activeElement).to.equal(reason);
    expect(await f.requests('POST', '/direct_debit_items/2/reject')).to.have.length(0);
    type(reason, 'AM04');
    [...row(2).querySelectorAll('button')].find((b) => b.textContent === 'Devolução')!.click();
    await waitUntil(async () => (await f.requests('POST', '/direct_debit_items/2/reject')).length === 1, 'no return was sent', { timeout: 4000 });
    expect((await f.requests('POST', '/direct_debit_items/2/reject'))[0]!.body).to.deep.equal({ reason: 'AM04' });

    (await button(element, 'Descarregar pain.008.001.02')).click();
    (await button(element, 'Descarregar pain.008.001.08')).click();
    await waitUntil(async () => (await f.requests('GET', '/direct_debit_batches/5/pain008.xml')).length === 2, 'both files were not asked for', { timeout: 4000 });
    // Two downloads at once: they may reach the server in either order.
    expect((await f.requests('GET', '/direct_debit_batches/5/pain008.xml')).map((r) => r.query.version)).to.have.members(['pain.008.001.02', 'pain.008.001.08']);
  });

  it('says so when the batch does not exist', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({ 'GET /explainer': explainer(), 'GET /direct_debit_batches/77': { status: 404, body: { code: 'not_found', message: 'Registo não encontrado.' } }, 'GET /direct_debit_items': { body: { data: [], meta: { total: 0 } } } });
    const element = place('associa-direct-debit-batch', { 'batch-id': '77' });
    await waitForText(element, 'Lote não encontrado.');
  });
});

describe('<associa-member-mandate>', () => {
  afterEach(cleanupFeatures);

  const MANDATE_PATH = '/quotas/debitoDireto/mandatos/:id';
  const NEW_PATH = '/quotas/debitoDireto/mandatos/novo';

  it('shows the active mandate with a link to it, or the way to create one', async () => {
    const { f, place, logIn, navigations } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({
      'GET /explainer': explainer(),
      'GET /sepa_mandates': [{ body: { data: [{ _id: 8, reference: 'ANA-1', iban: 'PT50000201231234567890154' }], meta: { total: 1 } } }, { body: { data: [], meta: { total: 0 } } }],
    });
    const withMandate = place('associa-member-mandate', { 'member-id': '21', 'mandate-path': MANDATE_PATH, 'new-path': NEW_PATH });
    await waitForText(withMandate, 'Mandato ativo ANA-1, IBAN PT50 0002 0123 1234 5678 9015 4');
    expect((await f.requests('GET', '/sepa_mandates'))[0]!.query).to.include({ _member: '21', _state: 'active' });
    await expectAccessible(withMandate);
    (await link(withMandate, 'Ver mandato')).click();
    expect(navigations).to.deep.equal(['/quotas/debitoDireto/mandatos/8']);

    const without = place('associa-member-mandate', { 'member-id': '22', 'mandate-path': MANDATE_PATH, 'new-path': NEW_PATH });
    await waitForText(without, 'Sem mandato ativo.');
    expect((await f.requests('GET', '/sepa_mandates'))[1]!.query).to.include({ _member: '22', _state: 'active' });
    (await link(without, 'Novo mandato')).click();
    expect(navigations).to.deep.equal(['/quotas/debitoDireto/mandatos/8', NEW_PATH]);
  });

  it('shows nothing where the server has no direct debit', async () => {
    const { f, core, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({ 'GET /explainer': { body: { data: { members: res('Sócios') } } } });
    const element = place('associa-member-mandate', { 'member-id': '21', 'mandate-path': MANDATE_PATH, 'new-path': NEW_PATH });
    await waitUntil(() => core.explainer.loaded.value, 'the explainer was never read');
    await new Promise(requestAnimationFrame);
    expect(text(element)).to.equal('');
    expect(await f.requests('GET', '/sepa_mandates')).to.have.length(0);
  });
});
