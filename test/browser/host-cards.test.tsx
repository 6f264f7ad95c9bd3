// The cards pages of the host (issue 12) against the fault server. Verify multiple: codes
// typed as a keyboard-wedge scanner types them (the QR's address, then Enter) go to the
// check-in session on the server one at a time, with the running counts of members present
// and in full rights, duplicates flagged, a failed sending retried, a saved session reopened,
// the CSV for the minutes, and the camera reading a QR code with jsQR where the browser has
// no BarcodeDetector. Then a card, its cover letter, and the cards list.
import { expect, waitUntil } from '@open-wc/testing';
import QRCode from 'qrcode';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Core, ExplainerResource } from '../../src/core/index.js';
import { HostProvider } from '../../src/host/context.js';
import { CARD_PAGES } from '../../src/host/pages/cards.js';
import { decodeImage } from '../../src/host/pages/cards/qr-frames.js';
import { buildRoutes, FALLBACK_TERMINOLOGY, pathOf, routeNamed } from '../../src/host/routes.js';
import { createHostState } from '../../src/host/state.js';
import { cleanup, testCore } from './support/core.js';
import { expectAccessible } from './support/axe.js';
import { tokenPair, type Fault, type Reply } from './support/fault.js';

customElements.define('associa-resource-list', class extends HTMLElement {});
customElements.define('associa-resource-form', class extends HTMLElement {});

const res = (label: string): ExplainerResource => ({ label, fields: [] });

const ANA = '0123456789ABC'; // valid, member 1
const RUI = 'DEFGHJKMNPQRS'; // arrears, member 2
const OLD = 'TVWXYZ0123456'; // superseded card of member 3
const GONE = 'ZZZZZZZZZZZZZ'; // unknown

/** A scan as the server answers it (POST card_checkins/{id}/scan, or in the session's list). */
function saved(position: number, input: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    _id: 100 + position,
    session: 7,
    position,
    at: `2026-03-28T10:00:0${position % 10}.000Z`,
    input,
    code: null,
    card: null,
    member: null,
    status,
    state: null,
    holder: null,
    number: null,
    category: null,
    duplicate_of: null,
    ...extra,
  };
}
const held = (member: number, name: string, code: string, status: string, state: string) => ({ member, card: member, holder: `${name} Silva`, number: member, category: 'Efetivo', code, status, state });
const ANA_SCAN = (position: number, input: string, duplicate: number | null = null) => saved(position, input, 'valid', { ...held(1, 'Ana', ANA, 'valid', 'Válido'), duplicate_of: duplicate });
const RUI_SCAN = (position: number) => saved(position, RUI.toLowerCase(), 'arrears', held(2, 'Rui', RUI, 'arrears', 'Quotas em atraso'));

let container: HTMLElement;
let root: Root;

const SESSION = { _id: 7, name: 'Assembleia geral', date: '2026-03-28' };

async function mount(scans: Reply | Reply[], existing: unknown[] = []): Promise<{ core: Core; f: Fault }> {
  const { core, f } = testCore();
  await f.script({
    'GET /explainer': { body: { data: { membership_cards: res('Cartões de sócio'), card_checkins: res('Sessões de verificação de cartões') } } },
    'GET /card_checkins/7': { body: { data: SESSION } },
    'GET /card_checkins/7/card_checkin_scans': { body: { data: existing, meta: { total: existing.length } } },
    'POST /card_checkins/7/scan': scans,
  });
  core.tokens.set(tokenPair(1, 'Rui Editor', 'editor'));
  await core.explainer.load();
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  render(core);
  await waitUntil(() => container.querySelector('[data-scan-form] input') && container.querySelector('[data-session-name]'), 'the page never rendered');
  return { core, f };
}

