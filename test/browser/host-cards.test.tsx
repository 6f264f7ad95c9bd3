// The cards module's pages (issue 12; src/widgets/cards/module.ts) place the cards elements (their own tests:
// feature-cards.test.tsx) with the route's parameters and the route patterns they link to.
// Bare stand-ins show which element each page places, with which attributes.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ExplainerResource } from '../../src/core/index.js';
import { HostProvider } from '../../src/host/context.js';
import { RoutePage } from '../../src/host/pages/route-page.js';
import { buildRoutes, FALLBACK_TERMINOLOGY, routeNamed, type RouteName } from '../../src/host/routes.js';
import { createHostState } from '../../src/host/state.js';
import { cleanup, testCore } from './support/core.js';
import { tokenPair } from './support/fault.js';

for (const tag of ['associa-resource-list', 'associa-resource-form', 'associa-card-print', 'associa-card-actions', 'associa-card-check-in', 'associa-card-letter']) {
  customElements.define(tag, class extends HTMLElement {});
}

const res = (label: string): ExplainerResource => ({ label, fields: [] });

let container: HTMLElement;
let root: Root;

async function show(name: RouteName, path: string, params: Record<string, string> = {}): Promise<void> {
  const { core, f } = testCore();
  await f.script({ 'GET /explainer': { body: { data: { membership_cards: res('Cartões de sócio') } } } });
  core.tokens.set(tokenPair(1, 'Rui Editor', 'editor'));
  await core.explainer.load();
  const routes = buildRoutes(FALLBACK_TERMINOLOGY);
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  root.render(
    <HostProvider value={createHostState(core)}>
      <Router hook={memoryLocation({ path }).hook}>
        <RoutePage route={routeNamed(routes, name)} params={params} routes={routes} words={FALLBACK_TERMINOLOGY} />
      </Router>
    </HostProvider>,
  );
}

/** The attributes of the element `tag` the page placed (the host's `api` aside). */
async function placed(tag: string): Promise<Record<string, string>> {
  await waitUntil(() => container.querySelector(tag), `the page never placed <${tag}>`);
  const element = container.querySelector(tag)!;
  return Object.fromEntries(element.getAttributeNames().filter((name) => name !== 'api').map((name) => [name, element.getAttribute(name)!]));
}

afterEach(() => {
  root.unmount();
  container.remove();
  cleanup();
});

describe('the cards pages', () => {
  it('the list (/cartoessocio): the print selection above the selectable list, whose rows open a card, and "Verificar vários"', async () => {
    await show('membershipCardList', '/cartoessocio');
    expect(await placed('associa-card-print')).to.deep.equal({});
    const list = await placed('associa-resource-list');
    expect([list.resource, list['edit-path'], list.selectable]).to.deep.equal(['membership_cards', '/cartoessocio/:id', 'true']);
    expect(container.querySelector('associa-card-print')!.compareDocumentPosition(container.querySelector('associa-resource-list')!) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    const action = container.querySelector('a[data-action="new"]')!;
    expect([action.getAttribute('href'), action.textContent]).to.deep.equal(['/cartoessocio/verificarVarios', '+ Verificar vários']);
  });

  it('a card (/cartoessocio/5): its read-only form, then its actions with the addresses they link to', async () => {
    await show('membershipCardSingle', '/cartoessocio/5', { id: '5' });
    const form = await placed('associa-resource-form');
    expect([form.resource, form['record-id'], form['no-delete']]).to.deep.equal(['membership_cards', '5', 'true']);
    expect(await placed('associa-card-actions')).to.deep.equal({ 'card-id': '5', 'card-path': '/cartoessocio/:id', 'letter-path': '/cartaCartoessocio/:id', 'verify-path': '/v/:id' });
  });

  it('verify multiple (/cartoessocio/verificarVarios/{id}): the check-in on the route\'s session, or without one', async () => {
    await show('membershipCardVerifyMultiple', '/cartoessocio/verificarVarios/7', { id: '7' });
    expect(await placed('associa-card-check-in')).to.deep.equal({ 'session-id': '7', 'session-path': '/cartoessocio/verificarVarios/:id?' });
    expect(container.querySelector('h1')!.textContent).to.equal('Verificar Cartões');
    root.unmount();
    container.remove();
    await show('membershipCardVerifyMultiple', '/cartoessocio/verificarVarios');
    expect(await placed('associa-card-check-in')).to.deep.equal({ 'session-path': '/cartoessocio/verificarVarios/:id?' });
  });

  it("a card's cover letter (/cartaCartoessocio/5): the letter, with the way back to the card and to the member's form", async () => {
    await show('membershipCardLettersSingle', '/cartaCartoessocio/5', { id: '5' });
    expect(await placed('associa-card-letter')).to.deep.equal({ 'card-id': '5', 'card-path': '/cartoessocio/:id', 'member-path': '/socios/:id' });
  });
});
