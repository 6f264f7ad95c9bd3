// The messages pages of the host (issue 11, item 8) against the fault server: a message's view
// with its state, its HTML part kept out of the page, and "Reenviar"; the message settings page
// with its way to the reminder templates.
import { expect, waitUntil } from '@open-wc/testing';
import { createRoot, type Root } from 'react-dom/client';
import type { ReactNode } from 'react';
import type { Core, ExplainerResource } from '../../src/core/index.js';
import { HostProvider } from '../../src/host/context.js';
import { PAGES } from '../../src/host/pages/index.js';
import { MESSAGE_FIELDS } from '../../src/host/pages/messages/message-page.js';
import { buildRoutes, FALLBACK_TERMINOLOGY, routeNamed, type RouteName } from '../../src/host/routes.js';
import { createHostState } from '../../src/host/state.js';
import { cleanup, testCore } from './support/core.js';
import { tokenPair, type Fault } from './support/fault.js';

// The generic form and the settings form are their elements' own business (their tests): bare stand-ins here.
customElements.define('associa-resource-form', class extends HTMLElement {});
customElements.define('associa-settings-form', class extends HTMLElement {});

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

let container: HTMLElement;
let root: Root;
const startUrl = location.href;

async function mountPage(name: RouteName, params: Record<string, string>, rules: Record<string, unknown>): Promise<{ core: Core; f: Fault }> {
  const { core, f } = testCore();
  await f.script({ 'GET /explainer': EXPLAINER, ...(rules as Record<string, never>) });
  core.tokens.set(tokenPair(1, 'Rui Editor', 'editor'));
  await core.explainer.load();
  const routes = buildRoutes(FALLBACK_TERMINOLOGY);
  const Page = PAGES[name as keyof typeof PAGES];
  render(core, <Page route={routeNamed(routes, name)} params={params} routes={routes} words={FALLBACK_TERMINOLOGY} />);
  await waitUntil(() => container.querySelector('h1'), 'the page never rendered');
  return { core, f };
}

function render(core: Core, node: ReactNode) {
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  root.render(<HostProvider value={createHostState(core)}>{node}</HostProvider>);
}

const buttons = (name: string) => [...container.querySelectorAll('button')].filter((b) => b.textContent?.trim() === name);
const visibleButton = (name: string) => buttons(name).find((b) => !b.closest('dialog:not([open])'));

afterEach(() => {
  root?.unmount();
  container?.remove();
  cleanup();
  history.replaceState(null, '', startUrl);
  delete document.body.dataset.hacked;
});

describe('a message (/mensagens/{id})', () => {
  it('shows its state, attempts and last error in the read-only form, and its HTML only in a sandboxed frame', async () => {
    await mountPage('messagesEdit', { id: '5' }, { 'GET /messages/5': message('failed') });
    const form = container.querySelector('associa-resource-form')!;
    expect([form.getAttribute('resource'), form.getAttribute('record-id'), form.getAttribute('fields'), form.getAttribute('no-delete')]).to.deep.equal(['messages', '5', MESSAGE_FIELDS, 'true']);
    expect(MESSAGE_FIELDS.split(',')).to.include.members(['status', 'attempts', 'last_error']);
    await waitUntil(() => container.querySelector('iframe[data-message-html]'), 'the HTML part never shown');
    const frame = container.querySelector<HTMLIFrameElement>('iframe[data-message-html]');
    expect(frame!.getAttribute('sandbox')).to.equal('');
    expect(frame!.getAttribute('srcdoc')).to.equal(HTML);
    expect(frame!.title).to.equal('Mensagem em HTML');
    // None of the message's markup is markup of the page, and its script never ran.
    expect(container.querySelector('script, img')).to.equal(null);
    await waitUntil(() => frame!.contentDocument === null || frame!.contentDocument.readyState === 'complete');
    expect(document.body.dataset.hacked).to.equal(undefined);
  });

  it('"Reenviar" queues a copy through the action and opens the new message', async () => {
    const { f } = await mountPage('messagesEdit', { id: '5' }, { 'GET /messages/5': message('failed'), 'POST /messages/5/resend': { body: { data: { _id: 9 } } } });
    await waitUntil(() => visibleButton('Reenviar'), 'no "Reenviar" button');
    visibleButton('Reenviar')!.click();
    await waitUntil(() => container.querySelector('dialog[open]'), 'the confirmation never opened');
    expect(container.querySelector('dialog[open]')!.textContent).to.contain('ana@exemplo.pt');
    expect(await f.requests('POST', '/messages/5/resend')).to.have.length(0);
    [...container.querySelectorAll<HTMLButtonElement>('dialog[open] button')].find((b) => b.textContent?.trim() === 'Reenviar')!.click();
    await waitUntil(() => location.pathname === '/mensagens/9', `never went to the new message (at ${location.pathname})`);
    expect(await f.requests('POST', '/messages/5/resend')).to.have.length(1);
  });

  it("tells the server's refusal in the dialog and stays", async () => {
    await mountPage('messagesEdit', { id: '5' }, {
      'GET /messages/5': message('sent', { sent_at: '2031-05-30T09:01:00Z' }),
      'POST /messages/5/resend': { status: 409, body: { code: 'conflict', message: 'Esta mensagem levava uma ligação pessoal que deixou de ser guardada depois do envio, por segurança.' } },
    });
    await waitUntil(() => visibleButton('Reenviar'), 'no "Reenviar" button');
    visibleButton('Reenviar')!.click();
    await waitUntil(() => container.querySelector('dialog[open]'));
    [...container.querySelectorAll<HTMLButtonElement>('dialog[open] button')].find((b) => b.textContent?.trim() === 'Reenviar')!.click();
    await waitUntil(() => container.querySelector('dialog[open]')?.textContent?.includes('ligação pessoal'), 'the refusal was never shown');
    expect(location.href).to.equal(startUrl);
  });

  it('offers no "Reenviar" for a message still waiting to be sent', async () => {
    await mountPage('messagesEdit', { id: '5' }, { 'GET /messages/5': message('pending') });
    await waitUntil(() => container.querySelector('iframe[data-message-html]'), 'the message never loaded');
    expect(buttons('Reenviar')).to.have.length(0);
  });
});

describe('message settings (/configuracaoMensagens)', () => {
  it("places the messages' settings form and a link to the reminder templates", async () => {
    await mountPage('messageSettings', {}, {});
    expect(container.querySelector('h1')!.textContent).to.equal('Configuração de Mensagens');
    expect(container.querySelector('associa-settings-form')!.getAttribute('page')).to.equal('messages');
    const templates = container.querySelector<HTMLAnchorElement>('a[data-link="reminder-templates"]')!;
    expect(templates.textContent).to.equal('Modelos de avisos');
    expect(templates.getAttribute('href')).to.equal('/quotas/avisos');
  });
});
