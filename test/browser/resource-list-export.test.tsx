// The list's CSV export as the host's toolbar drives it: progress (pages read of how many) and
// a cancel that stops the reading and downloads nothing.
import { expect, waitUntil } from '@open-wc/testing';
import { createRoot, type Root } from 'react-dom/client';
import '../../src/widgets/resource-list/element.js';
import { ExportProgressView } from '../../src/host/shell/export-progress.js';
import { place, removePlaced } from './kit/fixtures.js';
import { all, disposeCores, explainerReply, freshFault, member, pageReply, statesReply, text } from './resource-fixtures.js';

const rows = (n: number, from = 1) => Array.from({ length: n }, (_, i) => member(from + i));

let container: HTMLElement;
let root: Root;
let restoreDownloads: () => void;
let downloads: Blob[];

describe('CSV export from the toolbar', () => {
  beforeEach(() => {
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    root.render(<ExportProgressView resource="members" />);
    downloads = [];
    const { createObjectURL } = URL;
    const click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      downloads.push(blob as Blob);
      return 'blob:test';
    };
    HTMLAnchorElement.prototype.click = function () {};
    restoreDownloads = () => {
      URL.createObjectURL = createObjectURL;
      HTMLAnchorElement.prototype.click = click;
    };
  });
  afterEach(() => {
    restoreDownloads();
    root.unmount();
    container.remove();
    removePlaced();
    disposeCores();
  });

  const progress = () => container.querySelector('progress');
  const cancelButton = () => [...container.querySelectorAll('button')].find((b) => b.textContent === 'Cancelar exportação');

  it('shows the pages read of how many, and a cancel that stops the reading and downloads nothing', async () => {
    const f = freshFault();
    await f.script({
      'GET /explainer': explainerReply(),
      'GET /member_states': statesReply,
      'GET /members': [
        { match: { _page: '1', _limit: '500' }, ...pageReply(rows(500), 1200) },
        // The second page is slow to come: the user cancels meanwhile.
        { match: { _page: '2', _limit: '500' }, delayMs: 5000, ...pageReply(rows(500, 501), 1200) },
        pageReply(rows(3), 1200),
      ],
    });
    const list = place('associa-resource-list', { resource: 'members', api: f.api, 'external-actions': 'true' });
    await waitUntil(() => all(list, 'tbody tr').length === 3, 'the list never showed');
    expect(container.textContent).to.equal('');
    document.dispatchEvent(new CustomEvent('associa-export', { detail: { resource: 'members' } }));
    await waitUntil(() => container.textContent?.includes('A exportar: 1 de 3 páginas'), 'the progress never showed');
    expect([progress()!.value, progress()!.max]).to.deep.equal([1, 3]);
    await waitUntil(async () => (await f.requests('GET', '/members')).some((r) => r.query._page === '2' && r.query._limit === '500'), 'the second page was never asked');
    cancelButton()!.click();
    await waitUntil(() => progress() === null, 'the progress stayed after cancelling');
    // The export has ended (its last word said so): no file was made, and no error is shown.
    expect(downloads).to.have.length(0);
    expect(text(list)).to.not.include('Não foi possível exportar');
    const pagesAsked = (await f.requests('GET', '/members')).filter((r) => r.query._limit === '500').map((r) => r.query._page);
    expect(pagesAsked).to.deep.equal(['1', '2']);
  });

  it('counts up to the last page and then downloads the file', async () => {
    const f = freshFault();
    const seen: string[] = [];
    const onProgress = (event: CustomEvent<{ pages: number; total: number | null; done: boolean }>) => seen.push(`${event.detail.pages}/${event.detail.total}${event.detail.done ? ' fim' : ''}`);
    document.addEventListener('associa-export-progress', onProgress);
    try {
      await f.script({
        'GET /explainer': explainerReply(),
        'GET /member_states': statesReply,
        'GET /members': [
          { match: { _page: '1', _limit: '500' }, ...pageReply(rows(500), 700) },
          { match: { _page: '2', _limit: '500' }, ...pageReply(rows(200, 501), 700) },
          pageReply(rows(3), 700),
        ],
      });
      const list = place('associa-resource-list', { resource: 'members', api: f.api, 'external-actions': 'true' });
      await waitUntil(() => all(list, 'tbody tr').length === 3, 'the list never showed');
      document.dispatchEvent(new CustomEvent('associa-export', { detail: { resource: 'members' } }));
      await waitUntil(() => downloads.length === 1, 'no file was made');
      await waitUntil(() => progress() === null, 'the progress stayed after the download');
    } finally {
      document.removeEventListener('associa-export-progress', onProgress);
    }
    expect(seen).to.deep.equal(['0/null', '1/2', '2/2', '2/2 fim']);
  });
});
