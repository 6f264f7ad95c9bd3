import styled from 'styled-components';
import type { JobScheduleEntry } from '../../core/index.js';
import { DataTable, TableBox } from '../../widgets/feature-kit/data-table.js';
import { EmptyState, ErrorState, Loading, space, token, useQuery } from '../../widgets/kit/index.js';
import { useHost } from '../context.js';
import { ElementSlot } from '../elements/element-slot.js';
import { useDeclareList } from '../shell/list-on-page.js';
import { Panel } from '../shell/styles.js';
import { Heading } from './parts.js';
import type { Page } from './types.js';

// The server's jobs resource and its schedule route (src/server/jobs), for administrators.
const JOBS = 'jobs';
const SCHEDULE_PATH = 'jobs/schedule';
/** The list's columns: kind, state, attempts, progress, error, next run, end. */
export const JOB_COLUMNS = 'name,state,attempts,percent,last_error,run_at,finished_at';

const T = {
  schedule: 'Agenda das tarefas',
  runs: 'Execuções',
  job: 'Tarefa',
  timing: 'Agendamento',
  nextRun: 'Próxima execução',
  lastRun: 'Última execução',
  onDemand: 'Só a pedido',
  never: 'Ainda não executada',
  none: 'Nenhum módulo declara tarefas.',
  failed: 'Não foi possível ler a agenda das tarefas.',
} as const;

const STATES: Record<NonNullable<JobScheduleEntry['lastRun']>['state'], string> = {
  queued: 'Em espera',
  running: 'Em curso',
  done: 'Concluída',
  failed: 'Falhada',
};

const dateTime = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '');

const Section = styled.section`
  margin-bottom: ${space(3)};
  h2 {
    margin: 0 0 ${space(1.5)};
    font-size: 1.15rem;
  }
`;

const Muted = styled.span`
  color: ${token('color-text-muted')};
`;

const Problem = styled.span`
  color: ${token('color-danger')};
`;

function LastRun({ run }: { run: JobScheduleEntry['lastRun'] }) {
  if (!run) return <Muted>{T.never}</Muted>;
  return (
    <>
      {STATES[run.state]} {when(run.finishedAt ?? run.runAt)}
      {run.error && (
        <>
          <br />
          <Problem>{run.error}</Problem>
        </>
      )}
    </>
  );
}

/** Each declared job with its timing, next and latest run; read again when a job changes. */
function ScheduleTable() {
  const { core } = useHost();
  const schedule = useQuery<JobScheduleEntry[]>(core.queries, { path: SCHEDULE_PATH, resources: [JOBS] });
  if (schedule.status === 'failed' || schedule.status === 'notFound') return <ErrorState message={T.failed} onRetry={schedule.refresh} />;
  if (!schedule.data) return <Loading />;
  if (schedule.data.length === 0) return <EmptyState message={T.none} />;
  return (
    <TableBox>
      <DataTable $dense data-job-schedule>
        <caption hidden>{T.schedule}</caption>
        <thead>
          <tr>
            <th scope="col">{T.job}</th>
            <th scope="col">{T.timing}</th>
            <th scope="col">{T.nextRun}</th>
            <th scope="col">{T.lastRun}</th>
          </tr>
        </thead>
        <tbody>
          {schedule.data.map((job) => (
            <tr key={job.name} data-job={job.name}>
              <th scope="row">{job.label}</th>
              <td>{job.problem ? <Problem>{job.problem}</Problem> : job.schedule ? <code>{job.schedule}</code> : <Muted>{T.onDemand}</Muted>}</td>
              <td>{when(job.nextRun)}</td>
              <td>
                <LastRun run={job.lastRun} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </TableBox>
  );
}

/** /tarefas: the background jobs' schedule, then every run, newest first (administrators). */
export const JobsPage: Page = ({ route }) => {
  useDeclareList(JOBS);
  return (
    <>
      <Heading title={route.title} />
      <Section aria-label={T.schedule}>
        <Panel>
          <ScheduleTable />
        </Panel>
      </Section>
      <Section aria-label={T.runs}>
        <Panel>
          <ElementSlot tag="associa-resource-list" attrs={{ resource: JOBS, label: T.runs, columns: JOB_COLUMNS, 'external-actions': 'true' }} />
        </Panel>
      </Section>
    </>
  );
};
