// A payment's page read as text (issue 30, item 3), against the fault server: the member by name
// and number linked to their page, day, amount and method in words, what it paid (description,
// period, due day, euros), its receipt linked; annulled, it says when and why; no input, no
// internal id, no cents.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/payments/payment-detail/element.js';
import { formatMoney } from '../../src/widgets/shared/money.js';
import { all, cleanupFeatures, featureFixture, find, link, text } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const SPACES = (value: string) => value.replace(/[\s\u00a0\u202f]+/g, ' ');

const PAYMENT = {
  _id: 12,
  member: 21,
  date: '2030-04-02',
  amount: 125856,
  allocated: 125000,
  credit: 856,
  method: 'transferencia',
  reference: 'TRF-778',
  annulled_at: null,
  annul_reason: null,
  recorded_by: 2,
};

const STATEMENT = {
  member: { _id: 21, number: 7, name: 'Teodora Quintas' },
  standing: { kind: 'em_dia', yearsOwed: 0, openTotal: 0, upcomingTotal: 0, credit: 856, oldestDue: null },
  lines: [{ date: '2030-04-02', kind: 'payment', id: 12, description: 'Pagamento (Transferência)', debit: 0, credit: 125856, balance: -856, receipt: { _id: 9, number: 'R 2030/4', pdf: 'treasury_docs/9/pdf', annulledBy: null } }],
};

function script(f: ReturnType<typeof featureFixture>['f'], payment: object) {
  return f.script({
    'GET /payments/12': { body: { data: payment } },
    'GET /members/21': { body: { data: { _id: 21, number: 7, name: 'Teodora Quintas' } } },
    'GET /users': { body: { data: [{ _id: 2, name: 'Rui Editor' }], meta: { total: 1 } } },
    'GET /payments/12/payment_allocations': { body: { data: [{ _id: 1, payment: 12, debt: 31, amount: 125000 }], meta: { total: 1 } } },
    'GET /members/21/unsettled_payments': {
      body: { data: [{ _id: 31, description: 'Quota 2030', year: 2030, period: 1, due_date: '2030-03-31', status: 'paid', open_amount: 0 }], meta: { total: 1 } },
    },
    'GET /members/21/statement': { body: { data: STATEMENT } },
  });
}

describe('<associa-payment-detail>: a payment read as text', () => {
  afterEach(cleanupFeatures);

  it('names the member (linked), the day, amount and method, what it paid in euros and its receipt, with no input, id or cents', async () => {
    const fixture = featureFixture();
    const { f, logIn, navigations } = fixture;
    logIn(2, 'Rui Editor', 'editor');
    await script(f, PAYMENT);
    const element = fixture.place('associa-payment-detail', { 'payment-id': '12', 'statement-path': '/quotas/dividas/:memberId', 'receipt-path': '/tesoouraria/:id', 'member-path': '/socios/:id' });
    await waitForFact(element, 'member', 'Teodora Quintas (n.º 7)');
    expect(SPACES(fact(element, 'amount'))).to.equal(`Valor${SPACES(formatMoney(125856))}`);
    expect(fact(element, 'method')).to.equal('Meio de pagamentoTransferência');
    expect(fact(element, 'reference')).to.equal('ReferênciaTRF-778');
    expect(fact(element, 'date')).to.equal('Data02/04/2030');
    expect(fact(element, 'state')).to.equal('SituaçãoVálido');
    await waitForFact(element, 'recorded-by', 'Rui Editor');
    await waitUntil(() => element.shadowRoot!.querySelector('tr[data-debt="31"]')?.textContent?.includes('Quota 2030'), 'the debt paid is not named');
    const row = SPACES((await find(element, 'tr[data-debt="31"]')).textContent ?? '');
    expect(row).to.equal(`Quota 2030203031/03/2030${SPACES(formatMoney(125000))}`);
    expect((await link(element, 'Recibo R 2030/4')).getAttribute('href')).to.equal('/tesoouraria/9');

    expect(all(element, 'input, select, textarea').filter((control) => !control.closest('dialog'))).to.have.length(0);
    const page = text(element);
    expect(page).not.to.contain('#').and.not.to.contain('125856').and.not.to.contain('transferencia').and.not.to.contain('[{');
    await expectAccessible(element);

    (await find<HTMLAnchorElement>(element, '[data-member-link]')).click();
    expect(navigations).to.deep.equal(['/socios/21']);
  });

  it('says when and why an annulled payment was annulled, and offers no annulment', async () => {
    const fixture = featureFixture();
    const { f, logIn } = fixture;
    logIn(2, 'Rui Editor', 'editor');
    await script(f, { ...PAYMENT, credit: 0, annulled_at: '2030-04-05T10:00:00.000Z', annul_reason: 'Transferência devolvida' });
    const element = fixture.place('associa-payment-detail', { 'payment-id': '12', 'member-path': '/socios/:id' });
    await waitForFact(element, 'state', 'Anulado em 05/04/2030');
    expect(fact(element, 'reason')).to.equal('MotivoTransferência devolvida');
    expect(all(element, 'button').map((b) => b.textContent)).not.to.include('Anular pagamento');
  });
});

function fact(element: HTMLElement, name: string): string {
  return element.shadowRoot!.querySelector(`[data-fact="${name}"]`)?.textContent ?? '';
}

async function waitForFact(element: HTMLElement, name: string, value: string): Promise<void> {
  await waitUntil(() => fact(element, name).includes(value), `the fact ${name} never read "${value}"`);
}
