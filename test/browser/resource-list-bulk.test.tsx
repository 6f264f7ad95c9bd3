import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/resource-list/element.js';
import { inShadow, place, removePlaced, shadowOf } from './kit/fixtures.js';
import { all, buttonNamed, disposeCores, freshFault, member, MEMBER_FIELDS, pageReply, statesReply, text, typeInto, waitForButton } from './resource-fixtures.js';
import { tokenPair, type Fault } from './support/fault.js';

const TAG = 'associa-resource-list';
const ALL = { list: 'all', read: 'all', create: 'all', update: 'all', delete: 'all' };
const rows = (n: number, from = 1) => Array.from({ length: n }, (_, i) => member(from + i));

/** The explainer as the server gives it to staff: what they may do, and their saved filters' resource. */
const explainer = (withSaved = false) => ({
  body: {
    data: {
      members: { label: 'Sócios', fields: MEMBER_FIELDS, operations: ALL },
      // Read for the state names and choices.
      member_states: { label: 'Estados', fields: [], operations: { ...ALL, create: 'none', update: 'none', delete: 'none' } },
      ...(withSaved ? { saved_filters: { label: 'Filtros guardados', fields: [], operations: { ...ALL } } } : {}),
    },
  },
});

async function showList(f: Fault) {
  const element = place(TAG, { resource: 'members', api: f.api });
  await waitUntil(() => all(element, 'tbody tr').length > 0, 'the list never rendered');
  return element;
}
const listRequests = async (f: Fault) => (await f.requests('GET', '/members')).map((r) => r.query);
const filtersOf = (query: Record<string, string>) => Object.fromEntries(Object.entries(query).filter(([k]) => !['_page', '_limit'].includes(k)));
const byLabel = <E extends HTMLElement>(element: Element, label: string) => all<E>(element, `[aria-label="${label}"]`)[0];
const rowBox = (element: Element, i: number) => all<HTMLInputElement>(element, 'tbody tr input[type="checkbox"]')[i]!;
const controlFor = <E extends HTMLElement>(element: Element, scope: Element, label: string) =>
  shadowOf(element).getElementById([...scope.querySelectorAll('label')].find((l) => l.textContent === label)!.htmlFor) as E;

describe('<associa-resource-list> filter chips', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  it('shows the search and each filter as a chip whose button removes it from the list query', async () => {
    const f = freshFault();
    await f.script({ 'GET /explainer': explainer(), 'GET /members': pageReply(rows(2)), 'GET /member_states': statesReply });
    const element = await showList(f);
    (await waitForButton(element, 'Filtros')).click();
    const panel = await inShadow(element, 'fieldset');
    await waitUntil(() => controlFor<HTMLSelectElement>(element, panel, 'Estado').options.length === 3, 'reference options never loaded');
    typeInto(controlFor(element, panel, 'Estado'), '2');
    typeInto(await inShadow<HTMLInputElement>(element, 'input[type="search"]'), 'ana');
    await waitUntil(() => byLabel(element, 'Remover filtro Estado: Suspenso') && byLabel(element, 'Remover filtro Pesquisa: ana'), 'chips never shown');
    expect(all(element, '[data-chip]').map((c) => c.textContent)).to.deep.equal(['Pesquisa: ana×', 'Estado: Suspenso×']);

    byLabel(element, 'Remover filtro Estado: Suspenso')!.click();
    await waitUntil(() => !byLabel(element, 'Remover filtro Estado: Suspenso'));
    await waitUntil(async () => filtersOf((await listRequests(f)).at(-1)!)._state === undefined);
    expect(filtersOf((await listRequests(f)).at(-1)!)).to.deep.equal({ _sort: 'created_at', _search: 'ana' });
    expect(controlFor<HTMLSelectElement>(element, panel, 'Estado').value).to.equal('');
    expect(buttonNamed(element, 'Filtros') !== undefined).to.equal(true);

    byLabel(element, 'Remover filtro Pesquisa: ana')!.click();
    await waitUntil(async () => (await listRequests(f)).at(-1)!._search === undefined, 'the search was never dropped');
    expect((await inShadow<HTMLInputElement>(element, 'input[type="search"]')).value).to.equal('');
    expect(all(element, '[data-chip]')).to.have.length(0);
  });

  it('names range bounds and declared filters as a person reads them', async () => {
    const f = freshFault();
    const withFilters = explainer();
    (withFilters.body.data.members as Record<string, unknown>).filters = [{ name: 'standing', label: 'Situação', options: [{ value: 'em_atraso', label: 'Quotas em atraso' }] }];
    await f.script({ 'GET /explainer': withFilters, 'GET /members': pageReply(rows(1)), 'GET /member_states': statesReply });
    const element = await showList(f);
    const { getCore } = await import('../../src/core/index.js');
    void getCore(f.api).list('members').setConstraints({ created_at_gte: '2024-01-01', standing: 'em_atraso' });
    await waitUntil(() => all(element, '[data-chip]').length === 2, 'chips never shown');
    expect(all(element, '[data-chip] button').map((b) => b.getAttribute('aria-label'))).to.deep.equal([
      'Remover filtro Criado em desde: 01/01/2024',
      'Remover filtro Situação: Quotas em atraso',
    ]);
  });
});