function render(core: Core, id: string | null = '7', location = memoryLocation({ path: `/cartoessocio/verificarVarios${id ? `/${id}` : ''}`, record: true })) {
  const routes = buildRoutes(FALLBACK_TERMINOLOGY);
  const Page = CARD_PAGES.membershipCardVerifyMultiple;
  root.render(
    <HostProvider value={createHostState(core)}>
      <Router hook={location.hook}>
        <Page route={routeNamed(routes, 'membershipCardVerifyMultiple')} params={id ? { id } : {}} routes={routes} words={FALLBACK_TERMINOLOGY} />
      </Router>
    </HostProvider>,
  );
  return location;
}

const text = () => (container.textContent ?? '').replace(/\s+/g, ' ');
const field = () => container.querySelector<HTMLInputElement>('[data-scan-form] input')!;
const count = (name: string) => container.querySelector(`[data-count="${name}"]`)!.textContent;
const row = (order: number) => container.querySelector<HTMLTableRowElement>(`tr[data-scan="${order}"]`);
const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;

/** What a keyboard-wedge scanner does: types the QR's content into the focused field, then Enter. */
function scan(value: string) {
  const input = document.activeElement as HTMLInputElement;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.form!.requestSubmit();
}

afterEach(() => {
  root?.unmount();
  container?.remove();
  cleanup();
});

