// The host's domain lists open where work is (issue 30): payments newest first by date, treasury
// documents in the reverse of their numbering, messages newest first, applications waiting for a
// decision first. Each page's list part
// declares it (`sort`), placed as the list element's `sort` attribute; the element's own test
// (resource-list-opening-sort) shows the list asking for that order until the user picks another.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import { createRoot, type Root } from 'react-dom/client';
import { HostProvider } from '../../src/host/context.js';
import { RoutePage } from '../../src/host/pages/route-page.js';
import { buildRoutes, FALLBACK_TERMINOLOGY, routeNamed, type RouteName } from '../../src/host/routes.js';
import { createHostState } from '../../src/host/state.js';
import { cleanup, testCore } from './support/core.js';
import { tokenPair } from './support/fault.js';

for (const tag of ['associa-resource-list', 'associa-list-filters', 'associa-treasury-selection', 'associa-modelo25']) {
  if (!customElements.get(tag)) customElements.define(tag, class extends HTMLElement {});
}

describe('domain lists open newest first', () => {
  let container: HTMLElement;
  let root: Root;
  afterEach(() => {
    root.unmount();
    container.remove();
    cleanup();
  });

  async function listOn(name: RouteName): Promise<Element> {
    const { core } = testCore();
    core.tokens.set(tokenPair(1, 'Ana Admin', 'admin'));
    const routes = buildRoutes(FALLBACK_TERMINOLOGY);
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    root.render(
      <HostProvider value={createHostState(core)}>
        <RoutePage route={routeNamed(routes, name)} params={{}} routes={routes} words={FALLBACK_TERMINOLOGY} />
      </HostProvider>,
    );
    await waitUntil(() => container.querySelector('associa-resource-list'), `${name} never placed its list`);
    return container.querySelector('associa-resource-list')!;
  }

  it('the payments page opens on the newest payment', async () => {
    const list = await listOn('paymentsList');
    expect([list.getAttribute('resource'), list.getAttribute('sort')]).to.deep.equal(['payments', '-date']);
  });

  it('the treasury opens on the last document numbered, the outbox on the last message, applications on those to decide (their declarations)', () => {
    // Both pages wait for the server to offer their domain (`served`): their list parts are read here.
    const routes = buildRoutes(FALLBACK_TERMINOLOGY);
    const listOf = (name: RouteName) => routeNamed(routes, name).page!.parts.find((part) => 'list' in part);
    expect(listOf('treasuryDocList')).to.include({ list: 'treasury_docs', sort: '-_id' });
    expect(listOf('messageList')).to.include({ list: 'messages', sort: '-created_at' });
    // Applications: those waiting for a decision first (the server's generated `undecided`), newest first.
    expect(listOf('memberApplicationsList')).to.include({ list: 'member_applications', sort: '-undecided' });
    root = createRoot((container = document.body.appendChild(document.createElement('div'))));
  });
});
