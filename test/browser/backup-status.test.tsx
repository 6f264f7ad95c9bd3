// <associa-backup-status> (Configuração › Dados): the last backup and the last verified one, a
// warning when no verified one is less than a day old, and "Fazer cópia agora" following its job;
// against the fault server.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import type { BackupStatus, BackupSummary } from '../../src/core/backup-status.js';
import '../../src/widgets/data/backup-status/element.js';
import { button, cleanupFeatures, featureFixture, waitForText, type FeatureFixture } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const JOB = 77;
const good: BackupSummary = {
  file: '/srv/associa/backups/associa-2026-11-27T03-30-00-000Z.zip',
  state: 'ok',
  size: 3_250_586,
  tables: 96,
  rows: 12_345,
  files: 310,
  problem: null,
  finishedAt: '2026-11-27T03:31:10.000Z',
  removed: false,
};
const failedOne: BackupSummary = { ...good, file: '/srv/associa/backups/associa-2026-11-28T03-30-00-000Z.zip', state: 'failed', size: 0, rows: 0, files: 0, problem: 'Não há espaço no disco para a cópia de segurança.', finishedAt: '2026-11-28T03:30:40.000Z' };
const base: BackupStatus = { directory: '/srv/associa/backups', last: null, lastGood: null, stale: true, running: false, nextRun: '2026-11-30T03:30:00.000Z' };

let element: HTMLElement;

async function mount(status: BackupStatus): Promise<FeatureFixture> {
  const fixture = featureFixture();
  await fixture.f.script({
    'GET /backups/status': { body: { data: status } },
    'POST /backups/run': { status: 202, body: { data: { job: { _id: JOB, state: 'queued', name: 'backups.run' } } } },
  });
  fixture.logIn(1, 'Ana Admin', 'admin');
  fixture.core.realtime.start();
  await waitUntil(() => fixture.core.realtime.connected.value, 'the realtime socket never connected');
  element = fixture.place('associa-backup-status');
  return fixture;
}

const $ = <E extends Element = HTMLElement>(selector: string) => element.shadowRoot?.querySelector<E>(selector) ?? null;
const text = () => element.shadowRoot?.textContent ?? '';
const facts = (which: string) =>
  Object.fromEntries([...(element.shadowRoot?.querySelectorAll(`[data-backup="${which}"] [data-fact]`) ?? [])].map((pair) => [pair.getAttribute('data-fact'), pair.querySelector('dd')?.textContent ?? '']));
const dateTime = (iso: string) => new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
const decimal = (n: number) => new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 1 }).format(n);

describe('<associa-backup-status>', () => {
  afterEach(cleanupFeatures);

  it('shows the last backup (failed, with its reason) and the last verified one, and warns it is more than a day old', async () => {
    await mount({ ...base, last: failedOne, lastGood: good, stale: true });
    await waitUntil(() => $('[data-backup="last"]') !== null, 'the last backup never showed', { timeout: 4000 });
    expect(facts('last')).to.deep.equal({
      state: `Falhou · ${dateTime(failedOne.finishedAt)}`,
      problem: 'Não há espaço no disco para a cópia de segurança.',
      file: 'associa-2026-11-28T03-30-00-000Z.zip',
    });
    expect(facts('last-good')).to.deep.equal({
      state: `Verificada · ${dateTime(good.finishedAt)}`,
      size: `${decimal(3.1)} MB`,
      contents: `${new Intl.NumberFormat('pt-PT').format(12_345)} linhas, 310 ficheiros`,
      file: 'associa-2026-11-27T03-30-00-000Z.zip',
    });
    expect($('[data-backup-warning]')!.textContent).to.equal(
      `A última cópia de segurança verificada é de ${dateTime(good.finishedAt)}, há mais de um dia. Confirme que o servidor está a fazer as cópias diárias, ou faça uma agora.`,
    );
    expect(facts('where')).to.deep.equal({ directory: '/srv/associa/backups', 'next-run': dateTime('2026-11-30T03:30:00.000Z') });
    await expectAccessible(element);
  });

  it('with no backup yet, says so and warns', async () => {
    await mount(base);
    await waitForText(element, 'Ainda não foi feita nenhuma cópia de segurança.');
    expect($('[data-backup-warning]')!.textContent).to.equal('Ainda não há nenhuma cópia de segurança verificada. Faça uma agora.');
  });

  it('Fazer cópia agora queues a backup, follows its job, and shows the new one when done', async () => {
    const { f } = await mount({ ...base, last: good, lastGood: good, stale: false });
    await waitUntil(() => $('[data-backup="last"]') !== null, 'the last backup never showed', { timeout: 4000 });
    expect($('[data-backup-warning]')).to.equal(null);
    (await button(element, 'Fazer cópia agora')).click();
    await waitUntil(() => text().includes('A cópia de segurança está em espera.'), 'the job was never followed');
    expect((await f.requests('POST', '/backups/run')).length).to.equal(1);
    expect($<HTMLButtonElement>('[data-backup-start]')!.disabled).to.equal(true);
    const fresh: BackupSummary = { ...good, file: '/srv/associa/backups/associa-2026-11-29T10-00-00-000Z.zip', finishedAt: '2026-11-29T10:00:30.000Z' };
    await f.script({ 'GET /backups/status': { body: { data: { ...base, last: fresh, lastGood: fresh, stale: false } } } });
    await f.wsSend({ topic: 'jobs', payload: { id: JOB, name: 'backups.run', state: 'done', progress: 1, total: 1 } });
    await waitForText(element, 'Cópia de segurança feita e verificada.');
    await waitUntil(() => facts('last').file === 'associa-2026-11-29T10-00-00-000Z.zip', 'the new backup never showed');
    expect($<HTMLButtonElement>('[data-backup-start]')!.disabled).to.equal(false);
  });

  it('says why when the backup cannot be asked for', async () => {
    const { f } = await mount({ ...base, last: good, lastGood: good, stale: false });
    await waitUntil(() => $('[data-backup="last"]') !== null, 'the last backup never showed', { timeout: 4000 });
    await f.script({ 'POST /backups/run': { status: 403, body: { message: 'Só os administradores podem ver e fazer cópias de segurança.', code: 'forbidden' } } });
    (await button(element, 'Fazer cópia agora')).click();
    await waitForText(element, 'Só os administradores podem ver e fazer cópias de segurança.');
  });
});
