// A domain added by its client folder alone (test/fixtures/notices/client) and the one list of
// client modules: the host shows its menu entry, its settings tab and its pages, with no host
// file changed. The server half is test/server/new-domain.test.ts.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ExplainerResource } from '../../src/core/index.js';
import { HostProvider } from '../../src/host/context.js';
import { PlacedPage } from '../../src/host/pages/placed.js';
import { breadcrumbs, buildRoutes, FALLBACK_TERMINOLOGY, matchRoute } from '../../src/host/routes.js';
import { MainMenu } from '../../src/host/shell/main-menu.js';
import { SettingsTabs } from '../../src/host/shell/settings-tabs.js';
import { createHostState } from '../../src/host/state.js';
import { CLIENT_MODULES } from '../../src/widgets/modules.js';
import { NOTICES_MODULE } from '../fixtures/notices/client/module.js';
import { cleanup, testCore } from './support/core.js';
import { tokenPair } from './support/fault.js';

// The list, form and settings form are their own elements' business: bare stand-ins show what the page places.
for (const tag of ['associa-resource-list', 'associa-resource-form', 'associa-settings-form']) {
  if (!customElements.get(tag)) customElements.define(tag, class extends HTMLElement {});
}

const MODULES = [...CLIENT_MODULES, NOTICES_MODULE];
const res = (label: string, extra: Partial<ExplainerResource> = {}): ExplainerResource => ({ label, fields: [], ...extra });

let container: HTMLElement | undefined;
let root: Root | undefined;

async function mount(path: string, body: (host: ReturnType<typeof createHostState>) => ReactNode, explained: Record<string, ExplainerResource> = { members: res('Sócios'), notices: res('Avisos da Direção') }) {
  const { core, f } = testCore();
  await f.script({ 'GET /explainer': { body: { data: explained } } });
  core.tokens.set(tokenPair(1, 'Ana Admin', 'admin'));
  await core.explainer.load();
  const host = createHostState(core, MODULES);
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  root.render(
    <Router hook={memoryLocation({ path }).hook}>
      <HostProvider value={host}>{body(host)}</HostProvider>
    </Router>,
  );
  return host;
}

/** What `find` finds once it is there (waitUntil itself answers nothing). */
async function found<T>(find: () => T | null | undefined, message: string): Promise<T> {
  await waitUntil(() => find(), message);
  return find()!;
}

function page(path: string) {
  const routes = buildRoutes(FALLBACK_TERMINOLOGY, MODULES);
  const match = matchRoute(routes, path)!;
  return (host: ReturnType<typeof createHostState>) => <PlacedPage route={match.route} params={match.params} routes={host.routes.value} words={FALLBACK_TERMINOLOGY} spec={match.route.page!} />;
}

describe('a domain added by its client module alone', () => {
  afterEach(() => {
    root?.unmount();
    container?.remove();
    root = container = undefined;
    cleanup();
  });

  it('has its routes and breadcrumbs', () => {
    const routes = buildRoutes(FALLBACK_TERMINOLOGY, MODULES);
    expect(matchRoute(routes, '/avisos')?.route.name).to.equal('noticesList');
    expect(matchRoute(routes, '/avisos/novo')?.route.name).to.equal('noticesNew');
    expect(matchRoute(routes, '/avisos/12')?.route.name).to.equal('noticesEdit');
    expect(breadcrumbs(routes, '/avisos/12', 'admin').map((crumb) => [crumb.label, crumb.href])).to.deep.equal([
      ['Avisos da Direção', '/avisos'],
      ['Aviso da Direção', null],
    ]);
    // The application's own table does not have it: the list of modules is what adds it.
    expect(matchRoute(buildRoutes(FALLBACK_TERMINOLOGY), '/avisos')).to.equal(null);
  });

  it('has its entry in the main menu, in its order, current on its pages', async () => {
    await mount('/avisos/12', () => <MainMenu current="/avisos/12" />);
    const entry = await found(() => container!.querySelector<HTMLAnchorElement>('a[data-menu="notices"]'), 'no menu entry');
    expect(entry.textContent).to.equal('Avisos');
    expect(entry.getAttribute('href')).to.equal('/avisos');
    expect(entry.getAttribute('aria-current')).to.equal('location');
    const keys = [...container!.querySelectorAll('[data-menu]')].map((node) => node.getAttribute('data-menu'));
    expect(keys.indexOf('notices')).to.equal(keys.indexOf('messages') - 1);
  });

  it('has its settings tab, current on its settings page, which places the settings form of its page', async () => {
    await mount('/configuracaoAvisos', (host) => (
      <>
        <SettingsTabs current={'noticeSettings' as never} />
        {page('/configuracaoAvisos')(host)}
      </>
    ));
    const tab = await found(() => [...container!.querySelectorAll<HTMLAnchorElement>('nav a')].find((a) => a.textContent === 'Avisos'), 'no settings tab');
    expect(tab.getAttribute('href')).to.equal('/configuracaoAvisos');
    expect(tab.getAttribute('aria-current')).to.equal('page');
    expect(container!.querySelector('h1')!.textContent).to.equal('Configuração de Avisos');
    expect(container!.querySelector('associa-settings-form')!.getAttribute('page')).to.equal('notices');
  });

  it('shows its list with the way to a new notice, for callers who may create', async () => {
    await mount('/avisos', page('/avisos'));
    const list = await found(() => container!.querySelector('associa-resource-list'), 'no list placed');
    expect(list.getAttribute('resource')).to.equal('notices');
    expect(list.getAttribute('edit-path')).to.equal('/avisos/:id');
    expect(container!.querySelector('h1')!.textContent).to.equal('Avisos da Direção');
    const create = container!.querySelector<HTMLAnchorElement>('a[data-action="new"]')!;
    expect(create.getAttribute('href')).to.equal('/avisos/novo');
    expect(create.textContent).to.contain('Novo Aviso');
  });

  it('offers no new notice to a caller the server does not let create, and says so where the server has no notices', async () => {
    await mount('/avisos', page('/avisos'), { members: res('Sócios'), notices: res('Avisos da Direção', { operations: { list: 'all', read: 'all', create: 'none', update: 'all', delete: 'all' } }) });
    await found(() => container!.querySelector('associa-resource-list'), 'no list placed');
    expect(container!.querySelector('a[data-action="new"]')).to.equal(null);
    root!.unmount();
    container!.remove();
    await mount('/avisos', page('/avisos'), { members: res('Sócios') });
    const unavailable = await found(() => container!.querySelector('[data-module-unavailable="notices"]'), 'no statement');
    expect(unavailable.textContent).to.contain('ainda não está disponível neste servidor');
    expect(container!.querySelector('associa-resource-list')).to.equal(null);
  });

  it('places the form of one notice with the address\'s id', async () => {
    await mount('/avisos/12', page('/avisos/12'));
    const form = await found(() => container!.querySelector('associa-resource-form'), 'no form placed');
    expect(form.getAttribute('resource')).to.equal('notices');
    expect(form.getAttribute('record-id')).to.equal('12');
  });
});
