// The host's jobs page (/tarefas): the schedule table above the list of runs, read again when a
// job changes, against the fault server.
import { expect, waitUntil } from '@open-wc/testing';
import { createRoot, type Root } from 'react-dom/client';
import type { JobScheduleEntry } from '../../src/core/index.js';
import { HostProvider } from '../../src/host/context.js';
import { JOB_COLUMNS, JobsPage } from '../../src/host/pages/jobs.js';
import { buildRoutes, FALLBACK_TERMINOLOGY, routeNamed } from '../../src/host/routes.js';
import { createHostState } from '../../src/host/state.js';
import { cleanup, testCore } from './support/core.js';
import { tokenPair, type Fault } from './support/fault.js';

// The list is the resource-list element's own business (its tests): a bare stand-in shows which list the page asks for.
if (!customElements.get('associa-resource-list')) customElements.define('associa-resource-list', class extends HTMLElement {});

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

let container: HTMLElement;
let root: Root;

async function mount(entries: JobScheduleEntry[]): Promise<Fault> {
  const { core, f } = testCore();
  await f.script({ 'GET /jobs/schedule': { body: { data: entries } } });
  core.tokens.set(tokenPair(1, 'Ana Admin', 'admin'));
  core.realtime.start();
  await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
  const routes = buildRoutes(FALLBACK_TERMINOLOGY);
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  root.render(
    <HostProvider value={createHostState(core)}>
      <JobsPage route={routeNamed(routes, 'jobs')} params={{}} routes={routes} words={FALLBACK_TERMINOLOGY} />
    </HostProvider>,
  );
  await waitUntil(() => container.querySelector('h1'), 'the page never rendered');
  return f;
}

const rows = () => [...container.querySelectorAll('[data-job-schedule] tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent ?? ''));
const dateTime = (iso: string) => new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

describe('the jobs page (/tarefas)', () => {
  afterEach(() => {
    root.unmount();
    container.remove();
    cleanup();
  });

  it('shows each declared job with its timing, next and latest run, above the list of runs', async () => {
    await mount([generate, exportRun, broken]);
    expect(container.querySelector('h1')!.textContent).to.equal('Tarefas');
    await waitUntil(() => rows().length === 3, 'the schedule never showed');
    expect(rows()).to.deep.equal([
      ['Lançamento das quotas do ano', '0 3 5 1 *', dateTime(generate.nextRun!), `Falhada ${dateTime(generate.lastRun!.finishedAt!)}Não há tabela de quotas para 2031.`],
      ['Exportação', 'Só a pedido', '', 'Ainda não executada'],
      ['Mal agendada', 'O agendamento "sempre" não é um padrão cron válido.', '', 'Ainda não executada'],
    ]);
    const list = container.querySelector('associa-resource-list')!;
    expect([list.getAttribute('resource'), list.getAttribute('columns'), list.getAttribute('label')]).to.deep.equal(['jobs', JOB_COLUMNS, 'Execuções']);
    // The schedule comes first.
    expect(container.querySelector('[data-job-schedule]')!.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
  });

  it('reads the schedule again when a job changes', async () => {
    const f = await mount([exportRun]);
    await waitUntil(() => rows().length === 1, 'the schedule never showed');
    await f.script({ 'GET /jobs/schedule': { body: { data: [{ ...exportRun, lastRun: { id: 3, state: 'done', runAt: '2031-02-01T10:00:00.000Z', finishedAt: '2031-02-01T10:00:05.000Z', error: null } }] } } });
    await f.wsSend({ topic: 'jobs changed', payload: { resource: 'jobs', action: 'updated', id: 3 } });
    await waitUntil(() => rows()[0]?.[3]?.startsWith('Concluída'), 'the schedule was not read again');
    expect(rows()[0]![3]).to.equal(`Concluída ${dateTime('2031-02-01T10:00:05.000Z')}`);
  });

  it('says so when no module declares a job, and when the schedule cannot be read', async () => {
    await mount([]);
    await waitUntil(() => container.textContent?.includes('Nenhum módulo declara tarefas.'), 'no empty notice');
    root.unmount();
    container.remove();
    cleanup();
    const { core, f } = testCore();
    await f.script({ 'GET /jobs/schedule': { status: 500, body: { message: 'Erro interno.' } } });
    core.tokens.set(tokenPair(1, 'Ana Admin', 'admin'));
    const routes = buildRoutes(FALLBACK_TERMINOLOGY);
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    root.render(
      <HostProvider value={createHostState(core)}>
        <JobsPage route={routeNamed(routes, 'jobs')} params={{}} routes={routes} words={FALLBACK_TERMINOLOGY} />
      </HostProvider>,
    );
    await waitUntil(() => container.textContent?.includes('Não foi possível ler a agenda das tarefas.'), 'no failure notice');
  });
});
