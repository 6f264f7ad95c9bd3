// The background jobs' schedule (GET jobs/schedule, src/server/jobs): each job a module
// declares, with its timing, next and latest run, read again whenever a job changes.
import styled from 'styled-components';
import type { JobScheduleEntry } from '../../../core/index.js';
import { EmptyState, ErrorState, Loading, token, useQuery } from '../../kit/index.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import { useCore } from '../../feature-kit/use-core.js';
import { JOBS_TEXTS as T } from '../texts.js';

const JOBS = 'jobs';
const SCHEDULE_PATH = 'jobs/schedule';

const dateTime = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '');

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
      {T.states[run.state]} {when(run.finishedAt ?? run.runAt)}
      {run.error && (
        <>
          <br />
          <Problem>{run.error}</Problem>
        </>
      )}
    </>
  );
}

export function JobSchedule() {
  const core = useCore();
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
