// <associa-assembly-proof> (issue 33) against the fault server: the proof of convocation as the
// server answers it (GET assemblies/{id}/convocation_proof): a row per associate with number,
// name, channel, recipient, date sent and delivery state in words, the letters' printed batch with
// its date, the totals, the PDF fetched with the session's token, and the way back.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/assemblies/proof/element.js';
import { all, cleanupFeatures, featureFixture, find, type FeatureFixture } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';
import type { Reply } from './support/fault.js';

const ASSEMBLY = {
  _id: 3,
  kind: 'ordinaria',
  title: 'Assembleia geral ordinária de 2026',
  date: '2026-03-28',
  time: '15:00',
  place: 'Sede',
  online_link: null,
  status: 'convened',
  cutoff_date: '2026-03-10',
  convened_at: '2026-03-10T09:30:00.000Z',
  convened_by: 'Rui Editor',
  last_notice_day: '2026-03-20',
  notice_text: 'Convoco…',
};

const row = (number: number | null, name: string, channel: 'email' | 'post', recipient: string, delivery: string, extra: Record<string, unknown> = {}) => ({
  member: number ?? 99,
  number,
  name,
  channel,
  recipient,
  sent_at: channel === 'email' ? '2026-03-10T09:30:00.000Z' : null,
  message: channel === 'email' ? (number ?? 0) + 100 : null,
  delivery,
  delivery_at: null,
  attempts: null,
  last_error: null,
  ...extra,
});

const ROWS = [
  row(1, 'Ana Silva', 'email', 'ana@exemplo.pt', 'sent', { delivery_at: '2026-03-10T09:31:00.000Z' }),
  row(2, 'Rui Costa', 'email', 'rui@exemplo.pt', 'failed', { last_error: '550 caixa inexistente' }),
  row(3, 'Marta Reis', 'email', 'marta@exemplo.pt', 'pending'),
  row(4, 'Luís Sousa', 'post', 'Luís Sousa\nRua das Flores, 12\n1000-001 Lisboa', 'printed', { sent_at: '2026-03-11T14:00:00.000Z', delivery_at: '2026-03-11T14:00:00.000Z' }),
  row(null, 'Joana Pires', 'post', 'Joana Pires\nAv. da Liberdade, 3\n4000-002 Porto', 'pending'),
];

const PROOF = {
  assembly: ASSEMBLY,
  rows: ROWS,
  printed: { at: '2026-03-11T14:00:00.000Z', letters: 1 },
  totals: { rows: 5, emails: 3, letters: 2, sent: 1, failed: 1, pending: 2, printed: 1 },
};

let element: HTMLElement;
const $ = <E extends Element = HTMLElement>(selector: string) => element.shadowRoot!.querySelector<E>(selector);

async function mount(reply: Reply): Promise<FeatureFixture> {
  const fixture = featureFixture();
  await fixture.f.script({ 'GET /assemblies/3/convocation_proof': reply, 'GET /assemblies/3/convocation_proof.pdf': { body: '%PDF-1.4 prova' } });
  fixture.logIn(1, 'Rui Editor', 'editor');
  element = fixture.place('associa-assembly-proof', { 'assembly-id': '3', 'assembly-path': '/assembleias/:id' });
  return fixture;
}

/** Each cell's text as read, an address's lines one per line. */
const cells = (tr: Element) => [...tr.querySelectorAll<HTMLElement>('td')].map((td) => td.innerText);

afterEach(cleanupFeatures);