describe('<associa-resource-list> selection and bulk actions', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  it('picks a range with shift, then deletes those rows after a question that says how many', async () => {
    const f = freshFault();
    await f.script({
      'GET /explainer': explainer(),
      'GET /members': [pageReply(rows(5), 5), pageReply(rows(1, 5), 1)],
      'GET /member_states': statesReply,
      'POST /members/bulk_delete': { body: { data: { done: 4 } } },
    });
    const element = await showList(f);
    rowBox(element, 0).click();
    rowBox(element, 3).dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey: true }));
    await waitUntil(() => text(element).includes('4 selecionados'), 'the range was never picked');
    expect(all<HTMLInputElement>(element, 'tbody tr input[type="checkbox"]').map((b) => b.checked)).to.deep.equal([true, true, true, true, false]);
    expect(rowBox(element, 0).getAttribute('aria-label')).to.equal('Selecionar linha Sócio 1');
    expect(byLabel<HTMLInputElement>(element, 'Selecionar todas as linhas da página')!.indeterminate).to.equal(true);
    // Picking opens nothing: the row is not followed.
    expect(location.hash).to.equal('');

    buttonNamed(element, 'Apagar')!.click();
    await waitUntil(() => all(element, 'dialog[open]').length === 1);
    expect(all(element, 'dialog[open] h3')[0]!.textContent).to.equal('Apagar 4 registos?');
    all<HTMLButtonElement>(element, 'dialog[open] button').find((b) => b.textContent === 'Apagar')!.click();
    await waitUntil(() => text(element).includes('4 registos apagados.'), 'no word of the deletion');
    const [sent] = await f.requests('POST', '/members/bulk_delete');
    expect(sent!.body).to.deep.equal({ ids: [1, 2, 3, 4] });
    // The list was read again and nothing is picked any more.
    await waitUntil(async () => (await listRequests(f)).length === 2);
    expect(text(element)).not.to.include('selecionados');
  });

  it("picks the page with the header box, then 'Selecionar todos os N' sends the list query, not ids", async () => {
    const f = freshFault();
    await f.script({
      'GET /explainer': explainer(),
      'GET /members': [pageReply(rows(3), 240), pageReply(rows(3), 240), pageReply(rows(3), 240)],
      'GET /member_states': statesReply,
      'POST /members/bulk_delete': { body: { data: { done: 240 } } },
    });
    const element = await showList(f);
    typeInto(await inShadow<HTMLInputElement>(element, 'input[type="search"]'), 'sousa');
    await waitUntil(async () => (await listRequests(f)).length === 2);
    await waitUntil(() => all(element, 'tbody tr').length === 3);
    byLabel(element, 'Selecionar todas as linhas da página')!.click();
    await waitUntil(() => text(element).includes('3 selecionados'));
    (await waitForButton(element, 'Selecionar todos os 240')).click();
    await waitUntil(() => text(element).includes('240 selecionados'));
    expect(buttonNamed(element, 'Selecionar todos os 240')).to.equal(undefined);
    buttonNamed(element, 'Apagar')!.click();
    await waitUntil(() => all(element, 'dialog[open] h3')[0]?.textContent === 'Apagar 240 registos?');
    all<HTMLButtonElement>(element, 'dialog[open] button').find((b) => b.textContent === 'Cancelar')!.click();
    await waitUntil(() => all(element, 'dialog[open]').length === 0);
    expect(await f.requests('POST', '/members/bulk_delete')).to.have.length(0);
    buttonNamed(element, 'Apagar')!.click();
    await waitUntil(() => all(element, 'dialog[open]').length === 1);
    all<HTMLButtonElement>(element, 'dialog[open] button').find((b) => b.textContent === 'Apagar')!.click();
    await waitUntil(async () => (await f.requests('POST', '/members/bulk_delete')).length === 1);
    expect((await f.requests('POST', '/members/bulk_delete'))[0]!.body).to.deep.equal({ query: '_search=sousa' });
  });

  it("changes a member field of the picked rows and shows the server's refusal naming the record", async () => {
    const f = freshFault();
    await f.script({
      'GET /explainer': explainer(),
      'GET /members': pageReply(rows(3)),
      'GET /member_states': statesReply,
      'POST /members/bulk_update': [
        { status: 422, body: { code: 'invalid_record', errors: { state: 'Registo 2: O estado escolhido não existe.' } } },
        { body: { data: { done: 2 } } },
      ],
    });
    const element = await showList(f);
    rowBox(element, 0).click();
    rowBox(element, 1).click();
    const form = await inShadow(element, 'form[aria-label="Alterar"]');
    typeInto(controlFor(element, form, 'Campo'), 'state');
    await waitUntil(() => controlFor<HTMLSelectElement>(element, form, 'Valor').options.length === 3, 'states never offered');
    typeInto(controlFor(element, form, 'Valor'), '2');
    buttonNamed(element, 'Aplicar')!.click();
    await waitUntil(() => all(element, '[role="alert"]')[0]?.textContent === 'Registo 2: O estado escolhido não existe.', 'the refusal was never shown');
    expect(text(element)).to.include('2 selecionados');
    buttonNamed(element, 'Aplicar')!.click();
    await waitUntil(() => text(element).includes('2 registos alterados.'));
    const sent = (await f.requests('POST', '/members/bulk_update')).map((r) => r.body);
    expect(sent).to.deep.equal([{ ids: [1, 2], changes: { state: 2 } }, { ids: [1, 2], changes: { state: 2 } }]);
  });

  it('follows a large delete as a job to its end, and says how many rows were refused and why', async () => {
    const f = freshFault();
    const refusal = 'Um documento emitido não pode ser alterado nem apagado: anule-o, o que emite uma nota de anulação.';
    await f.script({
      'GET /explainer': explainer(),
      'GET /members': pageReply(rows(3), 240),
      'GET /member_states': statesReply,
      'POST /members/bulk_delete': { status: 202, body: { data: { total: 240, job: { _id: 9, state: 'queued', name: 'records.bulk' } } } },
    });
    const { getCore } = await import('../../src/core/index.js');
    const core = getCore(f.api);
    core.tokens.set(tokenPair(1, 'Ana Conceição', 'admin'));
    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
    const element = await showList(f);
    byLabel(element, 'Selecionar todas as linhas da página')!.click();
    (await waitForButton(element, 'Selecionar todos os 240')).click();
    await waitUntil(() => text(element).includes('240 selecionados'));
    buttonNamed(element, 'Apagar')!.click();
    await waitUntil(() => all(element, 'dialog[open]').length === 1);
    all<HTMLButtonElement>(element, 'dialog[open] button').find((b) => b.textContent === 'Apagar')!.click();
    await waitUntil(async () => (await f.requests('POST', '/members/bulk_delete')).length === 1);
    await f.wsSend({ topic: 'jobs', payload: { id: 9, name: 'records.bulk', state: 'running', progress: 120, total: 240 } });
    await waitUntil(() => text(element).includes('A processar 120 de 240…'), 'no progress shown');
    await f.wsSend({
      topic: 'jobs',
      payload: { id: 9, name: 'records.bulk', state: 'done', progress: 240, total: 240, result: { done: 0, refused: 240, reasons: [{ message: refusal, rows: 240, ids: [1, 2, 3] }] } },
    });
    await waitUntil(() => text(element).includes('Nenhum registo apagado.'), 'the end of the job was never told');
    expect(all(element, '[role="alert"]')[0]?.textContent).to.equal(`240 registos recusados: ${refusal}`);
    expect(text(element)).not.to.include('240 registos apagados');
  });

  it('offers no boxes where the caller may neither change nor delete', async () => {
    const f = freshFault();
    const readOnly = explainer();
    (readOnly.body.data.members as Record<string, unknown>).operations = { ...ALL, update: 'none', delete: 'none' };
    await f.script({ 'GET /explainer': readOnly, 'GET /members': pageReply(rows(2)), 'GET /member_states': statesReply });
    const element = await showList(f);
    expect(all(element, 'input[type="checkbox"]')).to.have.length(0);
  });
});

