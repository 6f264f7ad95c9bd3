// Issue 30, item 5: on a phone (375 px) every table of money shows each row as a card, named
// by its columns, and no euro amount is cut off or scrolled out of view: the statement, the
// open debts, the member's payments and receipts, and a resource list with a money column.
// On a laptop (1366 px) the member's home takes two columns and its tables stay tables.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import { setViewport } from '@web/test-runner-commands';
import '../../src/widgets/member-home/element.js';
import '../../src/widgets/payments/statement/element.js';
import '../../src/widgets/payment-debts/element.js';
import '../../src/widgets/resource-list/element.js';
import { all, cleanupFeatures, featureFixture, waitForText } from './feature-support/elements.js';
import { createRoot } from 'react-dom/client';
import { DataTable, TableBox } from '../../src/widgets/feature-kit/data-table.js';
import { formatMoney } from '../../src/widgets/shared/money.js';
import { field } from './resource-fixtures.js';
import { expectAccessible } from './support/axe.js';

const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1366, height: 850 };
const HAS_EURO = /\d\s?€/;

/**
 * What hides each cell showing a euro amount: not laid out, outside the screen, outside a box
 * that clips or scrolls it, a box that scrolls sideways, or its text wider than the cell.
 */
function hiddenAmounts(element: Element): string[] {
  const problems: string[] = [];
  const cells = all(element, 'td, th').filter((cell) => HAS_EURO.test(cell.textContent ?? ''));
  if (cells.length === 0) problems.push('no cell shows an amount');
  for (const cell of cells) {
    const what = `${cell.getAttribute('data-label') ?? cell.localName} "${cell.textContent ?? ''}"`;
    const r = cell.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) {
      problems.push(`${what}: not shown`);
      continue;
    }
    if (r.left < -0.5 || r.right > window.innerWidth + 0.5) problems.push(`${what}: outside the screen (${r.left}–${r.right})`);
    for (let box = cell.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === 'visible') continue;
      const b = box.getBoundingClientRect();
      if (r.left < b.left - 0.5 || r.right > b.right + 0.5) problems.push(`${what}: outside its box`);
      if (box.scrollWidth > box.clientWidth) problems.push(`${what}: its box scrolls sideways (${box.scrollWidth} > ${box.clientWidth})`);
    }
    if (cell.scrollWidth > cell.clientWidth) problems.push(`${what}: text wider than its cell`);
  }
  if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${window.innerWidth})`);
  return problems;
}

/** A body cell's line as shown on a card: its column's name (drawn before it) and its text. */
const cardLine = (cell: HTMLElement) => [getComputedStyle(cell, '::before').content.replace(/^"|"$/g, ''), (cell.textContent ?? '').replace(/\s/g, ' ')];
/** An amount as the interface writes it (its grouping rule is the money helper's), spaces plain. */
const euros = (cents: number) => formatMoney(cents).replace(/\s/g, ' ');

const STATEMENT = {
  member: { _id: 21, number: 7, name: 'Teodora Quintas' },
  standing: { kind: 'em_atraso', yearsOwed: 1, openTotal: 2552450, upcomingTotal: 0, credit: 0, oldestDue: '2030-03-31' },
  lines: [
    { date: '2029-03-31', kind: 'debt', id: 31, description: 'Quota 2029 com uma descrição bastante comprida para um telefone', debit: 2552450, credit: 0, balance: 2552450 },
    { date: '2030-04-02', kind: 'payment', id: 12, description: 'Pagamento (Transferência)', debit: 0, credit: 883404, balance: 1669046, receipt: { _id: 9, number: 'R 2030/4', pdf: 'treasury_docs/9/pdf', annulledBy: null } },
  ],
};

const debt = (id: number, description: string, open: number, due: string) => ({
  _id: id, _version: 1, created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z', member: 31, kind: 'quota', year: 2025, period: 1,
  amount: open, paid: 0, open_amount: open, due_date: due, description, status: 'open', resolution_reason: null, resolved_by: null, resolved_at: null,
});
const DEBTS = [debt(3, 'Quota 2024', 1234567, '2024-03-31'), debt(4, 'Quota 2025', 2400, '2025-03-31')];

const MEMBER = { _id: 31, created_at: '', number: 128, name: 'Rita Lopes', email: 'rita.lopes.com.um.endereco.longo@exemplo.pt', state: null, country: null };
const OWN = { list: 'own', read: 'own', create: 'none', update: 'none', delete: 'none' } as const;
const MEMBER_HOME = {
  'GET /explainer': { body: { data: { membership_cards: { label: 'Cartões de sócio', fields: [], operations: OWN }, treasury_docs: { label: 'Documentos de tesouraria', fields: [], operations: OWN } } } },
  'GET /users/7': { body: { data: { _id: 7, created_at: '', member: 31 } } },
  'GET /members/31': { body: { data: MEMBER } },
  'GET /members/31/unsettled_payments': { body: { data: DEBTS, meta: { total: 2 } } },
  'GET /members/31/payments': {
    body: {
      data: [
        { _id: 9, member: 31, date: '2024-04-02', amount: 2552450, method: 'transferencia', reference: 'TRF-2024-000123456789', annulled_at: null },
        { _id: 8, member: 31, date: '2024-02-01', amount: 1000, method: 'cheque', reference: null, annulled_at: '2024-02-03T10:00:00Z' },
      ],
      meta: { total: 2 },
    },
  },
  'GET /members/31/history': { body: { data: [], meta: { total: 0 } } },
  'GET /membership_cards': { body: { data: [{ _id: 5, member: 31, code: 'ABCD-EFGH-JKLMN', state: 'active', issued_at: '2025-01-10', valid_until: '2026-12-31' }], meta: { total: 1 } } },
  'GET /membership_cards/5/state': { body: { data: { status: 'valid', state: 'Válido', valid_until: '2026-12-31', expired: false } } },
  'GET /treasury_docs': { body: { data: [{ _id: 12, created_at: '', number: 'R 2026/41', type: 'quota', issue_date: '2026-03-02', total: 2552450, annulled_by_doc: null }], meta: { total: 1 } } },
};

async function memberHome() {
  const { f, core, place, logIn } = featureFixture();
  logIn(7, 'Rita Lopes', 'member');
  await f.script(MEMBER_HOME);
  await core.explainer.load();
  const element = place('associa-member-home');
  await waitForText(element, 'TRF-2024-000123456789');
  await waitForText(element, 'R 2026/41');
  await waitForText(element, 'Quota 2024');
  await waitForText(element, 'Válido');
  return element;
}

describe('money tables on a phone (375 × 812)', () => {
  before(() => setViewport(PHONE));
  after(() => setViewport({ width: 800, height: 600 }));
  afterEach(cleanupFeatures);

  it('the statement: each line a card named by its columns, every amount in full', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(2, 'Rui Editor', 'editor');
    await f.script({ 'GET /members/21/statement': { body: { data: STATEMENT } } });
    const element = place('associa-member-statement', { 'member-id': '21', 'receipt-path': '/tesoouraria/:id' });
    await waitForText(element, 'Extrato do sócio n.º 7: Teodora Quintas');
    await waitUntil(() => all(element, 'tbody td[data-label]').length > 0, 'the cells were never named');
    expect(hiddenAmounts(element)).to.deep.equal([]);
    // The payment's line: its date, description, credit and balance; the zero debit left out.
    const payment = all(element, 'tbody tr[data-kind="payment"] td').filter((cell) => getComputedStyle(cell).display !== 'none');
    expect(payment.map(cardLine)).to.deep.equal([
      ['Data', '02/04/2030'],
      ['Descrição', 'Pagamento (Transferência)Recibo R 2030/4Descarregar recibo'],
      ['Crédito', euros(883404)],
      ['Saldo', euros(1669046)],
    ]);
    // The totals: their heading alone, each total named by its column.
    const totals = all(element, 'tfoot tr > *');
    expect(totals[0]!.hasAttribute('data-label')).to.equal(false);
    expect(totals.slice(1).map((cell) => cell.getAttribute('data-label'))).to.deep.equal(['Débito', 'Crédito', 'Saldo']);
    await expectAccessible(element);
  });

  it('the open debts, as staff see them: the select-all box stays, each debt a card, the totals in full', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(2, 'Rui Editor', 'editor');
    await f.script({ 'GET /members/31/unsettled_payments': { body: { data: DEBTS, meta: { total: 2 } } } });
    const element = place('associa-payment-debts', { 'member-id': '31' });
    await waitForText(element, 'Quota 2024');
    await waitUntil(() => all(element, 'tbody td[data-label]').length > 0, 'the cells were never named');
    expect(hiddenAmounts(element)).to.deep.equal([]);
    const selectAll = all(element, 'thead input[type="checkbox"]')[0]!;
    expect(selectAll.getBoundingClientRect().width).to.be.greaterThan(0);
    // Its heading says what it does beside it, from the box's own name.
    expect(getComputedStyle(selectAll.closest('th')!, '::after').content).to.equal('"Selecionar todas as dívidas"');
    expect(getComputedStyle(selectAll.closest('th')!, '::before').content, 'said once').to.equal('none');
    const first = all(element, 'tbody tr')[0]!;
    expect([...first.querySelectorAll<HTMLElement>('td[data-label]')].map(cardLine).at(-1)).to.deep.equal(['Em dívida', euros(1234567)]);
    await expectAccessible(element);
  });

  it("the member's home: one column, debts, payments and receipts as cards, every amount in full, the card framed", async () => {
    const element = await memberHome();
    expect(hiddenAmounts(element)).to.deep.equal([]);
    const [side, main] = all(element, '[data-column]');
    expect(side!.getBoundingClientRect().left).to.equal(main!.getBoundingClientRect().left);
    expect(side!.getBoundingClientRect().bottom).to.be.at.most(main!.getBoundingClientRect().top);
    for (const block of ['payments', 'receipts']) {
      const cells = all(element, `[data-own="${block}"] tbody td`);
      expect(cells.length, block).to.be.greaterThan(0);
      expect(cells.every((cell) => getComputedStyle(cell).display !== 'table-cell'), `${block} as cards`).to.equal(true);
    }
    const payment = all(element, '[data-own="payments"] tbody tr')[0]!;
    expect([...payment.querySelectorAll('td')].map(cardLine)).to.deep.equal([
      ['Data', '02/04/2024'],
      ['Meio de pagamento', 'Transferência'],
      ['Referência', 'TRF-2024-000123456789'],
      ['Valor', euros(2552450)],
    ]);
    const card = all(element, '[data-own="card"] article')[0]!;
    const frame = getComputedStyle(card);
    expect(frame.borderTopStyle).to.equal('solid');
    expect(frame.borderTopLeftRadius).to.not.equal('0px');
    await expectAccessible(element);
  });

  it('a resource list with a money column: each row a card, the amount in full', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana Conceição', 'admin');
    const fields = [
      field({ name: 'date', type: 'date', label: 'Data', sortable: true }),
      field({ name: 'member_name', type: 'string', label: 'Sócio', sortable: true }),
      field({ name: 'reference', type: 'string', label: 'Referência' }),
      field({ name: 'amount', type: 'money', label: 'Valor', sortable: true }),
    ];
    const row = (id: number, amount: number) => ({ _id: id, created_at: '', date: '2026-03-02', member_name: 'Maria da Conceição Albuquerque Figueiredo', reference: 'TRF-2026-0000000000042', amount });
    await f.script({
      'GET /explainer': { body: { data: { payments: { label: 'Pagamentos', fields } } } },
      'GET /payments': { body: { data: [row(1, 2552450), row(2, 1000)], meta: { total: 2, exact: true } } },
    });
    const element = place('associa-resource-list', { resource: 'payments', columns: 'date,member_name,reference,amount' });
    await waitForText(element, 'Maria da Conceição');
    expect(hiddenAmounts(element)).to.deep.equal([]);
    const first = all(element, 'tbody tr')[0]!;
    expect([...first.querySelectorAll('td')].map(cardLine).at(-1)).to.deep.equal(['Valor', euros(2552450)]);
  });
});

describe('the shared table, narrow', () => {
  it('names cells by their columns, not the totals heading; an amount alone in its cell goes right, whole', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    host.style.width = '320px';
    const root = createRoot(host);
    root.render(
      <TableBox>
        <DataTable>
          <thead>
            <tr>
              <th scope="col">Descrição</th>
              <th scope="col">Valor</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Donativo em dinheiro, recebido a 06/02/2026</td>
              <td>{formatMoney(2552450)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{formatMoney(2552450)}</td>
            </tr>
          </tfoot>
        </DataTable>
      </TableBox>,
    );
    try {
      await waitUntil(() => host.querySelector('tfoot td[data-money]'), 'the amounts were never marked');
      const [description, amount] = [...host.querySelectorAll<HTMLElement>('tbody td')];
      expect(description!.getAttribute('data-label')).to.equal('Descrição');
      expect(amount!.getAttribute('data-label')).to.equal('Valor');
      expect(description!.hasAttribute('data-money')).to.equal(false);
      expect(getComputedStyle(amount!).textAlign).to.equal('right');
      expect(host.querySelector('tfoot th')!.hasAttribute('data-label')).to.equal(false);
      expect(host.querySelector('[data-table-box]')!.scrollWidth).to.be.at.most(host.querySelector('[data-table-box]')!.clientWidth);
      // Rows that come later are named too.
      const row = host.querySelector('tbody tr')!.cloneNode(true) as HTMLTableRowElement;
      row.querySelectorAll('td').forEach((cell) => cell.removeAttribute('data-label'));
      host.querySelector('tbody')!.append(row);
      await waitUntil(() => row.cells[1]!.getAttribute('data-label') === 'Valor', 'a new row was not named');
    } finally {
      root.unmount();
      host.remove();
    }
  });
});

describe("the member's home on a laptop (1366 × 850)", () => {
  before(() => setViewport(LAPTOP));
  after(() => setViewport({ width: 800, height: 600 }));
  afterEach(cleanupFeatures);

  it('takes two columns, the money beside the member, and its tables stay tables', async () => {
    const element = await memberHome();
    const [side, main] = all(element, '[data-column]').map((column) => column.getBoundingClientRect());
    expect(side!.top).to.equal(main!.top);
    expect(side!.right).to.be.at.most(main!.left);
    expect(main!.width).to.be.greaterThan(side!.width);
    // The whole width is used, not a narrow column on the left.
    expect(main!.right).to.be.greaterThan(LAPTOP.width * 0.9);
    for (const block of ['payments', 'receipts']) {
      const cells = all(element, `[data-own="${block}"] tbody td`);
      expect(cells.every((cell) => getComputedStyle(cell).display === 'table-cell'), `${block} as a table`).to.equal(true);
    }
    expect(hiddenAmounts(element)).to.deep.equal([]);
  });
});
