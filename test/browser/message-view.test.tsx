// A message's page as a read view (issue 30): the message as sent (subject, recipient, dates,
// delivery state, the message itself in a sandboxed frame or as text), read as text and never
// as disabled inputs; and the page that places it.
import { expect } from '@open-wc/testing';
import type { PageContext } from '../../src/core/client-module.js';
import '../../src/widgets/messages/message/element.js';
import { MESSAGES_MODULE } from '../../src/widgets/messages/module.js';
import { FALLBACK_TERMINOLOGY } from '../../src/host/routes.js';
import { all, cleanupFeatures, featureFixture, find, text, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const MESSAGE_PATH = '/mensagens/:id';

const message = (extra: Record<string, unknown>) => ({
  body: {
    data: {
      _id: 5, _version: 3, created_at: '2031-05-30T09:00:00Z', updated_at: '2031-05-30T09:10:00Z',
      recipient: 'ana@exemplo.pt', subject: 'Bem-vinda à Associação', body: 'Olá Ana,\n\nA sua candidatura foi aceite.', html: null,
      status: 'sent', attempts: 1, last_error: null, sent_at: '2031-05-30T09:01:00Z', ...extra,
    },
  },
});

async function mount(rules: Record<string, unknown>) {
  const fixture = featureFixture();
  fixture.logIn(1, 'Rui Editor', 'editor');
  await fixture.f.script({ 'GET /explainer': { body: { data: { messages: { label: 'Mensagens', fields: [], actions: [{ name: 'resend', label: 'Reenviar', on: 'record', fields: [] }] } } } }, ...(rules as Record<string, never>) });
  return fixture.place('associa-message', { 'message-id': '5', 'message-path': MESSAGE_PATH });
}

/** Term → value of the element's facts, as a person reads them. */
const facts = (element: HTMLElement) => Object.fromEntries(all(element, 'dt').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

afterEach(cleanupFeatures);

describe("a message's page (/mensagens/{id})", () => {
  it('places the message read view alone, with the message and its route', () => {
    const route = MESSAGES_MODULE.routes(FALLBACK_TERMINOLOGY).find((r) => r.name === 'messagesEdit')!;
    const page = { params: { id: '5' }, pattern: (name: string) => (name === 'messagesEdit' ? MESSAGE_PATH : '?') } as unknown as PageContext;
    const parts = route.page!.parts;
    expect(parts).to.have.length(1);
    const [element] = parts;
    expect(element && 'element' in element && element.element).to.equal('associa-message');
    const attrs = element && 'element' in element ? element.attrs : undefined;
    expect(typeof attrs === 'function' ? attrs(page) : attrs).to.deep.equal({ 'message-id': '5', 'message-path': MESSAGE_PATH });
  });
});

describe('<associa-message> as a read view', () => {
  it('shows a sent message as text: subject, recipient, when it was queued and sent, its state and the text itself', async () => {
    const element = await mount({ 'GET /messages/5': message({}) });
    await waitForText(element, 'Bem-vinda à Associação');
    expect((await find(element, 'h2[data-subject]')).textContent).to.equal('Bem-vinda à Associação');
    expect(facts(element)).to.deep.equal({ Para: 'ana@exemplo.pt', Estado: 'Enviada', 'Posta na fila em': '30/05/2031, 10:00', 'Enviada em': '30/05/2031, 10:01' });
    // Without an HTML part, the text version is the message.
    expect((await find(element, '[data-message-text]')).textContent).to.equal('Olá Ana,\n\nA sua candidatura foi aceite.');
    expect(element.shadowRoot!.querySelector('iframe')).to.equal(null);
    // Read as text: no input, disabled or not.
    expect(all(element, 'input, textarea, select')).to.have.length(0);
    await expectAccessible(element);
  });

  it('shows a message given up with its attempts and last error, and its HTML framed with the text version beside it', async () => {
    const element = await mount({ 'GET /messages/5': message({ status: 'failed', attempts: 8, last_error: '550 Caixa inexistente', sent_at: null, html: '<p>Olá Ana,</p>' }) });
    await waitForText(element, 'Não foi possível enviar');
    expect(facts(element)).to.deep.include({ Estado: 'Não foi possível enviar', Tentativas: '8', 'Último erro': '550 Caixa inexistente' });
    expect(facts(element)).not.to.have.property('Enviada em');
    const frame = await find<HTMLIFrameElement>(element, 'iframe[data-message-html]');
    expect(frame.getAttribute('sandbox')).to.equal('');
    const textVersion = await find<HTMLDetailsElement>(element, 'details[data-message-text]');
    expect(textVersion.open).to.equal(false);
    expect(textVersion.querySelector('summary')!.textContent).to.equal('Versão de texto');
    expect(text(element)).to.contain('Reenviar');
    await expectAccessible(element);
  });

  it('says so when the message does not exist', async () => {
    const element = await mount({ 'GET /messages/5': { status: 404, body: { code: 'not_found', message: 'Não encontrado.' } } });
    await waitForText(element, 'Esta mensagem não existe ou já não está disponível.');
  });
});