describe('<associa-resource-list> saved filters', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  it('applies a saved filter, saves the current filters under a name, and deletes one', async () => {
    const f = freshFault();
    const suspensos = { _id: 5, name: 'Suspensos', query: '_state=2&_sort=-name', resource: 'members' };
    await f.script({
      'GET /explainer': explainer(true),
      'GET /members': pageReply(rows(2)),
      'GET /member_states': statesReply,
      'GET /saved_filters': pageReply([suspensos]),
      'POST /saved_filters': { status: 201, body: { data: { _id: 6, name: 'Ana' } } },
      'DELETE /saved_filters/6': { status: 204 },
    });
    const element = await showList(f);
    const group = await inShadow(element, '[role="group"][aria-label="Filtros guardados"]');
    await waitUntil(() => group.querySelector('select')?.options.length === 2, 'saved filters never listed');
    expect((await f.requests('GET', '/saved_filters'))[0]!.query).to.include({ _resource: 'members' });
    typeInto(controlFor(element, group, 'Filtros guardados'), '5');
    await waitUntil(async () => (await listRequests(f)).length === 2);
    expect(filtersOf((await listRequests(f))[1]!)).to.deep.equal({ _sort: '-name', _state: '2' });
    await waitUntil(() => byLabel(element, 'Remover filtro Estado: Suspenso'), 'the saved filter shows no chip');

    typeInto(await inShadow<HTMLInputElement>(element, 'input[type="search"]'), 'ana');
    await waitUntil(async () => (await listRequests(f)).length === 3);
    await f.script({ 'GET /saved_filters': pageReply([suspensos, { _id: 6, name: 'Ana', query: '_search=ana&_state=2&_sort=-name' }]) });
    buttonNamed(element, 'Guardar filtros')!.click();
    await waitUntil(() => [...group.querySelectorAll('label')].some((l) => l.textContent === 'Nome do filtro'), 'no name asked');
    typeInto(controlFor<HTMLInputElement>(element, group, 'Nome do filtro'), 'Ana');
    buttonNamed(element, 'Guardar')!.click();
    await waitUntil(async () => (await f.requests('POST', '/saved_filters')).length === 1);
    expect((await f.requests('POST', '/saved_filters'))[0]!.body).to.deep.equal({ resource: 'members', name: 'Ana', query: '_search=ana&_state=2&_sort=-name' });
    await waitUntil(() => controlFor<HTMLSelectElement>(element, group, 'Filtros guardados').value === '6', 'the new filter is not the one chosen');

    await f.script({ 'GET /saved_filters': pageReply([suspensos]) });
    (await waitForButton(element, 'Apagar filtro guardado')).click();
    await waitUntil(async () => (await f.requests('DELETE', '/saved_filters/6')).length === 1);
    await waitUntil(() => controlFor<HTMLSelectElement>(element, group, 'Filtros guardados').options.length === 2);
  });
});
