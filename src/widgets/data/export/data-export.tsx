// "Exportar tudo" (decision 0047): starts the whole export (POST data_exports), follows its job's
// progress, then offers its zip; below, the last exports, each downloadable while its file lasts.
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { DataExportDownload, DataExportRun, JobProgress } from '../../../core/index.js';
import { Button, EmptyState, ErrorState, Loading, space, token, useQuery, useSignalValue } from '../../kit/index.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import { JobNotice } from '../../feature-kit/job-notice.js';
import { Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { downloadFile } from '../../shared/download.js';
import { useJob } from '../../shared/use-job.js';
import { DATA_EXPORT_TEXTS as T } from './texts.js';

const EXPORTS = 'data_exports';
// The list is read again whenever a job changes (its realtime events name the jobs resource).
const JOBS = 'jobs';

const dateTime = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short' });
const oneDecimal = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 1 });

/** 1536 -> "1,5 KB", as people read a file's size. */
function readableSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${oneDecimal.format(value)} ${units[unit]}`;
}

const Intro = styled.p`
  margin: 0 0 ${space(2)};
  max-width: 44rem;
  color: ${token('color-text-muted')};
`;

const Heading = styled.h3`
  margin: ${space(3)} 0 ${space(1)};
  font-size: 1rem;
`;

const JOB_TEXTS = { queued: T.queued, running: T.running, done: T.done, failed: T.failed };

export function DataExport() {
  const core = useCore();
  const connected = useSignalValue(core.realtime.connected);
  const job = useJob(core);
  const [starting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const runs = useQuery<DataExportRun[]>(core.queries, { path: EXPORTS, resources: [JOBS] });
  const list = Array.isArray(runs.data) ? runs.data : null;

  // An export still running when the page opens (asked for here before, or by another
  // administrator): its progress is shown as if just started.
  const unfinished = list?.find((run) => run.state === 'queued' || run.state === 'running');
  useEffect(() => {
    if (unfinished && job.view.phase === 'idle') job.follow({ _id: unfinished._id, state: unfinished.state });
    // `job` is new every render: the unfinished run's id is what starts this.
  }, [unfinished?._id]);

  const busy = starting || job.view.phase === 'starting' || job.view.phase === 'running';
  const readyJob = job.view.phase === 'done' ? job.view.job : null;

  async function start() {
    setStarting(true);
    setError(null);
    job.starting();
    try {
      const res = await core.http.post<{ data: { job: { _id: number; state: JobProgress['state'] } } }>(EXPORTS, {});
      job.follow(res.data.data.job);
    } catch (e) {
      job.reset();
      setError(describeFailure(e, T.startFailed));
    } finally {
      setStarting(false);
    }
  }

  async function download(id: number, requestedAt: string) {
    setDownloading(id);
    setError(null);
    try {
      const res = await core.http.get<{ data: DataExportDownload }>(`${EXPORTS}/${id}`);
      await downloadFile(core, res.data.data.url, T.fileName(requestedAt), 'application/zip');
    } catch (e) {
      setError(describeFailure(e, T.downloadFailed));
    } finally {
      setDownloading(null);
    }
  }

  const ready = readyJob === null ? undefined : list?.find((run) => run._id === readyJob);
  // The finished run's row (its size, the day it was asked for, which names the zip) is read
  // again as soon as the followed job ends, not only when a change event comes by.
  useEffect(() => {
    if (readyJob !== null && !ready) runs.refresh();
    // `runs` is new every render: the run that ended is what starts this.
  }, [readyJob]);

  return (
    <div data-data-export>
      <Intro>{T.intro}</Intro>
      <Button onClick={() => void start()} disabled={busy} data-export-start>
        {starting ? T.starting : T.start}
      </Button>
      {job.view.phase !== 'done' && <JobNotice view={job.view} texts={JOB_TEXTS} connected={connected} />}
      {readyJob !== null && (
        <Notice tone="success">
          <p>
            {T.done}{' '}
            <Button variant="secondary" data-export-download={readyJob} disabled={downloading === readyJob} onClick={() => void download(readyJob, ready?.requestedAt ?? new Date().toISOString())}>
              {downloading === readyJob ? T.downloading : T.download}
            </Button>
          </p>
        </Notice>
      )}
      {error && (
        <Notice tone="error">
          <p>{error}</p>
        </Notice>
      )}
      <Heading>{T.last}</Heading>
      <LastExports runs={list} failed={runs.status === 'failed' || runs.status === 'notFound'} onRetry={runs.refresh} downloading={downloading} onDownload={(run) => void download(run._id, run.requestedAt)} />
    </div>
  );
}

interface LastExportsProps {
  runs: DataExportRun[] | null;
  failed: boolean;
  onRetry(): void;
  downloading: number | null;
  onDownload(run: DataExportRun): void;
}

function LastExports({ runs, failed, onRetry, downloading, onDownload }: LastExportsProps) {
  if (failed) return <ErrorState message={T.listFailed} onRetry={onRetry} />;
  if (!runs) return <Loading />;
  if (runs.length === 0) return <EmptyState message={T.none} />;
  return (
    <TableBox>
      <DataTable $dense data-export-runs>
        <caption hidden>{T.last}</caption>
        <thead>
          <tr>
            <th scope="col">{T.requestedAt}</th>
            <th scope="col">{T.requestedBy}</th>
            <th scope="col">{T.state}</th>
            <th scope="col">{T.size}</th>
            <th scope="col">{T.file}</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run._id} data-export-run={run._id} data-state={run.state}>
              <td>{dateTime.format(new Date(run.requestedAt))}</td>
              <td>{run.requestedBy ?? ''}</td>
              <td>{T.states[run.state]}</td>
              <td>{readableSize(run.size)}</td>
              <td>
                {run.state === 'done' && (
                  <Button variant="secondary" disabled={downloading === run._id} onClick={() => onDownload(run)}>
                    {downloading === run._id ? T.downloading : T.download}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </TableBox>
  );
}
