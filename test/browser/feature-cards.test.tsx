// The cards elements (issue 12) against the fault server. <associa-card-check-in> (verify
// multiple): codes typed as a keyboard-wedge scanner types them (the QR's address, then Enter) go
// to the check-in session on the server one at a time, with the running counts of members present
// and in full rights, duplicates flagged, a failed sending retried, a saved session reopened, the
// CSV for the minutes, and the camera reading a QR code with jsQR where the browser has no
// BarcodeDetector. Then <associa-card-actions>, <associa-card-print> and <associa-card-letter>.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import QRCode from 'qrcode';
import '../../src/widgets/cards/check-in/element.js';
import '../../src/widgets/cards/actions/element.js';
import '../../src/widgets/cards/print/element.js';
import '../../src/widgets/cards/letter/element.js';
import { decodeImage } from '../../src/widgets/cards/check-in/qr-frames.js';
import { deepActiveElement } from '../../src/widgets/kit/index.js';
import { all, cleanupFeatures, featureFixture, find, type FeatureFixture } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';
import type { Fault, Reply } from './support/fault.js';

/** The host's route patterns, as its pages pass them. */
const SESSION_PATH = '/cartoessocio/verificarVarios/:id?';
const CARD_PATH = '/cartoessocio/:id';
const LETTER_PATH = '/cartaCartoessocio/:id';
const VERIFY_PATH = '/v/:id';
const MEMBER_PATH = '/socios/:id';

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

let element: HTMLElement;

const SESSION = { _id: 7, name: 'Assembleia geral', date: '2026-03-28' };

/** The check-in element on session 7, signed in as an editor, with the session's saved readings. */
async function mount(scans: Reply | Reply[], existing: unknown[] = []): Promise<FeatureFixture> {
  const fixture = featureFixture();
  await fixture.f.script({
    'GET /card_checkins/7': { body: { data: SESSION } },
    'GET /card_checkins/7/card_checkin_scans': { body: { data: existing, meta: { total: existing.length } } },
    'POST /card_checkins/7/scan': scans,
  });
  fixture.logIn(1, 'Rui Editor', 'editor');
  element = fixture.place('associa-card-check-in', { 'session-id': '7', 'session-path': SESSION_PATH });
  await waitUntil(() => element.shadowRoot?.querySelector('[data-scan-form] input') && element.shadowRoot.querySelector('[data-session-name]'), 'the element never rendered', { timeout: 4000 });
  return fixture;
}