describe('verify multiple (/cartoessocio/verificarVarios/{id})', () => {
  it('sends a scanner\'s readings in a row to the session, in order, counting members present and in full rights, with duplicates flagged', async () => {
    const { f } = await mount([
      { body: { data: ANA_SCAN(1, `https://socios.example.org/v/${ANA}`) } },
      { body: { data: RUI_SCAN(2) } },
      { body: { data: ANA_SCAN(3, `https://socios.example.org/v/${ANA}`, 1) } },
      { body: { data: saved(4, OLD, 'superseded', held(3, 'Luís', OLD, 'superseded', 'Substituído')) } },
      { body: { data: saved(5, GONE, 'not_found', { code: GONE }) } },
      { body: { data: saved(6, 'olá', 'malformed') } },
    ]);
    expect(document.activeElement).to.equal(field());
    // Read faster than the server answers: each waits its turn.
    for (const value of [`https://socios.example.org/v/${ANA}`, RUI.toLowerCase(), `https://socios.example.org/v/${ANA}`, OLD, GONE, 'olá']) scan(value);
    expect(document.activeElement).to.equal(field());
    await waitUntil(() => row(6), 'the readings were never all answered');
    expect(container.querySelectorAll('[data-pending]')).to.have.length(0);
    expect(count('present')).to.equal('2');
    expect(count('full-rights')).to.equal('1');
    expect(count('scans')).to.equal('6');
    expect(row(1)!.dataset.status).to.equal('valid');
    expect(row(1)!.textContent).to.contain('Ana Silva');
    expect(row(2)!.querySelector('[data-state]')!.textContent).to.equal('Quotas em atraso');
    expect(row(3)!.dataset.duplicate).to.equal('true');
    expect(row(3)!.textContent).to.contain('Repetido (leitura 1)');
    expect(row(4)!.querySelector('[data-state]')!.textContent).to.equal('Substituído');
    expect(row(5)!.querySelector('[data-state]')!.textContent).to.equal('Cartão não encontrado');
    expect(row(6)!.querySelector('[data-state]')!.textContent).to.equal('Código inválido');
    // The newest scan on top.
    expect(container.querySelector('tbody tr')!.getAttribute('data-scan')).to.equal('6');
    const sent = await f.requests('POST', '/card_checkins/7/scan');
    expect(sent.map((r) => (r.body as { input: string }).input)).to.deep.equal([`https://socios.example.org/v/${ANA}`, RUI.toLowerCase(), `https://socios.example.org/v/${ANA}`, OLD, GONE, 'olá']);
    expect(sent[0]!.headers.authorization).to.match(/^Bearer /);
  });

  it('keeps a reading the server never got on screen, and sends it again on request', async () => {
    await mount([{ status: 503, body: { message: 'Serviço indisponível.', code: 'service_unavailable' } }, { body: { data: ANA_SCAN(1, ANA) } }]);
    scan(ANA);
    await waitUntil(() => container.querySelector('[data-pending][data-result="failed"]'), 'the failure was never shown');
    expect(text()).to.contain('a leitura não foi registada');
    expect(count('present')).to.equal('0');
    button('Registar de novo').click();
    await waitUntil(() => row(1), 'the reading was never sent again');
    expect(container.querySelectorAll('[data-pending]')).to.have.length(0);
    expect(count('present')).to.equal('1');
    expect(count('full-rights')).to.equal('1');
  });

  it('reopens a saved session with its readings, and exports it as a CSV for the minutes', async () => {
    await mount([], [ANA_SCAN(1, ANA), RUI_SCAN(2), ANA_SCAN(3, ANA, 1)]);
    await waitUntil(() => row(3), 'the saved readings never came');
    expect(container.querySelector('[data-session-name]')!.textContent).to.equal('Assembleia geral (28/03/2026)');
    expect(count('present')).to.equal('2');
    expect(count('full-rights')).to.equal('1');
    expect(row(3)!.dataset.duplicate).to.equal('true');
    const files: Blob[] = [];
    const create = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      files.push(blob);
      return 'blob:test';
    };
    const click = HTMLAnchorElement.prototype.click;
    let downloaded = '';
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      downloaded = this.download;
    };
    try {
      button('Exportar CSV').click();
    } finally {
      URL.createObjectURL = create;
      HTMLAnchorElement.prototype.click = click;
    }
    expect(downloaded).to.equal('presencas-2026-03-28.csv');
    const csv = await files[0]!.text();
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).to.equal('N.º;Hora;Código;Número;Nome;Categoria;Estado;Observação');
    expect(lines[1]).to.match(/^1;\d{2}:\d{2}:\d{2};0123-4567-89ABC;1;Ana Silva;Efetivo;Válido;$/);
    expect(lines[2]).to.match(/^2;.*;2;Rui Silva;Efetivo;Quotas em atraso;$/);
    expect(lines[3]).to.match(/^3;.*;Válido;Repetido \(leitura 1\)$/);
    expect(lines.slice(5, 8)).to.deep.equal(['Presentes;2', 'Em pleno gozo de direitos;1', 'Leituras;3']);
  });

  it('starts a named, dated session and opens it; lists the latest to reopen', async () => {
    const { core, f } = testCore();
    await f.script({
      'GET /explainer': { body: { data: { membership_cards: res('Cartões de sócio'), card_checkins: res('Sessões de verificação de cartões') } } },
      'GET /card_checkins': { body: { data: [SESSION], meta: { total: 1 } } },
      'POST /card_checkins': { status: 201, body: { data: { _id: 8, name: 'Assembleia de março', date: '2026-03-28' } } },
    });
    core.tokens.set(tokenPair(1, 'Rui Editor', 'editor'));
    await core.explainer.load();
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    const location = render(core, null);
    await waitUntil(() => container.querySelector('[data-recent-sessions] a'), 'the saved sessions never came').catch((e: Error) => {
      throw new Error(`${e.message}: ${text()}`);
    });
    expect(container.querySelector('[data-recent-sessions] a')!.getAttribute('href')).to.equal('/cartoessocio/verificarVarios/7');
    const [name, date] = [...container.querySelectorAll<HTMLInputElement>('[data-start-session] input')];
    expect(name!.value).to.match(/^Assembleia geral de \d{2}\/\d{2}\/\d{4}$/);
    expect(date!.value).to.match(/^\d{4}-\d{2}-\d{2}$/);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(name, '  ');
    name!.dispatchEvent(new Event('input', { bubbles: true }));
    button('Começar sessão').click();
    await waitUntil(() => text().includes('Indique o nome da sessão.'), 'an empty name was not told');
    expect(await f.requests('POST', '/card_checkins')).to.have.length(0);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(name, 'Assembleia de março');
    name!.dispatchEvent(new Event('input', { bubbles: true }));
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(date, '2026-03-28');
    date!.dispatchEvent(new Event('input', { bubbles: true }));
    button('Começar sessão').click();
    await waitUntil(() => location.history?.includes('/cartoessocio/verificarVarios/8'), 'the new session was never opened');
    expect((await f.requests('POST', '/card_checkins'))[0]!.body).to.deep.equal({ name: 'Assembleia de março', date: '2026-03-28' });
  });
});