describe('<associa-assembly-proof>', () => {
  it('lists each convocation with its channel, recipient, date sent and delivery in words, the printed batch and the totals', async () => {
    await mount({ body: { data: PROOF } });
    await find(element, '[data-proof-table]', 'the table');
    expect($('[data-proof-table]')!.getAttribute('aria-labelledby')).to.equal($('h2')!.id);
    expect($('h2')!.textContent).to.equal('Convocatórias enviadas, uma por associado');
    expect(all(element, 'thead th').map((th) => th.textContent)).to.deep.equal(['N.º', 'Nome', 'Canal', 'Destinatário', 'Enviada em', 'Estado da entrega']);
    const rows = all(element, 'tbody tr');
    expect(rows).to.have.length(5);
    expect(cells(rows[0]!)).to.deep.equal(['1', 'Ana Silva', 'E-mail', 'ana@exemplo.pt', '10/03/2026, 09:30', 'Enviada (10/03/2026, 09:31)']);
    expect(cells(rows[1]!)).to.deep.equal(['2', 'Rui Costa', 'E-mail', 'rui@exemplo.pt', '10/03/2026, 09:30', 'Falhou\n550 caixa inexistente']);
    expect(cells(rows[2]!)[5]).to.equal('Por enviar');
    expect(cells(rows[3]!)).to.deep.equal(['4', 'Luís Sousa', 'Carta', 'Luís Sousa\nRua das Flores, 12\n1000-001 Lisboa', '11/03/2026, 14:00', 'Impressa']);
    expect(cells(rows[4]!)).to.deep.equal(['', 'Joana Pires', 'Carta', 'Joana Pires\nAv. da Liberdade, 3\n4000-002 Porto', '', 'Por imprimir']);
    expect($('[data-fact="title"] dd')!.textContent).to.equal('Assembleia geral ordinária de 2026');
    expect($('[data-fact="date"] dd')!.textContent).to.equal('28/03/2026, 15:00');
    expect($('[data-fact="convened-at"] dd')!.textContent).to.equal('10/03/2026, 09:30');
    expect($('[data-fact="convened-by"] dd')!.textContent).to.equal('Rui Editor');
    expect($('[data-fact="last-notice-day"] dd')!.textContent).to.equal('20/03/2026');
    expect($('[data-printed]')!.textContent).to.equal('Lote de 1 carta impressa em 11/03/2026, 14:00.');
    expect($('[data-totals]')!.textContent).to.equal('5 convocatórias: 3 por e-mail e 2 por carta.');
    // The e-mails' own figures: the letters waiting to be printed are not e-mails waiting to go.
    expect($('[data-delivery-totals]')!.textContent).to.equal('E-mails: 1 enviado, 1 falhou, 1 por enviar.');
    expect($<HTMLAnchorElement>('[data-assembly-link]')!.getAttribute('href')).to.equal('/assembleias/3');
    await expectAccessible(element);
  });

  it('says when no letter has been printed yet, and when none is needed', async () => {
    await mount({ body: { data: { ...PROOF, printed: null } } });
    await find(element, '[data-printed]', 'the batch');
    expect($('[data-printed]')!.textContent).to.equal('As cartas ainda não foram impressas.');
    cleanupFeatures();
    const emailsOnly = ROWS.filter((r) => r.channel === 'email');
    await mount({ body: { data: { ...PROOF, rows: emailsOnly, printed: null, totals: { ...PROOF.totals, rows: 3, letters: 0 } } } });
    await find(element, '[data-printed]', 'the batch');
    expect($('[data-printed]')!.textContent).to.equal('Nenhum associado recebe a convocatória por carta.');
  });

  it('fetches the PDF with the session token', async () => {
    const { f } = await mount({ body: { data: PROOF } });
    const opened: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      opened.push(this.download);
    };
    try {
      (await find<HTMLButtonElement>(element, '[data-proof-pdf]', 'the PDF button')).click();
      await waitUntil(() => opened.length > 0, 'the PDF was never opened');
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect(opened).to.deep.equal(['prova-convocacao-2026-03-28.pdf']);
    const [asked] = await f.requests('GET', '/assemblies/3/convocation_proof.pdf');
    expect(asked!.headers.authorization).to.match(/^Bearer /);
    expect(asked!.headers.accept).to.equal('application/pdf');
  });

  it('shows the server\'s words when there is nothing to prove, with the way back', async () => {
    await mount({ status: 409, body: { code: 'conflict', message: 'A assembleia ainda não foi convocada.' } });
    await find(element, '[data-assembly-proof="failed"]', 'the refusal');
    expect($('[role="alert"]')!.textContent).to.equal('A assembleia ainda não foi convocada.');
    expect($('[data-assembly-link]')).to.not.equal(null);
    cleanupFeatures();
    await mount({ status: 404, body: { code: 'not_found', message: 'Assembleia não encontrada.' } });
    await find(element, '[data-assembly-proof="failed"]', 'the refusal');
    expect($('[role="alert"]')!.textContent).to.equal('Assembleia não encontrada.');
  });

  it('says a draft has nothing to prove yet', async () => {
    await mount({ body: { data: { ...PROOF, assembly: { ...ASSEMBLY, status: 'draft', convened_at: null }, rows: [], printed: null } } });
    await find(element, '[data-assembly-proof="draft"]', 'the notice');
    expect($('[role="status"]')!.textContent).to.equal('Esta assembleia ainda não foi convocada: a prova existe depois de enviar a convocatória.');
    expect($('[data-proof-table]')).to.equal(null);
  });

  it('fits a phone: each row a card, nothing wider than 375 px', async () => {
    await mount({ body: { data: PROOF } });
    await find(element, '[data-proof-table]', 'the table');
    element.parentElement!.style.width = '375px';
    await waitUntil(() => element.getBoundingClientRect().width <= 375, 'never narrowed');
    const right = element.getBoundingClientRect().left + 376;
    const wide = all(element, '*').filter((node) => node.getBoundingClientRect().right > right);
    expect(wide.map((node) => node.outerHTML.slice(0, 80))).to.deep.equal([]);
    await expectAccessible(element);
  });
});
