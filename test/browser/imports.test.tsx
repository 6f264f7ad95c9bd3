// Sócios › Importar against the fault server: <associa-import> sends a file (chosen or dropped;
// the server's pt-PT refusal shown), maps its columns (suggestions chosen, required fields
// marked, a clear error while one is unmapped), shows the dry run's report (counts, rows by
// outcome with the matched member linked and each error's field and reason, nothing written),
// and imports, following the job to its end; <associa-import-history> lists earlier imports and
// undoes one, listing in plain words what blocks it and offering to undo the rest.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import { setViewport } from '@web/test-runner-commands';
import '../../src/widgets/imports/import/element.js';
import '../../src/widgets/imports/history/element.js';
import { all, button, cleanupFeatures, control, featureFixture, find, link, text, type, waitForText, type FeatureFixture } from './feature-support/elements.js';
import type { ImportBatch, ImportBlocker, ImportCheck, ImportField, ImportUpload } from '../../src/core/index.js';
import { expectAccessible } from './support/axe.js';

const BATCH = 7;
const JOB = 93;

const FIELDS: ImportField[] = [
  { key: 'name', label: 'Nome', required: true, hint: '', joins: true },
  { key: 'number', label: 'N.º de sócio', required: false, hint: 'Um número inteiro', joins: false },
  { key: 'nif', label: 'NIF', required: false, hint: '9 algarismos', joins: false },
  { key: 'email', label: 'E-mail', required: false, hint: 'Ex.: ana@exemplo.pt', joins: false },
  { key: 'fee_category', label: 'Categoria de quota', required: true, hint: 'O nome, como em Categorias de quota', joins: false },
  { key: 'birth_date', label: 'Data de nascimento', required: false, hint: 'dd/mm/aaaa ou aaaa-mm-dd', joins: false },
];

const UPLOAD: ImportUpload = {
  id: BATCH,
  kind: 'members',
  fileName: 'socios.csv',
  rowCount: 4,
  columns: [
    { index: 0, header: 'Nº', samples: ['12', '13', ''] },
    { index: 1, header: 'Nome completo', samples: ['Ana Lima', 'Rui Costa', 'Eva Santos'] },
    { index: 2, header: 'Contribuinte', samples: ['123456789', '', '987654321'] },
    { index: 3, header: 'Correio', samples: ['ana@exemplo.pt', 'rui@exemplo.pt', 'eva@exemplo.pt'] },
  ],
  fields: FIELDS,
  // The server suggests what it recognises by the headers: the name's column it did not.
  mapping: { '0': 'number', '1': null, '2': 'nif', '3': 'email' },
  // The fee category kept from the last import: every row in it unless a column says otherwise.
  defaults: { fee_category: 'Efetivo' },
};

const CHECK: ImportCheck = {
  summary: { create: 1, update: 1, unchanged: 0, duplicate: 1, error: 1 },
  rows: [
    { line: 2, outcome: 'update', member: { id: 21, number: 12, name: 'Ana Lima' }, matchedBy: 'nif', changes: ['email'], errors: [] },
    { line: 3, outcome: 'create', actions: ['Lança Quota 2024 (30,00 €)', 'Regista pagamento de 30,00 € em 15/03/2024'], errors: [] },
    { line: 4, outcome: 'error', errors: [{ field: 'nif', message: 'O NIF 987654320 não é válido.' }, { field: 'email', message: 'O endereço não é válido.' }] },
    { line: 5, outcome: 'duplicate', errors: [{ field: 'file', message: 'Repete a linha 3 (mesmo NIF).' }] },
  ],
  rowCount: 4,
};

let fixture: FeatureFixture;
let element: HTMLElement;

async function mount(rules: Record<string, unknown> = {}, { realtime = false } = {}): Promise<FeatureFixture> {
  fixture = featureFixture();
  const { f, core, place, logIn } = fixture;
  logIn(1, 'Ana Admin', 'admin');
  await f.script({ 'GET /explainer': { body: { data: { members: { label: 'Sócios', fields: [] } } } }, ...(rules as Record<string, never>) });
  if (realtime) {
    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
  }
  element = place('associa-import', { kinds: 'members', 'members-path': '/socios', 'member-path': '/socios/:id', plural: 'Sócios' });
  await find(element, 'input[type="file"]', 'the file input');
  return fixture;
}