describe('verify multiple: the camera', () => {
  const descriptor = (name: string) => Object.getOwnPropertyDescriptor(globalThis, name);
  let restore: (() => void)[] = [];
  afterEach(() => {
    for (const undo of restore.reverse()) undo();
    restore = [];
  });

  /** The browser without BarcodeDetector: jsQR must read the frames. */
  function withoutBarcodeDetector() {
    const had = descriptor('BarcodeDetector');
    Object.defineProperty(globalThis, 'BarcodeDetector', { value: undefined, configurable: true, writable: true });
    restore.push(() => {
      if (had) Object.defineProperty(globalThis, 'BarcodeDetector', had);
      else delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
    });
  }

  /** A canvas showing a card's QR code, as a camera would see it. */
  async function qrCanvas(text: string): Promise<HTMLCanvasElement> {
    const canvas = document.createElement('canvas');
    await QRCode.toCanvas(canvas, text, { margin: 4, scale: 6 });
    return canvas;
  }

  it('decodes a QR code in an image with jsQR', async () => {
    const canvas = await qrCanvas(`https://socios.example.org/v/${ANA}`);
    const image = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    expect(await decodeImage(image)).to.equal(`https://socios.example.org/v/${ANA}`);
    const blank = new ImageData(200, 200);
    expect(await decodeImage(blank)).to.equal(null);
  });

  it('reads a card held up to the camera with jsQR where BarcodeDetector is missing, and registers it', async () => {
    withoutBarcodeDetector();
    const canvas = await qrCanvas(`https://socios.example.org/v/${ANA}`);
    // The camera: the canvas as a video stream (what getUserMedia would give).
    const getUserMedia = navigator.mediaDevices.getUserMedia;
    const asked: MediaStreamConstraints[] = [];
    navigator.mediaDevices.getUserMedia = async (constraints?: MediaStreamConstraints) => {
      asked.push(constraints ?? {});
      return canvas.captureStream(10);
    };
    restore.push(() => (navigator.mediaDevices.getUserMedia = getUserMedia));
    // The stream sends frames only while the canvas is painted.
    const paint = setInterval(() => {
      const context = canvas.getContext('2d')!;
      context.fillStyle = 'rgba(255,255,255,0.01)';
      context.fillRect(0, 0, 1, 1);
    }, 50);
    restore.push(() => clearInterval(paint));
    const { f } = await mount([{ body: { data: ANA_SCAN(1, `https://socios.example.org/v/${ANA}`) } }]);
    button('Ler com a câmara').click();
    await waitUntil(() => row(1), 'the camera never read the card', { timeout: 8000 });
    expect(asked[0]).to.deep.equal({ video: { facingMode: 'environment' } });
    expect((await f.requests('POST', '/card_checkins/7/scan'))[0]!.body).to.deep.equal({ input: `https://socios.example.org/v/${ANA}` });
    // Held in front of the camera, the same card is read once.
    expect(await f.requests('POST', '/card_checkins/7/scan')).to.have.length(1);
    button('Parar a câmara').click();
    await waitUntil(() => !container.querySelector('[data-camera]'), 'the camera never stopped');
  });

  it('says plainly when the page cannot use a camera', async () => {
    const had = Object.getOwnPropertyDescriptor(Navigator.prototype, 'mediaDevices');
    Object.defineProperty(Navigator.prototype, 'mediaDevices', { get: () => undefined, configurable: true });
    restore.push(() => had && Object.defineProperty(Navigator.prototype, 'mediaDevices', had));
    await mount([]);
    expect(text()).to.contain('Este navegador não dá acesso à câmara nesta página');
    expect(container.querySelector('[data-camera-unsupported]')).to.not.equal(null);
  });
});

