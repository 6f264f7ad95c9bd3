// <associa-message> against the fault server (issue 11, item 8): a message's HTML part kept out of
// the page, and "Reenviar"; and what the messages' settings place, as the messages module declares
// them (the message's page as a read view: message-view.test.tsx).
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import type { ExplainerResource } from '../../src/core/index.js';
import '../../src/widgets/messages/message/element.js';
import { MESSAGES_MODULE } from '../../src/widgets/messages/module.js';
import { FALLBACK_TERMINOLOGY } from '../../src/host/routes.js';
import { cleanupFeatures, featureFixture, find, text, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const EXPLAINER: { body: { data: Record<string, ExplainerResource> } } = {
  body: { data: { messages: { label: 'Mensagens', fields: [], actions: [{ name: 'resend', label: 'Reenviar', on: 'record', fields: [] }] } } },
};

const HTML = '<p>Olá Ana,</p><script>parent.document.body.dataset.hacked = "sim"</script><img src="x" onerror="parent.document.body.dataset.hacked = \'sim\'">';

const message = (status: string, extra: Record<string, unknown> = {}) => ({
  body: {
    data: {
      _id: 5, _version: 3, created_at: '2031-05-30T09:00:00Z', updated_at: '2031-05-30T09:10:00Z',
      recipient: 'ana@exemplo.pt', subject: 'Quotas em atraso', body: 'Olá Ana,', html: HTML,
      status, attempts: status === 'pending' ? 0 : 8, last_error: status === 'failed' ? '550 Caixa inexistente' : null, sent_at: null, ...extra,
    },
  },
});

const MESSAGE_PATH = '/mensagens/:id';

async function mount(rules: Record<string, unknown>, { handleNavigation = true } = {}) {
  const fixture = featureFixture({ handleNavigation });
  fixture.logIn(1, 'Rui Editor', 'editor');
  await fixture.f.script({ 'GET /explainer': EXPLAINER, ...(rules as Record<string, never>) });
  const element = fixture.place('associa-message', { 'message-id': '5', 'message-path': MESSAGE_PATH });
  return { ...fixture, element };
}

const buttons = (element: HTMLElement, name: string) => [...element.shadowRoot!.querySelectorAll('button')].filter((b) => b.textContent?.trim() === name);
const visibleButton = (element: HTMLElement, name: string) => buttons(element, name).find((b) => !b.closest('dialog:not([open])'));
const dialogButton = (element: HTMLElement, name: string) => [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('dialog[open] button')].find((b) => b.textContent?.trim() === name);

afterEach(() => {
  cleanupFeatures();
  delete document.body.dataset.hacked;
});

describe('message settings (/configuracaoMensagens)', () => {
  it("places the messages' settings form and a link to the reminder templates", () => {
    const route = MESSAGES_MODULE.routes(FALLBACK_TERMINOLOGY).find((r) => r.name === 'messageSettings')!;
    const [form, templates] = route.page!.parts;
    expect(form).to.deep.include({ element: 'associa-settings-form', attrs: { page: 'messages' } });
    expect(templates).to.deep.include({ link: 'paymentReminders', label: 'Modelos de avisos' });
  });
});

describe('<associa-message>', () => {
  it('shows its HTML only in a sandboxed frame', async () => {
    const { element } = await mount({ 'GET /messages/5': message('failed') });
    const frame = await find<HTMLIFrameElement>(element, 'iframe[data-message-html]', 'the HTML part');
    expect(frame.getAttribute('sandbox')).to.equal('');
    expect(frame.getAttribute('srcdoc')).to.equal(HTML);
    expect(frame.title).to.equal('Mensagem em HTML');
    expect(text(element)).to.contain('Como o destinatário a vê');
    // None of the message's markup is markup of the page, and its script never ran.
    expect(element.shadowRoot!.querySelector('script, img')).to.equal(null);
    await waitUntil(() => frame.contentDocument === null || frame.contentDocument.readyState === 'complete');
    expect(document.body.dataset.hacked).to.equal(undefined);
    await expectAccessible(element);
  });

  it('"Reenviar" queues a copy through the action and opens the new message', async () => {
    const { element, f, navigations } = await mount({ 'GET /messages/5': message('failed'), 'POST /messages/5/resend': { body: { data: { _id: 9 } } } });
    await waitUntil(() => visibleButton(element, 'Reenviar'), 'no "Reenviar" button');
    visibleButton(element, 'Reenviar')!.click();
    await waitUntil(() => element.shadowRoot!.querySelector('dialog[open]'), 'the confirmation never opened');
    expect(element.shadowRoot!.querySelector('dialog[open]')!.textContent).to.contain('ana@exemplo.pt');
    expect(await f.requests('POST', '/messages/5/resend')).to.have.length(0);
    dialogButton(element, 'Reenviar')!.click();
    await waitUntil(() => navigations.length > 0, 'never went to the new message');
    expect(navigations).to.deep.equal(['/mensagens/9']);
    expect(await f.requests('POST', '/messages/5/resend')).to.have.length(1);
  });

  it('says the copy is queued where no router opens its page', async () => {
    const { element, navigations } = await mount({ 'GET /messages/5': message('failed'), 'POST /messages/5/resend': { body: { data: { _id: 9 } } } }, { handleNavigation: false });
    await waitUntil(() => visibleButton(element, 'Reenviar'), 'no "Reenviar" button');
    visibleButton(element, 'Reenviar')!.click();
    await waitUntil(() => dialogButton(element, 'Reenviar'));
    dialogButton(element, 'Reenviar')!.click();
    await waitForText(element, 'A cópia foi posta na fila de envio.');
    expect(navigations).to.deep.equal(['/mensagens/9']);
  });

  it("tells the server's refusal in the dialog and stays", async () => {
    const { element, navigations } = await mount({
      'GET /messages/5': message('sent', { sent_at: '2031-05-30T09:01:00Z' }),
      'POST /messages/5/resend': { status: 409, body: { code: 'conflict', message: 'Esta mensagem levava uma ligação pessoal que deixou de ser guardada depois do envio, por segurança.' } },
    });
    await waitUntil(() => visibleButton(element, 'Reenviar'), 'no "Reenviar" button');
    visibleButton(element, 'Reenviar')!.click();
    await waitUntil(() => dialogButton(element, 'Reenviar'));
    dialogButton(element, 'Reenviar')!.click();
    await waitUntil(() => element.shadowRoot!.querySelector('dialog[open]')?.textContent?.includes('ligação pessoal'), 'the refusal was never shown');
    expect(navigations).to.deep.equal([]);
  });

  it('offers no "Reenviar" for a message still waiting to be sent', async () => {
    const { element } = await mount({ 'GET /messages/5': message('pending') });
    await find(element, 'iframe[data-message-html]', 'the message');
    expect(buttons(element, 'Reenviar')).to.have.length(0);
  });
});
