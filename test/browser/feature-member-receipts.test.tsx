import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/member-home/element.js';
import { all, cleanupFeatures, featureFixture, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

// The member's receipts on their home: listed newest first where the server offers treasury
// documents, each with its PDF as issued (GET treasury_docs/{id}/pdf); nothing otherwise.

const OWN = {
  'GET /users/7': { body: { data: { _id: 7, created_at: '', member: 31 } } },
  'GET /members/31': { body: { data: { _id: 31, created_at: '', number: 128, name: 'Rita Lopes', state: null, country: null } } },
};
const EXPLAINED = { label: 'Documentos de tesouraria', fields: [], operations: { list: 'own', read: 'own' } };
const RECEIPTS = [
  { _id: 12, created_at: '', number: 'R 2026/41', type: 'quota', issue_date: '2026-03-02', total: 2400, annulled_by_doc: null },
  { _id: 9, created_at: '', number: 'D 2025/3', type: 'donation', issue_date: '2025-12-20', total: 5000, annulled_by_doc: 15 },
];

describe('<associa-member-home> receipts', () => {
  afterEach(cleanupFeatures);

  it('lists the member’s receipts with their PDF, and says which were annulled', async () => {
    const { f, core, place, logIn } = featureFixture();
    logIn(7, 'Rita Lopes', 'member');
    await f.script({
      ...OWN,
      'GET /explainer': { body: { data: { treasury_docs: EXPLAINED } } },
      'GET /treasury_docs': { body: { data: RECEIPTS, meta: { total: 2 } } },
      'GET /treasury_docs/12/pdf': { body: '%PDF-1.4\n%%EOF\n' },
    });
    await core.explainer.load();
    const element = place('associa-member-home');
    await waitForText(element, 'Os meus recibos');
    await waitForText(element, 'R 2026/41');
    await expectAccessible(element);
    const rows = all(element, '[data-own="receipts"] tbody tr').map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent));
    expect(rows).to.deep.equal([
      ['R 2026/41', '02/03/2026', '24,00\u00a0€'],
      ['D 2025/3 (anulado)', '20/12/2025', '50,00\u00a0€'],
    ]);
    expect((await f.requests('GET', '/treasury_docs'))[0]!.query).to.include({ _sort: '-issue_date', _limit: '-1' });
    all<HTMLButtonElement>(element, 'button').find((b) => b.getAttribute('aria-label') === 'Descarregar o recibo R 2026/41 (PDF)')!.click();
    await waitUntil(async () => (await f.requests('GET', '/treasury_docs/12/pdf')).length === 1, 'the PDF was never asked for');
    expect(await f.requests('GET', '/treasury_docs/9/pdf')).to.have.length(0);
  });

  it('shows no receipts section where the server has no treasury', async () => {
    const { f, core, place, logIn } = featureFixture();
    logIn(7, 'Rita Lopes', 'member');
    await f.script({ ...OWN, 'GET /explainer': { body: { data: {} } } });
    await core.explainer.load();
    const element = place('associa-member-home');
    await waitForText(element, 'Sócio n.º 128');
    expect(all(element, '[data-own="receipts"]')).to.have.length(0);
    expect(await f.requests('GET', '/treasury_docs')).to.have.length(0);
  });
});