describe('a card (/cartoessocio/{id}) and the cards list', () => {
  const CARD = { _id: 5, member: 9, code: ANA, state: 'active', issued_at: '2026-01-10', valid_until: '2026-12-31' };

  async function mountCard(standing: Record<string, unknown> = { status: 'valid', state: 'Válido', valid_until: '2026-12-31', expired: false }): Promise<{ f: Fault; location: ReturnType<typeof memoryLocation> }> {
    const { core, f } = testCore();
    await f.script({
      'GET /explainer': { body: { data: { membership_cards: res('Cartões de sócio') } } },
      'GET /membership_cards/5': { body: { data: CARD } },
      'GET /membership_cards/5/state': { body: { data: standing } },
      'POST /membership_cards/issue': { body: { data: { ...CARD, _id: 6, code: RUI } } },
      'POST /membership_cards/5/revoke': { body: {} },
    });
    core.tokens.set(tokenPair(1, 'Rui Editor', 'editor'));
    await core.explainer.load();
    const routes = buildRoutes(FALLBACK_TERMINOLOGY);
    const Page = CARD_PAGES.membershipCardSingle;
    const location = memoryLocation({ path: '/cartoessocio/5', record: true });
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    root.render(
      <HostProvider value={createHostState(core)}>
        <Router hook={location.hook}>
          <Page route={routeNamed(routes, 'membershipCardSingle')} params={{ id: '5' }} routes={routes} words={FALLBACK_TERMINOLOGY} />
        </Router>
      </HostProvider>,
    );
    await waitUntil(() => container.querySelector('[data-card-actions]'), 'the card never loaded');
    return { f, location };
  }

  it("shows the card's standing today, so an active card past its validity reads Expirado in its own colour", async () => {
    await mountCard({ status: 'expired', state: 'Expirado', valid_until: '2025-12-31', expired: true });
    await waitUntil(() => container.querySelector('[data-card-standing]'), 'the standing never showed');
    const line = container.querySelector('[data-card-standing-line]')!;
    expect(line.textContent).to.equal('Estado hoje: Expirado A validade terminou a 31/12/2025.');
    const badge = container.querySelector<HTMLElement>('[data-card-standing]')!;
    expect(badge.dataset.cardStanding).to.equal('expired');
    expect(getComputedStyle(badge).backgroundColor).to.equal('rgb(245, 243, 255)');
    await expectAccessible(line);
  });

  it('revokes a card only with a reason, and reissues it, opening the new card', async () => {
    const { f, location } = await mountCard();
    expect(container.querySelector('associa-resource-form')!.getAttribute('record-id')).to.equal('5');
    expect(container.querySelector('[data-verify-link]')!.getAttribute('href')).to.equal(`/v/${ANA}`);
    expect(container.querySelector('[data-letter-link]')!.getAttribute('href')).to.equal(pathOf(buildRoutes(FALLBACK_TERMINOLOGY), 'membershipCardLettersSingle', { id: 5 }));
    button('Revogar cartão').click();
    await waitUntil(() => container.querySelector('[data-revoke-form]'));
    button('Revogar').click();
    await waitUntil(() => text().includes('Indique o motivo da revogação.'));
    expect(await f.requests('POST', '/membership_cards/5/revoke')).to.have.length(0);
    const reason = container.querySelector<HTMLTextAreaElement>('[data-revoke-form] textarea')!;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(reason, 'Cartão perdido');
    reason.dispatchEvent(new Event('input', { bubbles: true }));
    button('Revogar').click();
    await waitUntil(() => text().includes('Cartão revogado.'), 'the revocation was never told');
    expect((await f.requests('POST', '/membership_cards/5/revoke'))[0]!.body).to.deep.equal({ reason: 'Cartão perdido' });

    button('Reemitir cartão').click();
    await waitUntil(() => container.querySelector('dialog[open]'), 'no confirmation asked');
    expect(container.querySelector('dialog[open]')!.textContent).to.contain('«Substituído»');
    [...container.querySelectorAll<HTMLButtonElement>('dialog[open] button')].find((b) => b.textContent?.trim() === 'Reemitir cartão')!.click();
    await waitUntil(() => location.history?.includes('/cartoessocio/6'), 'the new card was never opened');
    expect((await f.requests('POST', '/membership_cards/issue'))[0]!.body).to.deep.equal({ member: 9 });
  });

  /** The cards list page, signed in as an editor. */
  async function mountCardList(core: Core) {
    core.tokens.set(tokenPair(1, 'Rui Editor', 'editor'));
    await core.explainer.load();
    const routes = buildRoutes(FALLBACK_TERMINOLOGY);
    const Page = CARD_PAGES.membershipCardList;
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    root.render(
      <HostProvider value={createHostState(core)}>
        <Page route={routeNamed(routes, 'membershipCardList')} params={{}} routes={routes} words={FALLBACK_TERMINOLOGY} />
      </HostProvider>,
    );
  }

  it('"Imprimir seleção" asks for one PDF of a category\'s active cards and opens it', async () => {
    const { core, f } = testCore();
    await f.script({
      'GET /explainer': { body: { data: { membership_cards: res('Cartões de sócio') } } },
      'GET /fee_categories': { body: { data: [{ _id: 2, name: 'Juvenil' }], meta: { total: 1 } } },
      'GET /membership_cards': [
        { body: { data: { url: `${f.api}/files/1/content`, expiresAt: '2026-01-01T00:05:00.000Z', count: 3 } } },
        { status: 400, body: { message: 'Nenhum cartão corresponde a esta seleção: não há nada para imprimir.', code: 'bad_request' } },
      ],
      'GET /files/1/content': { body: { pdf: true } },
    });
    await mountCardList(core);
    await waitUntil(() => container.querySelector('[data-print-selection] select')?.querySelectorAll('option').length === 2, 'the categories never came');
    expect(container.querySelector('associa-resource-list')!.getAttribute('edit-path')).to.equal('/cartoessocio/:id');
    expect(container.querySelector('a[data-action="new"]')!.getAttribute('href')).to.equal('/cartoessocio/verificarVarios');
    const select = container.querySelector<HTMLSelectElement>('[data-print-selection] select')!;
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, '2');
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const opened: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      opened.push(this.download);
    };
    try {
      button('Imprimir seleção').click();
      await waitUntil(() => opened.length === 1, 'the PDF was never opened');
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect(text()).to.contain('PDF pronto com 3 cartões.');
    expect((await f.requests('GET', '/membership_cards'))[0]!.query).to.deep.equal({ type: 'category', category: '2' });
    // The file is fetched with the session's token: its address works only for who asked.
    expect((await f.requests('GET', '/files/1/content'))[0]!.headers.authorization).to.match(/^Bearer /);
    button('Imprimir seleção').click();
    await waitUntil(() => text().includes('Nenhum cartão corresponde a esta seleção'), 'an empty selection was not told');
  });

  it('prints the cards picked in the list, as the list announces them', async () => {
    const { core, f } = testCore();
    await f.script({
      'GET /explainer': { body: { data: { membership_cards: res('Cartões de sócio') } } },
      'GET /fee_categories': { body: { data: [], meta: { total: 0 } } },
      'GET /membership_cards': { body: { data: { url: `${f.api}/files/1/content`, expiresAt: '2026-01-01T00:05:00.000Z', count: 2 } } },
      'GET /files/1/content': { body: { pdf: true } },
    });
    await mountCardList(core);
    await waitUntil(() => container.querySelector('associa-resource-list'), 'no list');
    const list = container.querySelector('associa-resource-list')!;
    expect(list.getAttribute('selectable')).to.equal('true');
    const options = () => [...container.querySelectorAll('[data-print-selection] option')].map((o) => o.textContent);
    expect(options()).to.deep.equal(['Todos os cartões ativos']);
    const announce = (ids: number[], all = false) =>
      list.dispatchEvent(new CustomEvent('associa-selection', { detail: { resource: 'membership_cards', ids, all, query: '' }, bubbles: true, composed: true }));
    announce([11, 12]);
    await waitUntil(() => options().includes('Os cartões escolhidos na lista (2)'), 'the picked cards were not offered');
    const select = container.querySelector<HTMLSelectElement>('[data-print-selection] select')!;
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, 'picked');
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = () => undefined;
    try {
      button('Imprimir seleção').click();
      await waitUntil(async () => (await f.requests('GET', '/membership_cards')).length === 1, 'nothing printed');
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect((await f.requests('GET', '/membership_cards'))[0]!.query).to.deep.equal({ type: 'ids', ids: '11,12' });
    // Every match of the list is no list of cards: the choice goes.
    announce([], true);
    await waitUntil(() => options().length === 1);
    expect(select.value).to.equal('');
  });
});