const text = () => (element.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ');
const $ = <E extends Element = HTMLElement>(selector: string) => element.shadowRoot!.querySelector<E>(selector);
const field = () => $<HTMLInputElement>('[data-scan-form] input')!;
const count = (name: string) => $(`[data-count="${name}"]`)!.textContent;
const row = (order: number) => $<HTMLTableRowElement>(`tr[data-scan="${order}"]`);
const button = (name: string) => all<HTMLButtonElement>(element, 'button').find((b) => b.textContent?.trim() === name)!;

/** What a keyboard-wedge scanner does: types the QR's content into the focused field, then Enter. */
function scan(value: string) {
  const input = deepActiveElement() as HTMLInputElement;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.form!.requestSubmit();
}

afterEach(cleanupFeatures);

describe('<associa-card-check-in> (verify multiple)', () => {
  it('sends a scanner\'s readings in a row to the session, in order, counting members present and in full rights, with duplicates flagged', async () => {
    const { f } = await mount([
      { body: { data: ANA_SCAN(1, `https://socios.example.org/v/${ANA}`) } },
      { body: { data: RUI_SCAN(2) } },
      { body: { data: ANA_SCAN(3, `https://socios.example.org/v/${ANA}`, 1) } },
      { body: { data: saved(4, OLD, 'superseded', held(3, 'Luís', OLD, 'superseded', 'Substituído')) } },
      { body: { data: saved(5, GONE, 'not_found', { code: GONE }) } },
      { body: { data: saved(6, 'olá', 'malformed') } },
    ]);
    expect(deepActiveElement()).to.equal(field());
    // Read faster than the server answers: each waits its turn.
    for (const value of [`https://socios.example.org/v/${ANA}`, RUI.toLowerCase(), `https://socios.example.org/v/${ANA}`, OLD, GONE, 'olá']) scan(value);
    expect(deepActiveElement()).to.equal(field());
    await waitUntil(() => row(6), 'the readings were never all answered');
    expect(all(element, '[data-pending]')).to.have.length(0);
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
    expect($('tbody tr')!.getAttribute('data-scan')).to.equal('6');
    const sent = await f.requests('POST', '/card_checkins/7/scan');
    expect(sent.map((r) => (r.body as { input: string }).input)).to.deep.equal([`https://socios.example.org/v/${ANA}`, RUI.toLowerCase(), `https://socios.example.org/v/${ANA}`, OLD, GONE, 'olá']);
    expect(sent[0]!.headers.authorization).to.match(/^Bearer /);
  });

  it('keeps a reading the server never got on screen, and sends it again on request', async () => {
    await mount([{ status: 503, body: { message: 'Serviço indisponível.', code: 'service_unavailable' } }, { body: { data: ANA_SCAN(1, ANA) } }]);
    scan(ANA);
    await waitUntil(() => $('[data-pending][data-result="failed"]'), 'the failure was never shown');
    expect(text()).to.contain('a leitura não foi registada');
    expect(count('present')).to.equal('0');
    button('Registar de novo').click();
    await waitUntil(() => row(1), 'the reading was never sent again');
    expect(all(element, '[data-pending]')).to.have.length(0);
    expect(count('present')).to.equal('1');
    expect(count('full-rights')).to.equal('1');
  });

  it('reopens a saved session with its readings, and exports it as a CSV for the minutes', async () => {
    await mount([], [ANA_SCAN(1, ANA), RUI_SCAN(2), ANA_SCAN(3, ANA, 1)]);
    await waitUntil(() => row(3), 'the saved readings never came');
    expect($('[data-session-name]')!.textContent).to.equal('Assembleia geral (28/03/2026)');
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

  it('keeps a reading answered before the saved ones arrive, after them', async () => {
    const fixture = featureFixture();
    await fixture.f.script({
      'GET /card_checkins/7': { body: { data: SESSION } },
      // The saved readings come slowly (a phone on the venue's network): the door does not wait.
      'GET /card_checkins/7/card_checkin_scans': { body: { data: [ANA_SCAN(1, ANA)], meta: { total: 1 } }, delayMs: 1500 },
      'POST /card_checkins/7/scan': { body: { data: RUI_SCAN(2) } },
    });
    fixture.logIn(1, 'Rui Editor', 'editor');
    element = fixture.place('associa-card-check-in', { 'session-id': '7', 'session-path': SESSION_PATH });
    await find(element, '[data-scan-form] input', 'the scan field');
    field().focus();
    scan(RUI.toLowerCase());
    await waitUntil(() => row(2), 'the reading was never answered', { timeout: 4000 });
    await waitUntil(() => row(1), 'the saved readings never came', { timeout: 4000 });
    expect(row(2)).to.not.equal(null);
    expect(count('scans')).to.equal('2');
    expect(count('present')).to.equal('2');
  });

  /** The element without a session, as the verify-multiple page places it. */
  async function startPage(fixture: FeatureFixture, attributes: Record<string, string>): Promise<void> {
    await fixture.f.script({
      'GET /card_checkins': { body: { data: [SESSION], meta: { total: 1 } } },
      'POST /card_checkins': { status: 201, body: { data: { _id: 8, name: 'Assembleia de março', date: '2026-03-28' } } },
      'GET /card_checkins/8': { body: { data: { _id: 8, name: 'Assembleia de março', date: '2026-03-28' } } },
      'GET /card_checkins/8/card_checkin_scans': { body: { data: [], meta: { total: 0 } } },
      'GET /card_checkins/7': { body: { data: SESSION } },
      'GET /card_checkins/7/card_checkin_scans': { body: { data: [], meta: { total: 0 } } },
    });
    fixture.logIn(1, 'Rui Editor', 'editor');
    element = fixture.place('associa-card-check-in', attributes);
    await waitUntil(() => $('[data-recent-sessions] li'), 'the saved sessions never came', { timeout: 4000 }).catch((e: Error) => {
      throw new Error(`${e.message}: ${text()}`);
    });
  }

  const typeInto = (input: HTMLInputElement, value: string) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };

  it('starts a named, dated session and opens it; lists the latest to reopen', async () => {
    const fixture = featureFixture();
    const { f } = fixture;
    await startPage(fixture, { 'session-path': SESSION_PATH });
    expect($('[data-recent-sessions] a')!.getAttribute('href')).to.equal('/cartoessocio/verificarVarios/7');
    const [name, date] = all<HTMLInputElement>(element, '[data-start-session] input');
    expect(name!.value).to.match(/^Assembleia geral de \d{2}\/\d{2}\/\d{4}$/);
    expect(date!.value).to.match(/^\d{4}-\d{2}-\d{2}$/);
    typeInto(name!, '  ');
    button('Começar sessão').click();
    await waitUntil(() => text().includes('Indique o nome da sessão.'), 'an empty name was not told');
    expect(await f.requests('POST', '/card_checkins')).to.have.length(0);
    typeInto(name!, 'Assembleia de março');
    typeInto(date!, '2026-03-28');
    button('Começar sessão').click();
    await waitUntil(() => fixture.navigations.includes('/cartoessocio/verificarVarios/8'), 'the new session was never opened');
    expect((await f.requests('POST', '/card_checkins'))[0]!.body).to.deep.equal({ name: 'Assembleia de março', date: '2026-03-28' });
    // The page's router took it: the element waits for its new session-id.
    expect($('[data-scan-form]')).to.equal(null);
    await expectAccessible(element);
  });

  it("opens the session it started in place on a page without a router (the association's own site)", async () => {
    const fixture = featureFixture({ handleNavigation: false });
    await startPage(fixture, {});
    // Without a session address, a recent session is a button that opens it here.
    expect($('[data-recent-sessions] a')).to.equal(null);
    const [name] = all<HTMLInputElement>(element, '[data-start-session] input');
    typeInto(name!, 'Assembleia de março');
    button('Começar sessão').click();
    await waitUntil(() => $('[data-session-name]')?.textContent === 'Assembleia de março (28/03/2026)', 'the new session never opened in place');
    expect(fixture.navigations).to.deep.equal([]);
    button('Nova sessão').click();
    await waitUntil(() => $('[data-start-session]'), 'no way back to a new session');
    button('Assembleia geral (28/03/2026)').click();
    await waitUntil(() => $('[data-session-name]')?.textContent === 'Assembleia geral (28/03/2026)', 'the saved session never reopened');
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
    await waitUntil(() => !$('[data-camera]'), 'the camera never stopped');
  });

  it('says plainly when the page cannot use a camera', async () => {
    const had = Object.getOwnPropertyDescriptor(Navigator.prototype, 'mediaDevices');
    Object.defineProperty(Navigator.prototype, 'mediaDevices', { get: () => undefined, configurable: true });
    restore.push(() => had && Object.defineProperty(Navigator.prototype, 'mediaDevices', had));
    await mount([]);
    expect(text()).to.contain('Este navegador não dá acesso à câmara nesta página');
    expect($('[data-camera-unsupported]')).to.not.equal(null);
  });
});

describe('<associa-card-actions>', () => {
  const CARD = { _id: 5, member: 9, code: ANA, state: 'active', issued_at: '2026-01-10', valid_until: '2026-12-31' };

  async function mountCard(standing: Record<string, unknown> = { status: 'valid', state: 'Válido', valid_until: '2026-12-31', expired: false }, fixture = featureFixture(), paths: Record<string, string> = { 'card-path': CARD_PATH, 'letter-path': LETTER_PATH, 'verify-path': VERIFY_PATH }): Promise<FeatureFixture> {
    await fixture.f.script({
      'GET /membership_cards/5': { body: { data: CARD } },
      'GET /membership_cards/5/state': { body: { data: standing } },
      'POST /membership_cards/issue': { body: { data: { ...CARD, _id: 6, code: RUI } } },
      'GET /membership_cards/6': { body: { data: { ...CARD, _id: 6, code: RUI } } },
      'GET /membership_cards/6/state': { body: { data: standing } },
      'POST /membership_cards/5/revoke': { body: {} },
    });
    fixture.logIn(1, 'Rui Editor', 'editor');
    element = fixture.place('associa-card-actions', { 'card-id': '5', ...paths });
    await find(element, '[data-card-actions]', 'the card');
    return fixture;
  }

  it("shows the card's standing today, so an active card past its validity reads Expirado in its own colour", async () => {
    await mountCard({ status: 'expired', state: 'Expirado', valid_until: '2025-12-31', expired: true });
    await find(element, '[data-card-standing]', 'the standing');
    const line = $('[data-card-standing-line]')!;
    expect(line.textContent).to.equal('Estado hoje: Expirado A validade terminou a 31/12/2025.');
    const badge = $<HTMLElement>('[data-card-standing]')!;
    expect(badge.dataset.cardStanding).to.equal('expired');
    expect(getComputedStyle(badge).backgroundColor).to.equal('rgb(245, 243, 255)');
    await expectAccessible(element);
  });

  it('revokes a card only with a reason, and reissues it, opening the new card', async () => {
    const { f, navigations } = await mountCard();
    expect($('[data-verify-link]')!.getAttribute('href')).to.equal(`/v/${ANA}`);
    expect($('[data-letter-link]')!.getAttribute('href')).to.equal('/cartaCartoessocio/5');
    button('Revogar cartão').click();
    await waitUntil(() => $('[data-revoke-form]'));
    button('Revogar').click();
    await waitUntil(() => text().includes('Indique o motivo da revogação.'));
    expect(await f.requests('POST', '/membership_cards/5/revoke')).to.have.length(0);
    const reason = $<HTMLTextAreaElement>('[data-revoke-form] textarea')!;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(reason, 'Cartão perdido');
    reason.dispatchEvent(new Event('input', { bubbles: true }));
    button('Revogar').click();
    await waitUntil(() => text().includes('Cartão revogado.'), 'the revocation was never told');
    expect((await f.requests('POST', '/membership_cards/5/revoke'))[0]!.body).to.deep.equal({ reason: 'Cartão perdido' });

    button('Reemitir cartão').click();
    await waitUntil(() => $('dialog[open]'), 'no confirmation asked');
    expect($('dialog[open]')!.textContent).to.contain('«Substituído»');
    all<HTMLButtonElement>(element, 'dialog[open] button').find((b) => b.textContent?.trim() === 'Reemitir cartão')!.click();
    await waitUntil(() => navigations.includes('/cartoessocio/6'), 'the new card was never opened');
    expect((await f.requests('POST', '/membership_cards/issue'))[0]!.body).to.deep.equal({ member: 9 });
  });

  it("shows the reissued card in place on a page without a router, and only the links it was given addresses for", async () => {
    const fixture = featureFixture({ handleNavigation: false });
    await mountCard(undefined, fixture, { 'verify-path': VERIFY_PATH });
    expect($('[data-letter-link]')).to.equal(null);
    expect($('[data-verify-link]')!.getAttribute('href')).to.equal(`/v/${ANA}`);
    button('Reemitir cartão').click();
    await waitUntil(() => $('dialog[open]'), 'no confirmation asked');
    all<HTMLButtonElement>(element, 'dialog[open] button').find((b) => b.textContent?.trim() === 'Reemitir cartão')!.click();
    await waitUntil(() => $('[data-verify-link]')?.getAttribute('href') === `/v/${RUI}`, 'the new card was never shown');
    expect(text()).to.contain('Novo cartão emitido: é este.');
    expect(fixture.navigations).to.deep.equal([]);
  });
});

describe('<associa-card-print>', () => {
  const options = () => all(element, '[data-print-selection] option').map((o) => o.textContent);
  const select = () => $<HTMLSelectElement>('[data-print-selection] select')!;
  const choose = (value: string) => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select(), value);
    select().dispatchEvent(new Event('change', { bubbles: true }));
  };

  it('"Imprimir seleção" asks for one PDF of a category\'s active cards and opens it', async () => {
    const fixture = featureFixture();
    const { f } = fixture;
    await f.script({
      'GET /fee_categories': { body: { data: [{ _id: 2, name: 'Juvenil' }], meta: { total: 1 } } },
      'GET /membership_cards': [
        { body: { data: { url: `${f.api}/files/1/content`, expiresAt: '2026-01-01T00:05:00.000Z', count: 3 } } },
        { status: 400, body: { message: 'Nenhum cartão corresponde a esta seleção: não há nada para imprimir.', code: 'bad_request' } },
      ],
      'GET /files/1/content': { body: { pdf: true } },
    });
    fixture.logIn(1, 'Rui Editor', 'editor');
    element = fixture.place('associa-card-print');
    await waitUntil(() => $('[data-print-selection] select')?.querySelectorAll('option').length === 2, 'the categories never came', { timeout: 4000 });
    await expectAccessible(element);
    choose('2');
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
    expect(opened).to.deep.equal(['cartoes-3.pdf']);
    expect(text()).to.contain('PDF pronto com 3 cartões.');
    expect((await f.requests('GET', '/membership_cards'))[0]!.query).to.deep.equal({ type: 'category', category: '2' });
    // The file is fetched with the session's token: its address works only for who asked.
    expect((await f.requests('GET', '/files/1/content'))[0]!.headers.authorization).to.match(/^Bearer /);
    button('Imprimir seleção').click();
    await waitUntil(() => text().includes('Nenhum cartão corresponde a esta seleção'), 'an empty selection was not told');
  });

  it('prints the cards picked in the list, as the list announces them', async () => {
    const fixture = featureFixture();
    const { f } = fixture;
    await f.script({
      'GET /fee_categories': { body: { data: [], meta: { total: 0 } } },
      'GET /membership_cards': { body: { data: { url: `${f.api}/files/1/content`, expiresAt: '2026-01-01T00:05:00.000Z', count: 2 } } },
      'GET /files/1/content': { body: { pdf: true } },
    });
    fixture.logIn(1, 'Rui Editor', 'editor');
    element = fixture.place('associa-card-print');
    // The list below it on the page, which announces its picked rows.
    const list = fixture.place('associa-stand-in-list');
    await find(element, '[data-print-selection] select', 'the print selection');
    expect(options()).to.deep.equal(['Todos os cartões ativos']);
    const announce = (resource: string, ids: number[], all = false) =>
      list.dispatchEvent(new CustomEvent('associa-selection', { detail: { resource, ids, all, query: '' }, bubbles: true, composed: true }));
    // Another list's rows are not cards.
    announce('members', [3]);
    announce('membership_cards', [11, 12]);
    await waitUntil(() => options().includes('Os cartões escolhidos na lista (2)'), 'the picked cards were not offered');
    choose('picked');
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
    announce('membership_cards', [], true);
    await waitUntil(() => options().length === 1);
    expect(select().value).to.equal('');
  });

  it('follows a large selection\'s job with its progress, then opens its PDF', async () => {
    const fixture = featureFixture();
    const { f, core } = fixture;
    await f.script({
      'GET /fee_categories': { body: { data: [], meta: { total: 0 } } },
      'GET /membership_cards': { body: { data: { job: { _id: 31, state: 'queued', name: 'cards.print' }, count: 600 } } },
      'GET /membership_cards/print/31': { body: { data: { url: `${f.api}/files/3/content`, expiresAt: '2026-01-01T00:05:00.000Z', count: 600, state: 'done' } } },
      'GET /files/3/content': { body: { pdf: true } },
    });
    fixture.logIn(1, 'Rui Editor', 'editor');
    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
    element = fixture.place('associa-card-print');
    await find(element, '[data-print-selection] select', 'the print selection');
    const opened: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      opened.push(this.download);
    };
    try {
      button('Imprimir seleção').click();
      await waitUntil(() => text().includes('A preparar o PDF…') && $('progress'), 'the job was never followed');
      await f.wsSend({ topic: 'jobs', payload: { id: 31, name: 'cards.print', state: 'running', progress: 200, total: 600 } });
      await waitUntil(() => $('[data-progress-count]')?.textContent === '200 de 600', 'the progress never showed');
      await f.wsSend({ topic: 'jobs', payload: { id: 31, name: 'cards.print', state: 'done', progress: 600, total: 600 } });
      await waitUntil(() => opened.length === 1, 'the PDF was never opened');
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect(text()).to.contain('PDF pronto com 600 cartões.');
    expect((await f.requests('GET', '/files/3/content'))[0]!.headers.authorization).to.match(/^Bearer /);
  });
});

