// A list's declared empty state (decision 0049): while a resource has no records at all, the list
// says what to do next and offers the ways to do it, as real links the host's router follows; a
// search that finds nothing still says "Sem resultados.", and a page that declares nothing keeps it.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/resource-list/element.js';
import { inShadow, place, removePlaced, shadowOf } from './kit/fixtures.js';
import { disposeCores, explainerReply, freshFault, pageReply, statesReply, text, typeInto } from './resource-fixtures.js';
import { expectAccessible } from './support/axe.js';

const ACTIONS = [
  { path: '/socios/importar', label: 'Importar sócios' },
  { path: '/socios/novo', label: 'Novo sócio' },
];
const MESSAGE = 'Ainda não há sócios. Importe-os de uma folha de cálculo ou registe o primeiro.';

describe('the empty state a page declares for its list', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  it('says what to do next with links to do it, and they lead where they say', async () => {
    const f = freshFault();
    await f.script({ 'GET /explainer': explainerReply(), 'GET /members': pageReply([]), 'GET /member_states': statesReply });
    const element = place('associa-resource-list', { resource: 'members', api: f.api, 'empty-message': MESSAGE, 'empty-actions': JSON.stringify(ACTIONS) });
    await waitUntil(() => text(element).includes(MESSAGE), 'the empty state was not shown');
    const links = [...shadowOf(element).querySelectorAll<HTMLAnchorElement>('[data-empty-actions] a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).to.deep.equal([
      ['Importar sócios', '/socios/importar'],
      ['Novo sócio', '/socios/novo'],
    ]);
    const navigations: string[] = [];
    const onNavigate = (event: Event) => {
      navigations.push((event as CustomEvent<{ path: string }>).detail.path);
      event.preventDefault();
    };
    document.addEventListener('associa-navigate', onNavigate);
    links[1]!.click();
    document.removeEventListener('associa-navigate', onNavigate);
    expect(navigations).to.deep.equal(['/socios/novo']);
    await expectAccessible(element);
  });

  it('says "Sem resultados." when a search finds nothing, and when the page declares no empty state', async () => {
    const f = freshFault();
    await f.script({ 'GET /explainer': explainerReply(), 'GET /members': pageReply([]), 'GET /member_states': statesReply });
    const element = place('associa-resource-list', { resource: 'members', api: f.api, 'empty-message': MESSAGE, 'empty-actions': JSON.stringify(ACTIONS) });
    await waitUntil(() => text(element).includes(MESSAGE));
    typeInto(await inShadow<HTMLInputElement>(element, 'input[type="search"]'), 'zé');
    await waitUntil(() => text(element).includes('Sem resultados.'), 'a search that finds nothing kept the first-run words');
    expect(text(element)).not.to.include(MESSAGE);
    removePlaced();

    const plain = place('associa-resource-list', { resource: 'members', api: f.api });
    await waitUntil(() => text(plain).includes('Sem resultados.'), 'a list without a declared empty state');
    expect(shadowOf(plain).querySelector('[data-empty-actions]')).to.equal(null);
  });
});