function chooseFile(file: File) {
  const input = element.shadowRoot!.querySelector('input[type="file"]') as HTMLInputElement;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

function dropFile(file: File) {
  const zone = element.shadowRoot!.querySelector('[data-drop-zone]')!;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  zone.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: transfer }));
  zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
}

const csv = (name = 'socios.csv') => new File(['Nº;Nome completo;Contribuinte;Correio\n12;Ana Lima;123456789;ana@exemplo.pt\n'], name, { type: 'text/csv' });
const shown = (node: Element | null | undefined) => ((node as HTMLElement | null)?.innerText ?? '').replace(/\s+/g, ' ').trim();
const mapRow = (index: number) => element.shadowRoot!.querySelector(`[data-column-map] tr[data-column="${index}"]`)!;
const selectOf = (index: number) => mapRow(index).querySelector('select')!;
function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
const reportRows = () => all(element, '[data-report-rows] tbody tr').map((row) => [...row.querySelectorAll('td')].map((cell) => shown(cell)));

afterEach(cleanupFeatures);

describe('<associa-import>', () => {
  it("shows the server's pt-PT refusal of a file and refuses what is neither CSV nor Excel before sending it", async () => {
    const { f } = await mount({ 'POST /imports': { status: 422, body: { message: 'O ficheiro não tem linhas de dados: só a linha dos nomes das colunas.', errors: {} } } });
    chooseFile(new File(['x'], 'fotos.pdf', { type: 'application/pdf' }));
    await waitForText(element, 'O ficheiro tem de ser CSV (.csv) ou Excel (.xlsx).');
    expect(await f.requests('POST', '/imports')).to.have.length(0);

    chooseFile(csv('vazio.csv'));
    await waitForText(element, 'O ficheiro não tem linhas de dados: só a linha dos nomes das colunas.');
    expect(element.shadowRoot!.querySelector('[role="alert"]')?.textContent).to.equal('O ficheiro não tem linhas de dados: só a linha dos nomes das colunas.');
    // Still on the first step, the file can be chosen again.
    expect((element.shadowRoot!.querySelector('input[type="file"]') as HTMLInputElement).disabled).to.equal(false);
    await expectAccessible(element);
  });

  it('maps the columns: headers and three samples, suggestions chosen, required fields marked, an unmapped one refused with a clear error', async () => {
    const { f } = await mount({ 'POST /imports': { status: 201, body: { data: UPLOAD } }, [`POST /imports/${BATCH}/check`]: { body: { data: CHECK } } });
    dropFile(csv());
    await find(element, '[data-column-map]', 'the column map');
    const sent = (await f.requests('POST', '/imports'))[0]!;
    expect(String(sent.headers['content-type'])).to.match(/^multipart\/form-data/);

    expect(shown(element.shadowRoot!.querySelector('h2'))).to.equal('Colunas de «socios.csv»');
    expect(element.shadowRoot!.activeElement?.textContent).to.equal('Colunas de «socios.csv»');
    expect(shown(mapRow(0).querySelector('th'))).to.equal('Nº');
    expect([...mapRow(0).querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['12', '13', '(vazio)']);
    expect([...mapRow(1).querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['Ana Lima', 'Rui Costa', 'Eva Santos']);
    expect([0, 1, 2, 3].map((i) => selectOf(i).value)).to.deep.equal(['number', '', 'nif', 'email']);
    // Each select is named by its column; the required field says so among the options.
    const label = element.shadowRoot!.querySelector(`label[for="${CSS.escape(selectOf(1).id)}"]`);
    expect(label?.textContent).to.equal('Campo da coluna «Nome completo»');
    expect([...selectOf(1).options].map((o) => o.textContent)).to.deep.equal(['Não importar', 'Nome (obrigatório)', 'N.º de sócio', 'NIF', 'E-mail', 'Categoria de quota (obrigatório)', 'Data de nascimento']);
    // What a chosen field's cells may hold, under its select.
    expect(shown(mapRow(2).querySelector('p'))).to.equal('9 algarismos');
    expect(shown(element.shadowRoot!.querySelector('[data-required-fields]'))).to.equal('Campos obrigatórios Nome: sem coluna Categoria de quota: «Efetivo» em todas as linhas');
    await expectAccessible(element);

    (await button(element, 'Verificar')).click();
    await waitForText(element, 'Falta indicar a coluna do campo obrigatório «Nome» (ou um valor para todas as linhas).');
    expect(element.shadowRoot!.querySelector('[data-required-fields] [data-field="name"]')?.getAttribute('data-mapped')).to.equal('false');
    expect(await f.requests('POST', `/imports/${BATCH}/check`)).to.have.length(0);

    // One field in two columns is refused too, naming both.
    choose(selectOf(1), 'nif');
    (await button(element, 'Verificar')).click();
    await waitForText(element, 'O campo «NIF» só pode ser preenchido por uma coluna: está escolhido em «Nome completo» e «Contribuinte».');

    choose(selectOf(1), 'name');
    expect(shown(element.shadowRoot!.querySelector('[data-required-fields]'))).to.equal('Campos obrigatórios Nome: coluna «Nome completo» Categoria de quota: «Efetivo» em todas as linhas');
    // The value for every row is there to change, shown since one is set.
    const category = await control(element, 'Categoria de quota');
    expect(category.value).to.equal('Efetivo');
    type(category, 'Juvenil');
    (await button(element, 'Verificar')).click();
    await find(element, '[data-report-rows]', 'the report');
    expect((await f.requests('POST', `/imports/${BATCH}/check`))[0]!.body).to.deep.equal({ mapping: { '0': 'number', '1': 'name', '2': 'nif', '3': 'email' }, defaults: { fee_category: 'Juvenil' } });
    expect(text(element)).to.not.include('Falta indicar');
  });

  it('reports the dry run (counts, outcomes, members linked, errors by field), filters it, downloads it, then imports following the job', async () => {
    const { f, navigations } = await mount(
      {
        'POST /imports': { status: 201, body: { data: { ...UPLOAD, mapping: { ...UPLOAD.mapping, '1': 'name' } } } },
        [`POST /imports/${BATCH}/check`]: { body: { data: CHECK } },
        [`GET /imports/${BATCH}/report.csv`]: { body: '\uFEFFNº;Nome completo;Resultado;Erros\n' },
        [`POST /imports/${BATCH}/commit`]: { status: 202, body: { data: { jobId: JOB } } },
      },
      { realtime: true },
    );
    chooseFile(csv());
    (await button(element, 'Verificar')).click();
    await find(element, '[data-report-rows]', 'the report');
    expect(element.shadowRoot!.activeElement?.textContent).to.equal('Resultado da verificação');
    expect(shown(element.shadowRoot!.querySelector('[data-nothing-written]'))).to.match(/^Nada foi gravado\./);
    expect(all(element, '[data-summary] li').map((li) => shown(li))).to.deep.equal(['1 A criar', '1 A atualizar', '0 Sem alterações', '1 Repetidas no ficheiro', '1 Com erros']);
    expect(reportRows()).to.deep.equal([
      ['2', 'A atualizar (E-mail)', 'Ana Lima (n.º 12) pelo NIF', ''],
      ['3', 'A criar Lança Quota 2024 (30,00 €) Regista pagamento de 30,00 € em 15/03/2024', '', ''],
      ['4', 'Com erros', '', 'NIF: O NIF 987654320 não é válido. E-mail: O endereço não é válido.'],
      ['5', 'Repetidas no ficheiro', '', 'Repete a linha 3 (mesmo NIF).'],
    ]);
    const ana = await link(element, 'Ana Lima (n.º 12)');
    expect(ana.getAttribute('href')).to.equal('/socios/21');
    ana.click();
    expect(navigations).to.deep.equal(['/socios/21']);

    const filter = element.shadowRoot!.querySelector<HTMLSelectElement>('[data-outcome-filter]')!;
    expect([...filter.options].map((o) => o.textContent)).to.deep.equal(['Todas as linhas (4)', 'A criar (1)', 'A atualizar (1)', 'Sem alterações (0)', 'Repetidas no ficheiro (1)', 'Com erros (1)']);
    choose(filter, 'error');
    await waitUntil(() => reportRows().length === 1, 'the filter never applied');
    expect(reportRows()[0]![0]).to.equal('4');
    choose(filter, 'unchanged');
    await waitForText(element, 'Nenhuma linha com este resultado.');
    choose(filter, '');
    await waitUntil(() => reportRows().length === 4, 'the filter never cleared');
    await expectAccessible(element);

    (await button(element, 'Descarregar relatório (CSV)')).click();
    await waitUntil(async () => (await f.requests('GET', `/imports/${BATCH}/report.csv`)).length === 1, 'the report was never asked for');

    // Two rows create or update: those are imported; the others stay out.
    (await button(element, 'Importar 2 linhas')).click();
    await waitUntil(async () => (await f.requests('POST', `/imports/${BATCH}/commit`)).length === 1, 'the import was never asked for');
    await f.wsSend({ topic: 'jobs', payload: { id: JOB, name: 'imports.commit', state: 'running', progress: 1, total: 2 } });
    await waitUntil(() => element.shadowRoot!.querySelector('progress[value]'), 'no progress bar');
    expect(element.shadowRoot!.querySelector('progress')!.getAttribute('max')).to.equal('2');
    expect(shown(element.shadowRoot!.querySelector('[data-progress-count]'))).to.equal('1 de 2');
    expect((await button(element, 'Importar 2 linhas')).disabled).to.equal(true);
    await f.wsSend({ topic: 'jobs', payload: { id: JOB, name: 'imports.commit', state: 'done', progress: 2, total: 2, result: { created: 1, updated: 1, unchanged: 0, skipped: 2, failures: [] } } });
    await waitForText(element, 'Importação concluída: 1 registo criado, 1 atualizado, 2 linhas deixadas de fora.');
    expect(element.shadowRoot!.activeElement?.textContent).to.equal('Importação concluída.');
    (await link(element, 'Ver a lista de sócios')).click();
    expect(navigations.at(-1)).to.equal('/socios');
    await expectAccessible(element);
  });
  it('on a phone (375 px) shows the column map and the report as cards named by their columns, nothing scrolled sideways', async () => {
    await setViewport({ width: 375, height: 812 });
    try {
      await mount({ 'POST /imports': { status: 201, body: { data: { ...UPLOAD, mapping: { ...UPLOAD.mapping, '1': 'name' } } } }, [`POST /imports/${BATCH}/check`]: { body: { data: CHECK } } });
      chooseFile(csv());
      (await button(element, 'Verificar')).click();
      await find(element, '[data-report-rows]', 'the report');
      for (const table of all(element, 'table')) {
        const row = table.querySelector('tbody tr')!;
        expect(getComputedStyle(row).display, 'a row is a card').to.equal('block');
        expect(table.getBoundingClientRect().right).to.be.at.most(375);
      }
      expect([...all(element, '[data-report-rows] tbody tr')[2]!.querySelectorAll('td')].map((cell) => cell.getAttribute('data-label'))).to.deep.equal(['Linha', 'Resultado', 'Sócio', 'Erros']);
      expect(selectOf(1).getBoundingClientRect().right).to.be.at.most(375);
      expect(document.documentElement.scrollWidth).to.be.at.most(375);
      await expectAccessible(element);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });
});

describe('<associa-import-history>', () => {
  const BATCHES: ImportBatch[] = [
    {
      id: 9,
      kind: 'members',
      fileName: 'socios-2026.xlsx',
      rowCount: 120,
      state: 'committed',
      summary: { create: 100, update: 18, unchanged: 0, duplicate: 0, error: 2 },
      createdBy: { id: 1, name: 'Ana Admin' },
      createdAt: '2026-11-28T15:40:00Z',
      committedAt: '2026-11-28T15:42:00Z',
      undoneAt: null,
      mapping: {},
      defaults: {},
      jobId: 31,
      changes: 118,
    },
    {
      id: 8,
      kind: 'members',
      fileName: 'antigos.csv',
      rowCount: 3,
      state: 'undone',
      summary: { create: 3, update: 0, unchanged: 0, duplicate: 0, error: 0 },
      createdBy: { id: 2, name: 'Rui Editor' },
      createdAt: '2026-11-20T09:05:00Z',
      committedAt: '2026-11-20T09:06:00Z',
      undoneAt: '2026-11-21T10:00:00Z',
      mapping: {},
      defaults: {},
      jobId: 30,
      changes: 0,
    },
  ];
  const BLOCKERS: ImportBlocker[] = [
    { resource: 'payments', id: 301, label: 'Pagamento de 12,50 € de Ana Silva (n.º 12) em 03/05/2026', reason: 'Registado depois da importação.', record: { resource: 'members', id: 21 } },
    { resource: 'membership_cards', id: 44, label: 'Cartão de Rui Costa (n.º 13) emitido em 04/05/2026', reason: 'Emitido depois da importação.', record: { resource: 'members', id: 22 } },
  ];

  it('lists earlier imports newest first; undoing one that later work depends on lists that work in plain words and undoes the rest', async () => {
    fixture = featureFixture();
    const { f, place, logIn } = fixture;
    logIn(1, 'Ana Admin', 'admin');
    await f.script({
      'GET /imports': [{ body: { data: BATCHES } }, { body: { data: [{ ...BATCHES[0]!, state: 'partly_undone' }, BATCHES[1]] } }],
      'POST /imports/9/undo': [
        { status: 409, body: { code: 'import_blocked', message: 'A importação tem trabalho feito depois.', blockers: BLOCKERS } },
        { body: { data: { undone: 116, kept: 2, state: 'partly_undone' } } },
      ],
    });
    element = place('associa-import-history');
    await find(element, 'tbody tr', 'the imports');
    const rows = () => all(element, 'tbody tr').map((row) => [...row.querySelectorAll('td')].map((cell) => shown(cell)));
    expect(rows()).to.deep.equal([
      ['Sócios', 'socios-2026.xlsx', 'Ana Admin', '28/11/2026, 15:40', 'Importado', '100 criados, 18 atualizados, 2 com erros', 'Anular importação'],
      ['Sócios', 'antigos.csv', 'Rui Editor', '20/11/2026, 09:05', 'Anulado', '3 criados', ''],
    ]);
    await expectAccessible(element);

    (await button(element, 'Anular importação')).click();
    const dialog = await find(element, 'dialog[open]', 'the confirmation');
    expect(shown(dialog.querySelector('h3'))).to.equal('Anular esta importação?');
    expect(shown(dialog)).to.include('«socios-2026.xlsx»');
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Anular importação')!.click();

    const blocked = await find(element, '[data-undo-blocked="9"]', 'the blockers');
    expect((await f.requests('POST', '/imports/9/undo'))[0]!.body).to.deep.equal({});
    expect(shown(blocked.querySelector('h3'))).to.equal('Não é possível anular tudo: «socios-2026.xlsx»');
    // The focus goes to what stopped the undoing (a DOM node compared as such: chai would print it whole).
    await waitUntil(() => element.shadowRoot!.activeElement === blocked.querySelector('h3'), 'the focus never went to the blockers');
    expect([...blocked.querySelectorAll('[data-blockers] li')].map((li) => shown(li))).to.deep.equal([
      'Pagamento de 12,50 € de Ana Silva (n.º 12) em 03/05/2026 Registado depois da importação.',
      'Cartão de Rui Costa (n.º 13) emitido em 04/05/2026 Emitido depois da importação.',
    ]);
    expect(shown(blocked)).to.include('Estes 2 registos ficam como estão');
    await expectAccessible(element);

    (await button(element, 'Anular o resto')).click();
    await waitForText(element, 'Importação anulada em parte: 116 registos repostos, 2 mantidos por ter trabalho feito depois.');
    expect((await f.requests('POST', '/imports/9/undo'))[1]!.body).to.deep.equal({ rest: true });
    expect(element.shadowRoot!.querySelector('[data-undo-blocked]')).to.equal(null);
    await waitUntil(() => rows()[0]![4] === 'Anulado em parte', 'the list was never read again');
  });
});
