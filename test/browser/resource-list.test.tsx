import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/resource-list/element.js';
import { inShadow, place, removePlaced, shadowOf, sleep } from './kit/fixtures.js';
import {
  all, buttonNamed, disposeCores, explainerReply, freshFault, member, pageReply, statesReply, tagsReply, text, typeInto, waitForButton,
} from './resource-fixtures.js';
import type { Fault } from './support/fault.js';
import { expectAccessible } from './support/axe.js';

const TAG = 'associa-resource-list';
const rows = (n: number, from = 1, extra: Record<string, unknown> = {}) => Array.from({ length: n }, (_, i) => member(from + i, extra));

async function showList(f: Fault, attributes: Record<string, string> = {}) {
  const element = place(TAG, { resource: 'members', api: f.api, ...attributes });
  await waitUntil(() => all(element, 'tbody tr').length > 0 || text(element).includes('Sem resultados'), 'the list never rendered');
  return element;
}

const listRequests = async (f: Fault) => (await f.requests('GET', '/members')).map((r) => r.query);
const headerButton = (element: Element, name: string) => shadowOf(element).querySelector<HTMLButtonElement>(`button[data-sort="${name}"]`)!;

describe('<associa-resource-list>', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  it('shows the columns from the explainer, reference names instead of ids, and an accessible table', async () => {
    const f = freshFault();
    await f.script({ 'GET /explainer': explainerReply(), 'GET /members': pageReply([member(1), member(2, { state: 2 })]), 'GET /member_states': statesReply });
    const element = await showList(f, { columns: 'number,name,state,active,kind' });
    expect(all(element, 'th').map((th) => th.textContent?.replace(/[▲▼↕]/g, ''))).to.deep.equal(['Número', 'Nome', 'Estado', 'Ativo', 'Tipo']);
    expect(all(element, 'th').every((th) => th.getAttribute('scope') === 'col')).to.equal(true);
    expect(shadowOf(element).querySelector('caption')?.textContent).to.equal('Sócios');
    await waitUntil(() => all(element, 'tbody tr')[1]?.textContent?.includes('Suspenso'), 'reference name never shown');
    expect(all(element, 'tbody tr')[0]!.textContent).to.equal('1Sócio 1AtivoSimEfetivo');
    const [lookup] = await f.requests('GET', '/member_states');
    expect(lookup!.query._limit).to.equal('-1');
    await waitUntil(() => text(element).includes('2 resultados'), 'the total never shown');
    await expectAccessible(element);
  });

  it('sorts by clicking a column header, toggling the direction, with aria-sort', async () => {
    const f = freshFault();
    await f.script({ 'GET /explainer': explainerReply(), 'GET /members': pageReply(rows(3)), 'GET /member_states': statesReply });
    const element = await showList(f);
    headerButton(element, 'name').click();
    await waitUntil(async () => (await listRequests(f)).length === 2);
    await waitUntil(() => headerButton(element, 'name').closest('th')?.getAttribute('aria-sort') === 'ascending');
    headerButton(element, 'name').click();
    await waitUntil(async () => (await listRequests(f)).length === 3);
    await waitUntil(() => headerButton(element, 'name').closest('th')?.getAttribute('aria-sort') === 'descending');
    expect((await listRequests(f)).map((q) => q._sort)).to.deep.equal(['created_at', 'name', '-name']);
    expect(headerButton(element, 'number').closest('th')?.getAttribute('aria-sort')).to.equal('none');
    expect(sessionStorage.getItem('sort:members')).to.equal('-name');
  });

  it('searches once typing pauses', async () => {
    const f = freshFault();
    await f.script({ 'GET /explainer': explainerReply(), 'GET /members': [pageReply(rows(3)), pageReply([member(9, { name: 'Ana' })])], 'GET /member_states': statesReply });
    const element = await showList(f);
    const search = await inShadow<HTMLInputElement>(element, 'input[type="search"]');
    typeInto(search, 'a');
    typeInto(search, 'an');
    typeInto(search, 'ana');
    await waitUntil(() => text(element).includes('Ana'), 'search result never shown');
    const queries = await listRequests(f);
    expect(queries.length).to.equal(2);
    expect(queries[1]!._search).to.equal('ana');
    expect(queries[1]!._page).to.equal('1');
  });

  it('pages on the server with the total, and says "mais de" for an estimated total', async () => {
    const f = freshFault();
    await f.script({
      'GET /explainer': explainerReply(),
      'GET /members': [pageReply(rows(100), 250), pageReply(rows(100, 101), 250), pageReply(rows(100, 201), 10_000, false)],
      'GET /member_states': statesReply,
    });
    const element = await showList(f);
    // The total is drawn once the load has settled, a render after the rows.
    await waitUntil(() => text(element).includes('250 resultados'), 'the total never shown');
    expect(text(element)).to.include('Página 1 de 3');
    expect(buttonNamed(element, 'Anterior')!.disabled).to.equal(true);
    buttonNamed(element, 'Seguinte')!.click();
    await waitUntil(() => text(element).includes('A mostrar 101–200'));
    expect(text(element)).to.include('Página 2 de 3');
    buttonNamed(element, 'Seguinte')!.click();
    await waitUntil(() => text(element).includes('mais de 10'));
    expect(text(element)).to.match(/mais de 10\s000 resultados/);
    expect(buttonNamed(element, 'Última') === undefined).to.equal(true);
    expect((await listRequests(f)).map((q) => q._page)).to.deep.equal(['1', '2', '3']);
  });

  it('filters by enum, reference and yes/no fields with selects, others with text', async () => {
    const f = freshFault();
    await f.script({ 'GET /explainer': explainerReply(), 'GET /members': pageReply(rows(2)), 'GET /member_states': statesReply });
    const element = await showList(f);
    (await waitForButton(element, 'Filtros')).click();
    const panel = await inShadow(element, 'fieldset');
    const selectFor = (label: string) => {
      const l = [...panel.querySelectorAll('label')].find((x) => x.textContent === label)!;
      return shadowOf(element).getElementById(l.htmlFor) as HTMLSelectElement | HTMLInputElement;
    };
    await waitUntil(() => (selectFor('Estado') as HTMLSelectElement).options.length === 3, 'reference options never loaded');
    expect([...(selectFor('Estado') as HTMLSelectElement).options].map((o) => o.textContent)).to.deep.equal(['Todos', 'Ativo', 'Suspenso']);
    expect(selectFor('Ativo').tagName).to.equal('SELECT');
    expect(selectFor('Nome').tagName).to.equal('INPUT');
    typeInto(selectFor('Estado'), '2');
    await waitUntil(async () => (await listRequests(f)).length === 2);
    typeInto(selectFor('Ativo'), 'false');
    await waitUntil(async () => (await listRequests(f)).length === 3);
    typeInto(selectFor('Tipo'), 'honorario');
    await waitUntil(async () => (await listRequests(f)).length === 4);
    const last = (await listRequests(f))[3]!;
    expect(last).to.include({ _state: '2', _active: 'false', _kind: 'honorario', _page: '1' });
    expect(buttonNamed(element, 'Filtros (3)') !== undefined).to.equal(true);
    buttonNamed(element, 'Limpar filtros')!.click();
    await waitUntil(async () => (await listRequests(f)).length === 5);
    expect(Object.keys((await listRequests(f))[4]!).filter((k) => !['_page', '_limit', '_sort'].includes(k))).to.deep.equal([]);
  });

  it('keeps the chosen columns in session storage and opens the chooser on the page\'s command', async () => {
    const f = freshFault();
    await f.script({ 'GET /explainer': explainerReply(), 'GET /members': pageReply(rows(2)), 'GET /member_states': statesReply });
    const element = await showList(f, { columns: 'number,name', 'external-actions': 'true' });
    expect(buttonNamed(element, 'Colunas') === undefined).to.equal(true);
    document.dispatchEvent(new CustomEvent('associa-columns', { detail: { resource: 'tags' } }));
    await sleep(50);
    expect(shadowOf(element).querySelector('input[name="email"]') === null).to.equal(true);
    document.dispatchEvent(new CustomEvent('associa-columns', { detail: { resource: 'members' } }));
    const email = await inShadow<HTMLInputElement>(element, 'input[name="email"]');
    expect(shadowOf(element).activeElement?.getAttribute('name')).to.equal('number');
    email.click();
    await waitUntil(() => all(element, 'th').length === 3);
    expect(JSON.parse(sessionStorage.getItem('columns:members')!)).to.deep.equal(['number', 'name', 'email']);
    // The last visible column cannot be removed.
    shadowOf(element).querySelector<HTMLInputElement>('input[name="number"]')!.click();
    shadowOf(element).querySelector<HTMLInputElement>('input[name="email"]')!.click();
    await waitUntil(() => all(element, 'th').length === 1);
    expect(shadowOf(element).querySelector<HTMLInputElement>('input[name="name"]')!.disabled).to.equal(true);
  });

  it('keeps the list size in local storage', async () => {
    const f = freshFault();
    await f.script({ 'GET /explainer': explainerReply(), 'GET /members': pageReply(rows(2)), 'GET /member_states': statesReply });
    const element = await showList(f);
    const size = [...shadowOf(element).querySelectorAll('select')].find((s) => [...s.options].some((o) => o.value === '250'))!;
    expect(size.value).to.equal('100');
    typeInto(size, '25');
    await waitUntil(async () => (await listRequests(f)).length === 2);
    expect((await listRequests(f))[1]!._limit).to.equal('25');
    expect(localStorage.getItem('listSize')).to.equal('25');
  });

  it('exports the current query by asking the server once for its CSV, with the columns shown, and downloads what it answers', async () => {
    const f = freshFault();
    // What the server writes (GET {resource}/export.csv): BOM, pt-PT headers, `;`, CRLF, quoted cells.
    const served = '\uFEFFNúmero;Nome;Telefone;Estado;Quota;Notas\r\n1;Sócio 1;912 345 678;Ativo;12,5;\r\n501;"Silva; ""Zé""";"\'=HYPERLINK(""x"")";Suspenso;7,25;"linha 1\r\nlinha 2"\r\n';
    await f.script({
      'GET /explainer': explainerReply(),
      'GET /members': pageReply([member(1)], 2),
      'GET /members/export.csv': { text: served, type: 'text/csv; charset=utf-8' },
      'GET /member_states': statesReply,
    });
    const element = await showList(f, { columns: 'number,name,phone,state,fee,notes' });
    const blobs: Blob[] = [];
    const names: string[] = [];
    const { createObjectURL } = URL;
    const click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      blobs.push(blob as Blob);
      return 'blob:test';
    };
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      names.push(this.download);
    };
    try {
      (await waitForButton(element, 'Exportar CSV')).click();
      await waitUntil(() => blobs.length === 1, 'no file was made');
    } finally {
      URL.createObjectURL = createObjectURL;
      HTMLAnchorElement.prototype.click = click;
    }
    // One request for the file, with the list's query and its columns in order, and no page.
    const asked = await f.requests('GET', '/members/export.csv');
    expect(asked.map((r) => r.query)).to.deep.equal([{ _sort: 'created_at', _columns: 'number,name,phone,state,fee,notes' }]);
    expect((await listRequests(f)).length).to.equal(1);
    expect(names[0]).to.match(/^socios-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(blobs[0]!.type).to.equal('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).to.equal(served.slice(1));
  });

  it('in infinite mode loads the next page at once when the first does not fill the box, then on scrolling to the end', async () => {
    localStorage.setItem('listSize', '5');
    const f = freshFault();
    await f.script({
      'GET /explainer': explainerReply(),
      'GET /members': [pageReply(rows(5), 40), pageReply(rows(5, 6), 40), pageReply(rows(5, 11), 40), pageReply(rows(5, 16), 40)],
      'GET /member_states': statesReply,
    });
    const holder = document.createElement('div');
    holder.style.setProperty('--associa-list-max-height', '420px');
    document.body.append(holder);
    try {
      const element = place(TAG, { resource: 'members', api: f.api, mode: 'infinite' }, holder);
      // 5 rows do not fill 420 px; 10 do: the immediate check asks once more, then waits for scrolling.
      await waitUntil(() => all(element, 'tbody tr').length >= 10, 'the immediate check did not load the next page');
      await sleep(300);
      const box = shadowOf(element).querySelector<HTMLElement>('[data-scroll-box]')!;
      const before = (await listRequests(f)).length;
      expect(box.scrollHeight).to.be.greaterThan(box.clientHeight);
      expect(buttonNamed(element, 'Seguinte') === undefined).to.equal(true);
      box.scrollTop = box.scrollHeight;
      await waitUntil(async () => (await listRequests(f)).length === before + 1, 'scrolling to the end loaded nothing');
      await waitUntil(() => all(element, 'tbody tr').length === (before + 1) * 5);
      const pages = (await listRequests(f)).map((q) => q._page);
      expect(pages).to.deep.equal(pages.map((_, i) => String(i + 1)));
      expect(pages.length).to.be.greaterThan(2);
      expect(all(element, 'tbody tr').map((tr) => tr.dataset.id)).to.deep.equal(Array.from({ length: (before + 1) * 5 }, (_, i) => String(i + 1)));
    } finally {
      holder.remove();
    }
  });

  it('makes each row a link to its record, opened by click or Enter, the arrow keys moving between rows', async () => {
    const f = freshFault();
    await f.script({ 'GET /explainer': explainerReply(), 'GET /members': pageReply(rows(3)), 'GET /member_states': statesReply });
    const element = await showList(f, { 'edit-path': '/socios/:id' });
    const paths: string[] = [];
    const listener = (event: CustomEvent<{ path: string }>) => paths.push(event.detail.path);
    document.addEventListener('associa-navigate', listener);
    try {
      const trs = all<HTMLTableRowElement>(element, 'tbody tr');
      const links = all<HTMLAnchorElement>(element, 'tbody tr a');
      expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(['/socios/1', '/socios/2', '/socios/3']);
      expect(links.map((a) => a.tabIndex)).to.deep.equal([0, -1, -1]);
      links[0]!.focus();
      links[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
      expect(shadowOf(element).activeElement === links[1]).to.equal(true);
      await waitUntil(() => links[1]!.tabIndex === 0, 'the tab stop did not follow');
      // Enter on a focused link is its click.
      links[1]!.click();
      links[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
      expect(shadowOf(element).activeElement === links[2]).to.equal(true);
      links[2]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
      expect(shadowOf(element).activeElement === links[0]).to.equal(true);
      trs[2]!.querySelector('td:last-child')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      expect(paths).to.deep.equal(['/socios/2', '/socios/3']);
      // The page itself never followed the href: the app routes in place.
      expect(location.pathname).not.to.equal('/socios/2');
    } finally {
      document.removeEventListener('associa-navigate', listener);
    }
  });

  it('shows an error with retry when the list fails, and the empty state', async () => {
    const f = freshFault();
    await f.script({ 'GET /explainer': explainerReply(), 'GET /members': [{ status: 500 }, pageReply([])] });
    const element = place(TAG, { resource: 'members', api: f.api });
    const retry = await waitForButton(element, 'Tentar novamente');
    expect(shadowOf(element).querySelector('[role="alert"]')?.textContent).to.include('Não foi possível carregar a lista.');
    retry.click();
    await waitUntil(() => text(element).includes('Sem resultados.'), 'empty state never shown');
  });

  it('shows the tags of a record by name', async () => {
    const f = freshFault();
    await f.script({ 'GET /explainer': explainerReply(), 'GET /members': pageReply([member(1, { tags: [7, 8] })]), 'GET /tags': tagsReply, 'GET /member_states': statesReply });
    const element = await showList(f, { columns: 'name,tags' });
    await waitUntil(() => all(element, 'tbody td')[1]?.textContent === 'Direção, Fundador', 'tag names never shown');
    const [lookup] = await f.requests('GET', '/tags');
    expect(lookup!.query._id).to.equal('8');
  });
});