describe('a card\'s cover letter (/cartaCartoessocio/{id})', () => {
  const CARD = { _id: 5, member: 9, code: ANA, state: 'active', issued_at: '2026-01-10', valid_until: '2026-12-31' };

  async function mountLetter(letter: (api: string) => Reply): Promise<Fault> {
    const { core, f } = testCore();
    await f.script({
      'GET /explainer': { body: { data: { membership_cards: res('Cartões de sócio') } } },
      'GET /membership_cards/5': { body: { data: CARD } },
      'GET /membership_card_letters/5': letter(f.api),
      'GET /files/2/content': { body: { pdf: 'carta' } },
    });
    core.tokens.set(tokenPair(1, 'Rui Editor', 'editor'));
    await core.explainer.load();
    const routes = buildRoutes(FALLBACK_TERMINOLOGY);
    const Page = CARD_PAGES.membershipCardLettersSingle;
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    root.render(
      <HostProvider value={createHostState(core)}>
        <Router hook={memoryLocation({ path: '/cartaCartoessocio/5' }).hook}>
          <Page route={routeNamed(routes, 'membershipCardLettersSingle')} params={{ id: '5' }} routes={routes} words={FALLBACK_TERMINOLOGY} />
        </Router>
      </HostProvider>,
    );
    return f;
  }

  it('shows the letter the server redirects to, to download, with a way back to the card', async () => {
    const f = await mountLetter((api) => ({ status: 302, location: `${api}/files/2/content`, body: { data: { url: `${api}/files/2/content` } } }));
    await waitUntil(() => container.querySelector('[data-card-letter="ready"]'), 'the letter never came');
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('src')).to.match(/^blob:/);
    expect(frame.getAttribute('title')).to.equal('Carta de envio do cartão (PDF)');
    const download = container.querySelector<HTMLAnchorElement>('[data-letter-download]')!;
    expect(download.getAttribute('href')).to.equal(frame.getAttribute('src'));
    expect(download.download).to.equal(`carta-cartao-${ANA}.pdf`);
    expect(container.querySelector('[data-card-link]')!.getAttribute('href')).to.equal('/cartoessocio/5');
    // SPEC 7's address, followed to the file with the session's token and asking for a PDF.
    const asked = (await f.requests('GET', '/membership_card_letters/5'))[0]!;
    expect(asked.headers.accept).to.equal('application/pdf');
    expect(asked.headers.authorization).to.match(/^Bearer /);
    expect((await f.requests('GET', '/files/2/content'))[0]!.headers.authorization).to.match(/^Bearer /);
  });

  it('says what the member lacks for the envelope, with a way to their form', async () => {
    const lacking = 'Não é possível preparar a carta sem a morada completa: Vasco Sem Morada (falta morada, código postal e localidade).';
    await mountLetter(() => ({ status: 422, body: { code: 'invalid_record', errors: { member: lacking } } }));
    await waitUntil(() => container.querySelector('[data-card-letter="missing"]'), 'the missing address was never told');
    expect(text()).to.contain(`${lacking} Complete a morada na ficha do sócio e volte a esta página.`);
    await waitUntil(() => container.querySelector('[data-member-link]'), 'no way to the member');
    expect(container.querySelector('[data-member-link]')!.getAttribute('href')).to.equal(pathOf(buildRoutes(FALLBACK_TERMINOLOGY), 'membersEdit', { id: 9 }));
    expect(container.querySelector('iframe')).to.equal(null);
  });
});
