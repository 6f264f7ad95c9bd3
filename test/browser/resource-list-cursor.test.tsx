import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/resource-list/element.js';
import { place, removePlaced, shadowOf } from './kit/fixtures.js';
import { all, buttonNamed, disposeCores, explainerReply, freshFault, member, pageReply, statesReply, text } from './resource-fixtures.js';

const TAG = 'associa-resource-list';
const rows = (n: number, from = 1) => Array.from({ length: n }, (_, i) => member(from + i));
/** A page as the server answers it, with the cursor of the page after it. */
const withNext = (reply: ReturnType<typeof pageReply>, next: string) => ({ body: { ...reply.body, meta: { ...reply.body.meta, next } } });
/** A page of 100 rows: waitUntil's 1 s was passed once while the linters ran beside the browser suite (scripts/test.mjs). */
const HUNDRED_ROWS = { timeout: 4000 };

describe('<associa-resource-list> pages forward with the server cursor', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  it('"Seguinte" sends the cursor of the page shown; "Primeira" jumps by page number', async () => {
    const f = freshFault();
    await f.script({
      'GET /explainer': explainerReply(),
      'GET /members': [
        withNext(pageReply(rows(100), 300), 'c1'),
        withNext(pageReply(rows(100, 101), 300), 'c2'),
        pageReply(rows(100, 201), 300),
        withNext(pageReply(rows(100), 300), 'c1'),
      ],
      'GET /member_states': statesReply,
    });
    const element = place(TAG, { resource: 'members', api: f.api });
    await waitUntil(() => text(element).includes('Página 1 de 3'), 'the list never rendered', HUNDRED_ROWS);
    buttonNamed(element, 'Seguinte')!.click();
    // The page number changes at the click; the rows once they arrive (the buttons wait for them).
    await waitUntil(() => text(element).includes('A mostrar 101–200'), 'page 2 not shown', HUNDRED_ROWS);
    buttonNamed(element, 'Seguinte')!.click();
    await waitUntil(() => text(element).includes('A mostrar 201–300'), 'page 3 not shown', HUNDRED_ROWS);
    expect(text(element)).to.include('Página 3 de 3');
    buttonNamed(element, 'Primeira')!.click();
    await waitUntil(() => text(element).includes('A mostrar 1–100'), 'page 1 not shown again', HUNDRED_ROWS);
    const queries = (await f.requests('GET', '/members')).map((r) => r.query);
    expect(queries.map((q) => [q._page, q._after])).to.deep.equal([['1', undefined], [undefined, 'c1'], [undefined, 'c2'], ['1', undefined]]);
  });

  it('in infinite mode, the next page and scrolling to the end ask for the rows after the last one', async () => {
    localStorage.setItem('listSize', '5');
    const f = freshFault();
    await f.script({
      'GET /explainer': explainerReply(),
      'GET /members': [withNext(pageReply(rows(5), 15), 'a'), withNext(pageReply(rows(5, 6), 15), 'b'), pageReply(rows(5, 11), 15)],
      'GET /member_states': statesReply,
    });
    const holder = document.createElement('div');
    holder.style.setProperty('--associa-list-max-height', '420px');
    document.body.append(holder);
    try {
      const element = place(TAG, { resource: 'members', api: f.api, mode: 'infinite' }, holder);
      // Five rows do not fill the box: the next page comes at once; then scrolling to the end asks for the third.
      await waitUntil(() => all(element, 'tbody tr').length === 10, 'the second page was not loaded');
      const box = shadowOf(element).querySelector<HTMLElement>('[data-scroll-box]')!;
      box.scrollTop = box.scrollHeight;
      await waitUntil(() => all(element, 'tbody tr').length === 15, 'scrolling to the end loaded nothing', { timeout: 3000 });
      const queries = (await f.requests('GET', '/members')).map((r) => r.query);
      expect(queries.map((q) => [q._page, q._after])).to.deep.equal([['1', undefined], [undefined, 'a'], [undefined, 'b']]);
      expect(all(element, 'tbody tr').map((tr) => tr.dataset.id)).to.deep.equal(Array.from({ length: 15 }, (_, i) => String(i + 1)));
    } finally {
      holder.remove();
    }
  });
});
