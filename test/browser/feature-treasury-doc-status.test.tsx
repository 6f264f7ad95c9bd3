import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/treasury/doc-status/element.js';
import '../../src/widgets/resource-list/element.js';
import { TERMINOLOGY_DEFAULTS } from '../../src/core/contract.js';
import { TREASURY_MODULE } from '../../src/widgets/treasury/module.js';
import { place, removePlaced, shadowOf } from './kit/fixtures.js';
import { disposeCores, field, freshFault, pageReply } from './resource-fixtures.js';
import { button, cleanupFeatures, control, featureFixture, find, text, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const at = '2026-03-01T10:00:00Z';
const doc = (status: number | null) => ({ body: { data: { _id: 7, number: 'FR 2026/7', status, created_at: at } } });
const STATUSES = { body: { data: [{ _id: 1, name: 'Enviado', created_at: at }, { _id: 2, name: 'Arquivado', created_at: at }], meta: { total: 2 } } };

describe('<associa-treasury-doc-status>', () => {
  afterEach(cleanupFeatures);

  it("shows a document's status by name, changes it through the bulk route with its one id, then clears it", async () => {
    const { f, place, logIn } = featureFixture();
    logIn(2, 'Rui Editor', 'editor');
    await f.script({
      'GET /document_statuses': STATUSES,
      'GET /treasury_docs/7': [doc(null), doc(2), doc(null)],
      'POST /treasury_docs_statuses/bulk': { body: { data: { changed: 1 } } },
      'POST /treasury_docs_statuses/bulk_delete': { body: { data: { changed: 1 } } },
    });
    const element = place('associa-treasury-doc-status', { 'doc-id': '7' });
    await waitForText(element, 'Estado atual: Sem estado');
    expect(text(element)).not.to.contain('Limpar estado');
    await expectAccessible(element);
    expect((await f.requests('GET', '/document_statuses'))[0]!.query._limit).to.equal('-1');

    // Nothing chosen: a pt-PT message, nothing sent.
    (await button(element, 'Mudar estado')).click();
    await waitForText(element, 'Escolha o estado a dar ao documento.');
    expect(await f.requests('POST', '/treasury_docs_statuses/bulk')).to.have.length(0);

    const select = await control<HTMLSelectElement>(element, 'Novo estado');
    expect([...select.options].map((o) => o.textContent)).to.deep.equal(['Escolha um estado', 'Enviado', 'Arquivado']);
    select.value = '2';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    (await button(element, 'Mudar estado')).click();
    await waitForText(element, 'Estado mudado para «Arquivado».');
    expect((await f.requests('POST', '/treasury_docs_statuses/bulk'))[0]!.body).to.deep.equal({ ids: [7], status: 2 });
    // The document is read again: its status by name, and the one it has is no longer offered.
    await waitForText(element, 'Estado atual: Arquivado');
    expect([...(await control<HTMLSelectElement>(element, 'Novo estado')).options].map((o) => o.textContent)).to.deep.equal(['Escolha um estado', 'Enviado']);
    await expectAccessible(element);

    (await button(element, 'Limpar estado')).click();
    await waitForText(element, 'O documento ficou sem estado.');
    expect((await f.requests('POST', '/treasury_docs_statuses/bulk_delete'))[0]!.body).to.deep.equal({ ids: [7] });
    await waitForText(element, 'Estado atual: Sem estado');
  });

  it("says what the server refused, and the document's status stays", async () => {
    const { f, place, logIn } = featureFixture();
    logIn(2, 'Rui Editor', 'editor');
    await f.script({
      'GET /document_statuses': STATUSES,
      'GET /treasury_docs/7': doc(1),
      'POST /treasury_docs_statuses/bulk': { status: 422, body: { code: 'invalid_record', errors: { status: 'Escolha um estado de documento existente.' } } },
    });
    const element = place('associa-treasury-doc-status', { 'doc-id': '7' });
    await waitForText(element, 'Estado atual: Enviado');
    const select = await control<HTMLSelectElement>(element, 'Novo estado');
    select.value = '2';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    (await button(element, 'Mudar estado')).click();
    const alert = await find(element, '[role="alert"]');
    expect(alert.textContent).to.contain('Escolha um estado de documento existente.');
    expect(text(element)).to.contain('Estado atual: Enviado');
  });
});

describe('the treasury documents list', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  it("shows each document's status by name in the columns the treasury page places", async () => {
    const route = TREASURY_MODULE.routes(TERMINOLOGY_DEFAULTS.association).find((r) => r.name === 'treasuryDocList')!;
    const columns = (route.page!.parts[0] as { columns: string }).columns;
    expect(columns.split(',')).to.include('status');
    const f = freshFault();
    const fields = [
      field({ name: 'number', type: 'string', label: 'Número', sortable: true }),
      field({ name: 'status', type: 'reference', ref: 'document_statuses', label: 'Estado', filterable: true }),
    ];
    await f.script({
      'GET /explainer': { body: { data: { treasury_docs: { label: 'Documentos de tesouraria', fields } } } },
      'GET /treasury_docs': pageReply([{ _id: 7, number: 'FR 2026/7', status: 2, created_at: at }, { _id: 8, number: 'FR 2026/8', status: null, created_at: at }]),
      'GET /document_statuses': STATUSES,
    });
    const element = place('associa-resource-list', { resource: 'treasury_docs', api: f.api, columns: 'number,status' });
    const rows = () => [...shadowOf(element).querySelectorAll('tbody tr')].map((tr) => tr.textContent);
    await waitUntil(() => rows()[0]?.includes('Arquivado'), 'the status name never shown');
    expect([...shadowOf(element).querySelectorAll('th')].map((th) => th.textContent?.replace(/[▲▼↕]/g, ''))).to.deep.equal(['Número', 'Estado']);
    expect(rows()[1]).to.equal('FR 2026/8');
  });
});
