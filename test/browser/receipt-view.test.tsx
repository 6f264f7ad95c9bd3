// A treasury document's page read as a document (issue 30, item 3), against the fault server:
// lines as a table in euros, the series by its name, issuer and payer, the payment it documents,
// the situation that follows an annulment (the note linked both ways), the integrity hashes
// folded away, the PDF fetched only when its preview comes near, and no raw JSON nor internal id.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import type { TreasuryDocView } from '../../src/core/index.js';
import { formatMoney } from '../../src/widgets/shared/money.js';
import '../../src/widgets/treasury/doc/element.js';
import { all, button, cleanupFeatures, control, featureFixture, find, link, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const SPACES = (value: string) => value.replace(/[\s\u00a0\u202f]+/g, ' ');
const SHA = 'a'.repeat(64);
const LINK = 'b'.repeat(64);

const RECEIPT: TreasuryDocView = {
  _id: 9,
  number: 'R 2030/4',
  type: 'quota',
  type_label: 'Recibo de quota',
  issue_date: '2030-04-02',
  series_name: 'R 2030',
  lines: [
    { description: 'Quota 2029', amount: 2400 },
    { description: 'Quota 2030', amount: 123456 },
  ],
  total: 125856,
  vat_wording: 'Isento de IVA ao abrigo do artigo 9.º do CIVA.',
  wording: null,
  issuer: { name: 'Associação Cultural do Vale', nif: '501234567', address: 'Largo da Sede, 1, 1000-100 Lisboa' },
  payer: { name: 'Teodora Quintas', nif: '123456789', address: 'Rua das Flores, 12', member: 21, member_number: 7 },
  annulled_by: null,
  annuls: null,
  payments: [{ _id: 12, date: '2030-04-02', amount: 125856, method: 'transferencia', annulled: false }],
  issued_by_name: 'Rui Editor',
  integrity: { pdf_sha256: SHA, hash: LINK, prev_hash: null },
};

const NOTE = { _id: 15, number: 'N 2030/1', issue_date: '2030-04-05', reason: 'Emitido por engano' };
const ANNULLED: TreasuryDocView = { ...RECEIPT, annulled_by: NOTE };

function place(fixture: ReturnType<typeof featureFixture>) {
  return fixture.place('associa-treasury-doc', { 'doc-id': '9', 'doc-path': '/tesoouraria/:id', 'payment-path': '/pagamentos/:id', 'member-path': '/socios/:id' });
}

describe('<associa-treasury-doc>: a receipt read as a document', () => {
  afterEach(cleanupFeatures);

  it('shows lines in euros, the series by name, issuer and payer, the payment, with no JSON, internal id or cents', async () => {
    const fixture = featureFixture();
    const { f, logIn, navigations } = fixture;
    logIn(2, 'Rui Editor', 'editor');
    await f.script({ 'GET /treasury_docs/9/view': { body: { data: RECEIPT } }, 'GET /treasury_docs/9/status-history': { body: { data: [] } }, 'GET /treasury_docs/9/pdf': { body: {} } });
    const element = place(fixture);
    await waitForText(element, 'R 2030/4');
    const rows = all(element, '[data-doc-lines] tbody tr').map((row) => SPACES(row.textContent ?? ''));
    // Euros as the whole interface writes them (formatMoney: Intl pt-PT), never cents.
    expect(rows).to.deep.equal([`Quota 2029${SPACES(formatMoney(2400))}`, `Quota 2030${SPACES(formatMoney(123456))}`]);
    expect(rows[0]).to.equal('Quota 202924,00 €');
    expect(SPACES((await find(element, '[data-doc-total]')).textContent ?? '')).to.equal(SPACES(formatMoney(125856)));
    expect(SPACES((await find(element, '[data-fact="series"]')).textContent ?? '')).to.equal('SérieR 2030');
    expect((await find(element, '[data-fact="state"]')).textContent ?? '').to.equal('SituaçãoEmitido');
    expect(SPACES((await find(element, '[data-issuer]')).textContent ?? '')).to.contain('Associação Cultural do Vale').and.contain('NIF 501234567').and.contain('Largo da Sede');
    expect(SPACES((await find(element, '[data-payer]')).textContent ?? '')).to.contain('Teodora Quintas').and.contain('Sócio n.º 7').and.contain('NIF 123456789');
    expect(SPACES((await find(element, '[data-doc-payment]')).textContent ?? '')).to.contain(SPACES(formatMoney(125856))).and.contain('02/04/2030').and.contain('02/04/2030 (Transferência).');

    // Read as text: no inputs (but the annulment dialog's, closed), no JSON, no internal ids nor cents, no hash in view.
    expect(all(element, 'input, select, textarea').filter((control) => !control.closest('dialog'))).to.have.length(0);
    const page = text(element);
    expect(page).not.to.contain('[{').and.not.to.contain('"amount"').and.not.to.contain('#').and.not.to.contain('125856').and.not.to.contain('Série 47');
    const integrity = await find<HTMLDetailsElement>(element, 'details[data-integrity]');
    expect(integrity.open).to.equal(false);
    expect(integrity.querySelector('summary')!.textContent).to.equal('Integridade');
    expect(integrity.textContent).to.contain(SHA).and.contain('Nenhum (primeiro da série)');
    expect(integrity.querySelector('dl')!.checkVisibility()).to.equal(false);
    integrity.querySelector('summary')!.click();
    expect(integrity.querySelector('dl')!.checkVisibility()).to.equal(true);
    await expectAccessible(element);

    (await link(element, 'Ver o pagamento')).click();
    (await link(element, 'Ver a ficha do sócio')).click();
    expect(navigations).to.deep.equal(['/pagamentos/12', '/socios/21']);
  });

  it('says "Anulado" with the note linked once annulled, without a reload; the note links back', async () => {
    const fixture = featureFixture();
    const { f, logIn, navigations } = fixture;
    logIn(2, 'Rui Editor', 'editor');
    await f.script({
      'GET /treasury_docs/9/view': [{ body: { data: RECEIPT } }, { body: { data: ANNULLED } }],
      'GET /treasury_docs/9/status-history': { body: { data: [] } },
      'GET /treasury_docs/9/pdf': { body: {} },
      'POST /treasury_docs/9/annul': { body: { data: { _id: 15 } } },
    });
    const element = place(fixture);
    await waitForText(element, 'Emitido');
    (await button(element, 'Anular documento')).click();
    await waitForText(element, 'Anular este documento?');
    type(await control<HTMLTextAreaElement>(element, 'Motivo'), 'Emitido por engano');
    all<HTMLButtonElement>(element, 'dialog[open] button').find((b) => b.textContent === 'Anular documento')!.click();
    await waitUntil(async () => (await f.requests('POST', '/treasury_docs/9/annul')).length === 1, 'the annulment was not sent');
    await waitUntil(() => element.shadowRoot!.querySelector('[data-annulled="true"]'), 'the page still shows the document as issued');
    const state = (await find(element, '[data-fact="state"]')).textContent ?? '';
    expect(state).to.equal('SituaçãoAnulado em 05/04/2030 pela nota N 2030/1');
    expect(state).not.to.contain('Emitido');
    expect((await find(element, '[data-fact="reason"]')).textContent ?? '').to.equal('MotivoEmitido por engano');
    expect(all(element, 'button').map((b) => b.textContent)).not.to.include('Anular documento');
    (await find<HTMLAnchorElement>(element, '[data-fact="state"] a')).click();
    expect(navigations).to.deep.equal(['/tesoouraria/15']);
  });

  it('shows a note with the document it annuls, linked, and its reason', async () => {
    const fixture = featureFixture();
    const { f, logIn } = fixture;
    logIn(2, 'Rui Editor', 'editor');
    const note: TreasuryDocView = {
      ...RECEIPT,
      _id: 15,
      number: 'N 2030/1',
      type: 'annulment',
      type_label: 'Nota de anulação',
      series_name: 'N 2030',
      lines: [{ description: 'Anulação: Quota 2029', amount: 2400 }],
      total: 2400,
      payments: [],
      annuls: { _id: 9, number: 'R 2030/4', issue_date: '2030-04-02', reason: 'Emitido por engano' },
    };
    await f.script({ 'GET /treasury_docs/15/view': { body: { data: note } }, 'GET /treasury_docs/15/status-history': { body: { data: [] } }, 'GET /treasury_docs/15/pdf': { body: {} } });
    const element = fixture.place('associa-treasury-doc', { 'doc-id': '15', 'doc-path': '/tesoouraria/:id' });
    await waitForText(element, 'Nota de anulação');
    expect((await find<HTMLAnchorElement>(element, '[data-fact="annuls"] a')).getAttribute('href')).to.equal('/tesoouraria/9');
    expect((await find(element, '[data-fact="reason"]')).textContent ?? '').to.equal('MotivoEmitido por engano');
    expect(all(element, 'button').map((b) => b.textContent)).not.to.include('Anular documento');
  });

  it('fetches the PDF only when its preview comes near the view, and embeds it', async () => {
    const fixture = featureFixture();
    const { f, logIn } = fixture;
    logIn(2, 'Rui Editor', 'editor');
    await f.script({
      'GET /treasury_docs/9/view': { body: { data: RECEIPT } },
      'GET /treasury_docs/9/status-history': { body: { data: [] } },
      'GET /treasury_docs/9/pdf': { body: { pdf: true } },
    });
    const spacer = document.body.insertBefore(document.createElement('div'), document.body.firstChild);
    spacer.style.height = '5000px';
    try {
      const element = place(fixture);
      await waitForText(element, 'R 2030/4');
      const preview = await find(element, '[data-doc-preview]');
      expect(preview.getAttribute('data-doc-preview')).to.equal('waiting');
      expect(await f.requests('GET', '/treasury_docs/9/pdf')).to.have.length(0);
      preview.scrollIntoView();
      await waitUntil(() => preview.getAttribute('data-doc-preview') === 'ready', 'the preview did not load');
      expect(preview.querySelector('iframe')!.title).to.equal('PDF do documento R 2030/4');
      expect(await f.requests('GET', '/treasury_docs/9/pdf')).to.have.length(1);
    } finally {
      spacer.remove();
    }
  });
});
