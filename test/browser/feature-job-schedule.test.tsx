// <associa-job-schedule> (/tarefas): each declared job with its timing, next and latest run, read
// again when a job changes, against the fault server.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import type { JobScheduleEntry } from '../../src/core/index.js';
import '../../src/widgets/jobs/schedule/element.js';
import { all, cleanupFeatures, featureFixture, waitForText, type FeatureFixture } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const generate: JobScheduleEntry = {
  name: 'dues.generate',
  label: 'Lançamento das quotas do ano',
  schedule: '0 3 5 1 *',
  nextRun: '2032-01-05T03:00:00.000Z',
  problem: null,
  lastRun: { id: 7, state: 'failed', runAt: '2031-01-05T03:00:00.000Z', finishedAt: '2031-01-05T03:01:00.000Z', error: 'Não há tabela de quotas para 2031.' },
};
const exportRun: JobScheduleEntry = { name: 'reports.export', label: 'Exportação', schedule: null, nextRun: null, problem: null, lastRun: null };
const broken: JobScheduleEntry = { ...exportRun, name: 'x.bad', label: 'Mal agendada', schedule: 'sempre', problem: 'O agendamento "sempre" não é um padrão cron válido.' };

let element: HTMLElement;

async function mount(entries: JobScheduleEntry[]): Promise<FeatureFixture> {
  const fixture = featureFixture();
  await fixture.f.script({ 'GET /jobs/schedule': { body: { data: entries } } });
  fixture.logIn(1, 'Ana Admin', 'admin');
  fixture.core.realtime.start();
  await waitUntil(() => fixture.core.realtime.connected.value, 'the realtime socket never connected');
  element = fixture.place('associa-job-schedule');
  return fixture;
}

const rows = () => all(element, '[data-job-schedule] tbody tr').map((tr) => [...tr.children].map((cell) => cell.textContent ?? ''));
const dateTime = (iso: string) => new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

describe('<associa-job-schedule>', () => {
  afterEach(cleanupFeatures);

  it('shows each declared job with its timing, next and latest run', async () => {
    await mount([generate, exportRun, broken]);
    await waitUntil(() => element.shadowRoot && rows().length === 3, 'the schedule never showed', { timeout: 4000 });
    expect(rows()).to.deep.equal([
      ['Lançamento das quotas do ano', '0 3 5 1 *', dateTime(generate.nextRun!), `Falhada ${dateTime(generate.lastRun!.finishedAt!)}Não há tabela de quotas para 2031.`],
      ['Exportação', 'Só a pedido', '', 'Ainda não executada'],
      ['Mal agendada', 'O agendamento "sempre" não é um padrão cron válido.', '', 'Ainda não executada'],
    ]);
    await expectAccessible(element);
  });

  it('reads the schedule again when a job changes', async () => {
    const { f } = await mount([exportRun]);
    await waitUntil(() => element.shadowRoot && rows().length === 1, 'the schedule never showed', { timeout: 4000 });
    await f.script({ 'GET /jobs/schedule': { body: { data: [{ ...exportRun, lastRun: { id: 3, state: 'done', runAt: '2031-02-01T10:00:00.000Z', finishedAt: '2031-02-01T10:00:05.000Z', error: null } }] } } });
    await f.wsSend({ topic: 'jobs changed', payload: { resource: 'jobs', action: 'updated', id: 3 } });
    await waitUntil(() => rows()[0]?.[3]?.startsWith('Concluída'), 'the schedule was not read again');
    expect(rows()[0]![3]).to.equal(`Concluída ${dateTime('2031-02-01T10:00:05.000Z')}`);
  });

  it('says so when no module declares a job, and when the schedule cannot be read', async () => {
    await mount([]);
    await waitForText(element, 'Nenhum módulo declara tarefas.');
    cleanupFeatures();
    const fixture = featureFixture();
    await fixture.f.script({ 'GET /jobs/schedule': { status: 500, body: { message: 'Erro interno.' } } });
    fixture.logIn(1, 'Ana Admin', 'admin');
    element = fixture.place('associa-job-schedule');
    await waitForText(element, 'Não foi possível ler a agenda das tarefas.');
  });
});
