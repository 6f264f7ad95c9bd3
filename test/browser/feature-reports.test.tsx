import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/reports/element.js';
import type { CancelationsPerYearReport, MembershipsPerYearReport, OwedPerYearReport, PaymentsPerYearReport, QuotaExpectationsReport } from '../../src/core/index.js';
import { manualClock } from '../support/manual-clock.js';
import { all, button, cleanupFeatures, control, featureFixture, find, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const frame = (from: number, to: number, basis: string) => ({ asOf: '2026-11-26', from, to, basis });

const OWED: OwedPerYearReport = {
  ...frame(2024, 2026, 'Por ano da dívida: o que as dívidas vencidas ainda deviam.'),
  rows: [
    { year: 2024, owed: 4800, members: 2 },
    { year: 2025, owed: 1234567, members: 3 },
  ],
  total: { owed: 1239367, members: 4 },
};
const EXPECTATIONS: QuotaExpectationsReport = {
  ...frame(2026, 2026, 'Quotas esperadas no ano seguinte.'),
  rows: [
    { year: 2027, category: 1, name: 'Efetivo', exempt: false, members: 120, perMember: 2400, households: 0, discounted: 0, expected: 288000 },
    { year: 2027, category: 4, name: 'Família', exempt: false, members: 6, perMember: 6000, households: 2, discounted: 0, expected: 12000 },
    { year: 2027, category: 2, name: 'Honorário', exempt: true, members: 5, perMember: 2400, households: 0, discounted: 0, expected: 0 },
    { year: 2027, category: 3, name: 'Estudante', exempt: false, members: 10, perMember: null, households: 0, discounted: 0, expected: 0 },
  ],
  totals: [{ year: 2027, members: 126, expected: 300000 }],
};
const PAYMENTS: PaymentsPerYearReport = {
  ...frame(2025, 2026, 'Pagamentos recebidos, na ótica de caixa e do acréscimo.'),
  cash: [
    { year: 2025, method: 'mbway', amount: 10000 },
    { year: 2025, method: 'numerario', amount: 2400 },
    { year: 2026, method: 'transferencia', amount: 50000 },
  ],
  accrual: [
    { year: 2025, method: 'mbway', amount: 10000 },
    { year: 2026, method: 'transferencia', amount: 48000 },
    { year: 2026, method: 'numerario', amount: 2400 },
  ],
  totals: [
    { year: 2025, cash: 12400, accrual: 10000 },
    { year: 2026, cash: 50000, accrual: 50400 },
  ],
};
const CANCELATIONS: CancelationsPerYearReport = {
  ...frame(2025, 2026, 'Mudanças para um estado de fim de inscrição.'),
  rows: [
    { year: 2025, state: 4, name: 'Desistente', count: 3 },
    { year: 2025, state: 5, name: 'Falecido', count: 1 },
    { year: 2026, state: 4, name: 'Desistente', count: 2 },
  ],
  totals: [
    { year: 2025, count: 4 },
    { year: 2026, count: 2 },
  ],
};
const MEMBERSHIPS: MembershipsPerYearReport = {
  ...frame(2025, 2026, 'Admissões, saídas e ativos no fim de cada ano.'),
  rows: [
    { year: 2025, admissions: 20, endings: 4, activeAtYearEnd: 1300, netChange: 16 },
    { year: 2026, admissions: 12, endings: 22, activeAtYearEnd: 1290, netChange: -10 },
  ],
};

const ANSWERS = {
  'GET /reports/owedPerYear': { body: { data: OWED } },
  'GET /reports/nextYearQuotaExpectations': { body: { data: EXPECTATIONS } },
  'GET /reports/paymentsPerYear': { body: { data: PAYMENTS } },
  'GET /reports/cancelationsPerYear': { body: { data: CANCELATIONS } },
  'GET /reports/membershipsPerYear': { body: { data: MEMBERSHIPS } },
};

const section = (element: HTMLElement, name: string) => all(element, `section[data-report="${name}"]`)[0]!;

/** A report's table as text, one array per row (the year or total first). */
function tableRows(element: HTMLElement, name: string): string[][] {
  return [...section(element, name).querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent ?? ''));
}

const loaded = (element: HTMLElement, count: number) =>
  waitUntil(() => all(element, 'section[data-report] table').length === count, `${count} report tables never rendered: ${element.shadowRoot?.textContent ?? ''}`, { timeout: 4000 });

const NBSP = '\u00a0';

