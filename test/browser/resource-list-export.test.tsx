// The list's CSV export as the host's toolbar drives it: one request for the server's streamed
// file, progress (its rows, in pages of 500, against the list's total) and a cancel that stops the
// reading and downloads nothing.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import { createRoot, type Root } from 'react-dom/client';
import '../../src/widgets/resource-list/element.js';
import { ExportProgressView } from '../../src/host/shell/export-progress.js';
import { place, removePlaced } from './kit/fixtures.js';
import { all, disposeCores, explainerReply, freshFault, member, pageReply, statesReply, text } from './resource-fixtures.js';

const rows = (n: number, from = 1) => Array.from({ length: n }, (_, i) => member(from + i));
/** A CSV as the server writes it: a header and `n` rows, one of them with a quoted line break that is no row of its own. */
const csvOf = (n: number) => `\uFEFFNúmero;Nome\r\n${Array.from({ length: n }, (_, i) => (i === 0 ? `${i + 1};"Linha 1\r\nlinha 2"` : `${i + 1};Sócio ${i + 1}`)).join('\r\n')}\r\n`;

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

  it('shows the pages of the list\'s total, and a cancel that stops the reading and downloads nothing', async () => {
    const f = freshFault();
    await f.script({
      'GET /explainer': explainerReply(),
      'GET /member_states': statesReply,
      'GET /members': pageReply(rows(3), 1200),
      // The file is slow to come: the user cancels meanwhile.
      'GET /members/export.csv': { delayMs: 5000, text: csvOf(1200), type: 'text/csv; charset=utf-8' },
    });
    const list = place('associa-resource-list', { resource: 'members', api: f.api, 'external-actions': 'true' });
    await waitUntil(() => all(list, 'tbody tr').length === 3, 'the list never showed');
    expect(container.textContent).to.equal('');
    document.dispatchEvent(new CustomEvent('associa-export', { detail: { resource: 'members' } }));
    await waitUntil(() => container.textContent?.includes('A exportar: 0 de 3 páginas'), 'the progress never showed');
    expect([progress()!.value, progress()!.max]).to.deep.equal([0, 3]);
    await waitUntil(async () => (await f.requests('GET', '/members/export.csv')).length === 1, 'the file was never asked');
    cancelButton()!.click();
    await waitUntil(() => progress() === null, 'the progress stayed after cancelling');
    // The export has ended (its last word said so): no file was made, and no error is shown.
    expect(downloads).to.have.length(0);
    expect(text(list)).to.not.include('Não foi possível exportar');
    // One request for the file; the list's pages are not read again.
    expect(await f.requests('GET', '/members/export.csv')).to.have.length(1);
    expect((await f.requests('GET', '/members')).map((r) => r.query._limit)).to.not.include('500');
  });

  it('counts the rows as they arrive, in pages, up to the last one, and then downloads the file', async () => {
    const f = freshFault();
    const seen: string[] = [];
    const onProgress = (event: CustomEvent<{ pages: number; total: number | null; done: boolean }>) => seen.push(`${event.detail.pages}/${event.detail.total}${event.detail.done ? ' fim' : ''}`);
    document.addEventListener('associa-export-progress', onProgress);
    try {
      await f.script({
        'GET /explainer': explainerReply(),
        'GET /member_states': statesReply,
        'GET /members': pageReply(rows(3), 700),
        'GET /members/export.csv': { text: csvOf(700), type: 'text/csv; charset=utf-8' },
      });
      const list = place('associa-resource-list', { resource: 'members', api: f.api, 'external-actions': 'true' });
      await waitUntil(() => all(list, 'tbody tr').length === 3, 'the list never showed');
      document.dispatchEvent(new CustomEvent('associa-export', { detail: { resource: 'members' } }));
      await waitUntil(() => downloads.length === 1, 'no file was made');
      await waitUntil(() => progress() === null, 'the progress stayed after the download');
    } finally {
      document.removeEventListener('associa-export-progress', onProgress);
    }
    // The list's 700 rows are two pages of 500: the first full one, then the whole file.
    expect(seen).to.deep.equal(['0/null', '0/2', '1/2', '2/2', '2/2 fim']);
    const csv = new TextDecoder().decode(new Uint8Array(await downloads[0]!.arrayBuffer()));
    expect(csv).to.equal(csvOf(700).slice(1));
  });
});
