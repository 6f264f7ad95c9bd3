// <associa-data-export> (Configuração › Dados): "Exportar tudo" starts the whole export, follows
// its job's progress, then downloads the zip; the last exports are listed, each downloadable;
// against the fault server.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import type { DataExportRun } from '../../src/core/index.js';
import '../../src/widgets/data/export/element.js';
import { all, button, cleanupFeatures, featureFixture, waitForText, type FeatureFixture } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const JOB = 41;
const done: DataExportRun = { _id: 40, state: 'done', progress: 120, total: 120, requestedAt: '2026-11-20T10:00:00.000Z', finishedAt: '2026-11-20T10:01:00.000Z', requestedBy: 'Ana Admin', size: 1_572_864 };
const failed: DataExportRun = { ...done, _id: 39, state: 'failed', requestedAt: '2026-11-19T09:00:00.000Z', size: null };
const running: DataExportRun = { ...done, _id: JOB, state: 'running', progress: 0, total: null, requestedAt: '2026-11-29T08:00:00.000Z', finishedAt: null, size: null };

let element: HTMLElement;

async function mount(runs: DataExportRun[]): Promise<FeatureFixture> {
  const fixture = featureFixture();
  await fixture.f.script({
    'GET /data_exports': { body: { data: runs } },
    'POST /data_exports': { status: 202, body: { data: { job: { _id: JOB, state: 'queued' } } } },
    [`GET /data_exports/${JOB}`]: { body: { data: { url: `${fixture.f.api}/files/9/content`, expiresAt: '2026-11-29T08:05:00.000Z' } } },
    'GET /data_exports/40': { body: { data: { url: `${fixture.f.api}/files/8/content`, expiresAt: '2026-11-29T08:05:00.000Z' } } },
    'GET /files/9/content': { body: { zip: 'new' } },
    'GET /files/8/content': { body: { zip: 'old' } },
  });
  fixture.logIn(1, 'Ana Admin', 'admin');
  fixture.core.realtime.start();
  await waitUntil(() => fixture.core.realtime.connected.value, 'the realtime socket never connected');
  element = fixture.place('associa-data-export');
  return fixture;
}

const $ = <E extends Element = HTMLElement>(selector: string) => element.shadowRoot?.querySelector<E>(selector) ?? null;
const text = () => element.shadowRoot?.textContent ?? '';
const rows = () => all(element, '[data-export-runs] tbody tr').map((tr) => [...tr.children].map((cell) => cell.textContent ?? ''));
const dateTime = (iso: string) => new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

/** Runs `act` with downloads caught: the names the element saved files under. */
async function catchingDownloads(act: (saved: string[]) => Promise<void>): Promise<string[]> {
  const saved: string[] = [];
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    saved.push(this.download);
  };
  try {
    await act(saved);
  } finally {
    HTMLAnchorElement.prototype.click = click;
  }
  return saved;
}

describe('<associa-data-export>', () => {
  afterEach(cleanupFeatures);

  it('lists the last exports, each done one downloadable', async () => {
    const { f } = await mount([done, failed]);
    await waitUntil(() => rows().length === 2, 'the last exports never showed', { timeout: 4000 });
    const nbsp = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 1 }).format(1.5);
    expect(rows()).to.deep.equal([
      [dateTime(done.requestedAt), 'Ana Admin', 'Concluída', `${nbsp} MB`, 'Descarregar'],
      [dateTime(failed.requestedAt), 'Ana Admin', 'Falhada', '', ''],
    ]);
    await expectAccessible(element);
    const saved = await catchingDownloads(async (names) => {
      (await button(element, 'Descarregar')).click();
      await waitUntil(() => names.length === 1, 'the zip was never saved');
    });
    expect(saved).to.deep.equal(['associa-exportacao-2026-11-20.zip']);
    expect((await f.requests('GET', '/files/8/content'))[0]!.headers.authorization).to.match(/^Bearer /);
  });

  it('starts the export, shows its progress, then downloads its zip', async () => {
    const { f } = await mount([]);
    await waitForText(element, 'Ainda não foi feita nenhuma exportação.');
    (await button(element, 'Exportar tudo')).click();
    await waitUntil(() => text().includes('A exportação está em espera.'), 'the job was never followed');
    expect((await f.requests('POST', '/data_exports')).length).to.equal(1);
    expect($<HTMLButtonElement>('[data-export-start]')!.disabled).to.equal(true);
    await f.wsSend({ topic: 'jobs', payload: { id: JOB, name: 'data.export', state: 'running', progress: 30, total: 120 } });
    await waitUntil(() => $('[data-progress-count]')?.textContent === '30 de 120', 'the progress never showed');
    expect(text()).to.contain('A exportar todos os dados…');
    expect($<HTMLProgressElement>('progress')!.value).to.equal(30);
    await f.script({ 'GET /data_exports': { body: { data: [{ ...running, state: 'done', progress: 120, total: 120, size: 2048 }] } } });
    await f.wsSend({ topic: 'jobs', payload: { id: JOB, name: 'data.export', state: 'done', progress: 120, total: 120 } });
    await waitForText(element, 'A exportação está pronta.');
    expect($<HTMLButtonElement>('[data-export-start]')!.disabled).to.equal(false);
    // The zip is named after the day the run was asked for, read from the list the done event
    // refreshes: clicked before that list arrives, it took today's date (seen across midnight).
    await waitUntil(() => rows().some((row) => row[2] === 'Concluída'), 'the finished run never reached the list');
    const saved = await catchingDownloads(async (names) => {
      $<HTMLButtonElement>(`[data-export-download="${JOB}"]`)!.click();
      await waitUntil(() => names.length === 1, 'the zip was never saved');
    });
    expect(saved).to.deep.equal(['associa-exportacao-2026-11-29.zip']);
  });

  it('follows an export already running when the page opens', async () => {
    const { f } = await mount([running, done]);
    await waitUntil(() => text().includes('A exportar todos os dados…'), 'the running export was not followed');
    await f.wsSend({ topic: 'jobs', payload: { id: JOB, name: 'data.export', state: 'running', progress: 60, total: 120 } });
    await waitUntil(() => $('[data-progress-count]')?.textContent === '60 de 120', 'the progress never showed');
  });

  it('says why when the export cannot start', async () => {
    const { f } = await mount([]);
    await waitForText(element, 'Ainda não foi feita nenhuma exportação.');
    await f.script({ 'POST /data_exports': { status: 403, body: { message: 'Só um administrador pode exportar todos os dados.', code: 'forbidden' } } });
    (await button(element, 'Exportar tudo')).click();
    await waitForText(element, 'Só um administrador pode exportar todos os dados.');
    expect($('progress')).to.equal(null);
  });
});