describe('<associa-reports>', () => {
  afterEach(cleanupFeatures);

  it('shows the five reports, each with its heading, basis, as-of date, chart and table in pt-PT', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    await f.script(ANSWERS);
    const element = place('associa-reports');
    await loaded(element, 5);
    expect(all(element, 'h2').map((h) => h.textContent)).to.deep.equal([
      'Valores em dívida por ano',
      'Quotas previstas para o ano seguinte',
      'Recebimentos por ano',
      'Saídas por ano',
      'Evolução dos sócios por ano',
    ]);
    expect(section(element, 'owedPerYear').textContent).to.contain('Data de referência: 26/11/2026 · Anos 2024 a 2026');
    expect(section(element, 'owedPerYear').textContent).to.contain('Por ano da dívida: o que as dívidas vencidas ainda deviam.');
    // Every year of the range has a line, a year without debts too; then the total.
    expect(tableRows(element, 'owedPerYear')).to.deep.equal([
      ['2024', `48,00${NBSP}€`, '2'],
      ['2025', `12${NBSP}345,67${NBSP}€`, '3'],
      ['2026', `0,00${NBSP}€`, '0'],
      ['Total', `12${NBSP}393,67${NBSP}€`, '4'],
    ]);
    expect(tableRows(element, 'nextYearQuotaExpectations')).to.deep.equal([
      ['2027', 'Efetivo', '120', `24,00${NBSP}€`, `2${NBSP}880,00${NBSP}€`],
      // Six members in two households of a category charged per household: two quotas.
      ['2027', 'Família (2 agregados, uma quota cada)', '6', `60,00${NBSP}€`, `120,00${NBSP}€`],
      ['2027', 'Honorário', '5', 'Isenta', `0,00${NBSP}€`],
      ['2027', 'Estudante', '10', 'Sem tabela', `0,00${NBSP}€`],
      ['Total de 2027', '', '126', '', `3${NBSP}000,00${NBSP}€`],
    ]);
    expect(tableRows(element, 'paymentsPerYear')).to.deep.equal([
      ['2025', 'MB WAY', `100,00${NBSP}€`, `100,00${NBSP}€`],
      ['2025', 'Numerário', `24,00${NBSP}€`, `0,00${NBSP}€`],
      ['Total de 2025', '', `124,00${NBSP}€`, `100,00${NBSP}€`],
      ['2026', 'Transferência', `500,00${NBSP}€`, `480,00${NBSP}€`],
      ['2026', 'Numerário', `0,00${NBSP}€`, `24,00${NBSP}€`],
      ['Total de 2026', '', `500,00${NBSP}€`, `504,00${NBSP}€`],
    ]);
    expect(tableRows(element, 'cancelationsPerYear')).to.deep.equal([
      ['2025', 'Desistente', '3'],
      ['2025', 'Falecido', '1'],
      ['Total de 2025', '', '4'],
      ['2026', 'Desistente', '2'],
      ['Total de 2026', '', '2'],
    ]);
    expect(tableRows(element, 'membershipsPerYear')).to.deep.equal([
      ['2025', '20', '4', `1${NBSP}300`, '+16'],
      ['2026', '12', '22', `1${NBSP}290`, '-10'],
    ]);
    // One picture per report (two for memberships: the active members' line, admissions and endings), each summarised.
    const images = all<SVGElement>(element, 'svg[role="img"]');
    expect(images).to.have.length(6);
    expect(images[0]!.getAttribute('aria-label')).to.equal(
      `Gráfico de barras: Valores em dívida por ano, 2024 a 2026. Em dívida: máximo de 12${NBSP}345,67${NBSP}€ em 2025, 0,00${NBSP}€ em 2026.`,
    );
    await expectAccessible(element);
  });

  it('reads without colour: patterned fills, a legend for several series and values written on the marks', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    await f.script(ANSWERS);
    const element = place('associa-reports', { report: 'paymentsPerYear' });
    await loaded(element, 1);
    const chart = section(element, 'paymentsPerYear').querySelector('figure')!;
    const fills = [...chart.querySelectorAll('svg[role="img"] rect.bar')].map((bar) => bar.getAttribute('fill'));
    const patterns = [...new Set(fills)];
    // Cash and accrual bars: two different patterns, both defined in the chart.
    expect(patterns).to.have.length(2);
    for (const fill of patterns) expect(chart.querySelector(`pattern#${/url\(#(.+)\)/.exec(fill!)![1]}`), fill!).to.not.equal(null);
    expect([...chart.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['Ótica de caixa', 'Ótica do acréscimo']);
    expect([...chart.querySelectorAll('text.value')].map((t) => t.textContent)).to.deep.equal([`124${NBSP}€`, `500${NBSP}€`, `100${NBSP}€`, `504${NBSP}€`]);
    // Greyscale: the patterns' marks still differ (one solid, one hatched), not only their hue.
    const drawn = patterns.map((fill) => chart.querySelector(`pattern#${/url\(#(.+)\)/.exec(fill!)![1]}`)!.lastElementChild!.localName);
    expect(drawn).to.deep.equal(['rect', 'path']);
    await expectAccessible(element);
  });

  it("prints as an A4 annex: 'Imprimir', the organisation and the day on top of the paper only", async () => {
    const { f, core, place, logIn } = featureFixture({ clock: manualClock(Date.UTC(2026, 10, 26, 12)) });
    logIn();
    await f.script({ ...ANSWERS, 'GET /terminology': { body: { data: { data: { name: 'Associação Recreativa do Vale', memberSingular: 'Sócio', memberPlural: 'Sócios' } } } } });
    await core.terminology.load();
    const paperRules = () => document.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).filter((rule) => rule.includes('@page'));
    expect(paperRules()).to.deep.equal([]);
    const element = place('associa-reports', { report: 'owedPerYear' });
    await loaded(element, 1);
    expect((await button(element, 'Imprimir')).getAttribute('type')).to.equal('button');
    const annex = await find(element, '[data-annex]');
    expect(annex.textContent).to.equal('Associação Recreativa do Vale · Anexo ao relatório anual · 26 de novembro de 2026');
    // Paper only.
    expect(getComputedStyle(annex).display).to.equal('none');
    // A shadow root's @page rule counts for nothing: the page's own sheet carries the A4 paper while the element is there.
    expect(paperRules()).to.have.length(1);
    expect(paperRules()[0]).to.match(/@page \{ size: a4; margin: 16mm 15mm 18mm; \}/i);
    element.remove();
    await waitUntil(() => paperRules().length === 0, 'the A4 paper stayed after the reports left');
  });

  it('with report="…" shows that report only and asks for it alone', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    await f.script(ANSWERS);
    const element = place('associa-reports', { report: 'membershipsPerYear' });
    await loaded(element, 1);
    expect(all(element, 'h2').map((h) => h.textContent)).to.deep.equal(['Evolução dos sócios por ano']);
    expect((await f.log()).map((request) => request.path).filter((path) => path.includes('/reports/'))).to.deep.equal(['/reports/membershipsPerYear']);
    element.setAttribute('report', 'noSuchReport');
    await waitForText(element, 'Relatório desconhecido: "noSuchReport".');
  });

  it('exports a report as CSV for a Portuguese Excel: semicolons, BOM, decimal comma, the table’s lines', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    await f.script(ANSWERS);
    const element = place('associa-reports', { report: 'owedPerYear' });
    await loaded(element, 1);
    const saved: Blob[] = [];
    const names: string[] = [];
    const createObjectURL = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      saved.push(blob as Blob);
      return 'blob:report';
    };
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      names.push(this.download);
    };
    try {
      (await button(element, 'Exportar CSV')).click();
    } finally {
      URL.createObjectURL = createObjectURL;
      HTMLAnchorElement.prototype.click = click;
    }
    expect(names).to.deep.equal(['valores-em-divida-por-ano-2026-11-26.csv']);
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
    // Blob.text() decodes UTF-8 and drops the mark the bytes above carry.
    expect(await saved[0]!.text()).to.equal(
      'Ano;Em dívida;Sócios com dívida\r\n2024;48,00;2\r\n2025;12345,67;3\r\n2026;0,00;0\r\nTotal;12393,67;4\r\n',
    );
  });

  it('sends the as-of date and years chosen and shows the server’s pt-PT refusal of a future date', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    const refusal = 'A data de referência (asOf) não pode ser futura: hoje é 2026-11-26.';
    await f.script({
      'GET /reports/owedPerYear': [
        { match: { asOf: '2999-01-01' }, status: 400, body: { code: 'validation', message: refusal } },
        { body: { data: OWED } },
        { body: { data: OWED } },
      ],
    });
    const element = place('associa-reports', { report: 'owedPerYear' });
    await loaded(element, 1);
    const [first] = await f.requests('GET', '/reports/owedPerYear');
    expect(first!.query).to.deep.equal({});
    type(await control(element, 'Data de referência'), '2025-12-31');
    type(await control(element, 'Desde o ano'), '2020');
    type(await control(element, 'Até ao ano'), '2025');
    (await button(element, 'Atualizar')).click();
    await waitUntil(async () => (await f.requests('GET', '/reports/owedPerYear')).length === 2, 'the report was not asked again');
    expect((await f.requests('GET', '/reports/owedPerYear'))[1]!.query).to.deep.equal({ asOf: '2025-12-31', from: '2020', to: '2025' });
    type(await control(element, 'Data de referência'), '2999-01-01');
    (await button(element, 'Atualizar')).click();
    await waitForText(element, refusal);
    expect(all(element, '[role="alert"]')[0]!.textContent).to.contain(refusal);
    await expectAccessible(element);
  });
});