describe('<associa-card-letter>', () => {
  const CARD = { _id: 5, member: 9, code: ANA, state: 'active', issued_at: '2026-01-10', valid_until: '2026-12-31' };

  async function mountLetter(letter: (api: string) => Reply): Promise<Fault> {
    const fixture = featureFixture();
    const { f } = fixture;
    await f.script({
      'GET /membership_cards/5': { body: { data: CARD } },
      'GET /membership_card_letters/5': letter(f.api),
      'GET /files/2/content': { body: { pdf: 'carta' } },
    });
    fixture.logIn(1, 'Rui Editor', 'editor');
    element = fixture.place('associa-card-letter', { 'card-id': '5', 'card-path': CARD_PATH, 'member-path': MEMBER_PATH });
    return f;
  }

  it('shows the letter the server redirects to, to download, with a way back to the card', async () => {
    const f = await mountLetter((api) => ({ status: 302, location: `${api}/files/2/content`, body: { data: { url: `${api}/files/2/content` } } }));
    await find(element, '[data-card-letter="ready"]', 'the letter');
    const frame = $('iframe')!;
    expect(frame.getAttribute('src')).to.match(/^blob:/);
    expect(frame.getAttribute('title')).to.equal('Carta de envio do cartão (PDF)');
    await waitUntil(() => $<HTMLAnchorElement>('[data-letter-download]')?.download === `carta-cartao-${ANA}.pdf`, 'the card code never named the file');
    const download = $<HTMLAnchorElement>('[data-letter-download]')!;
    expect(download.getAttribute('href')).to.equal(frame.getAttribute('src'));
    expect($('[data-card-link]')!.getAttribute('href')).to.equal('/cartoessocio/5');
    // SPEC 7's address, followed to the file with the session's token and asking for a PDF.
    const asked = (await f.requests('GET', '/membership_card_letters/5'))[0]!;
    expect(asked.headers.accept).to.equal('application/pdf');
    expect(asked.headers.authorization).to.match(/^Bearer /);
    expect((await f.requests('GET', '/files/2/content'))[0]!.headers.authorization).to.match(/^Bearer /);
  });

  it('says what the member lacks for the envelope, with a way to their form', async () => {
    const lacking = 'Não é possível preparar a carta sem a morada completa: Vasco Sem Morada (falta morada, código postal e localidade).';
    await mountLetter(() => ({ status: 422, body: { code: 'invalid_record', errors: { member: lacking } } }));
    await find(element, '[data-card-letter="missing"]', 'the missing address');
    expect(text()).to.contain(`${lacking} Complete a morada na ficha do sócio e volte a esta página.`);
    await find(element, '[data-member-link]', 'the way to the member');
    expect($('[data-member-link]')!.getAttribute('href')).to.equal('/socios/9');
    expect($('iframe')).to.equal(null);
    await expectAccessible(element);
  });
});
