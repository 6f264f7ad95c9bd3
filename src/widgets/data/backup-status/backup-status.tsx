// The backups on Configuração › Dados (decision 0046): the last backup and the last good one,
// with size and check, a warning when no good one is less than a day old, and *Fazer cópia agora*.
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { BACKUP_RUN_PATH, BACKUP_STATUS_PATH, type BackupStatus as Status, type BackupSummary } from '../../../core/backup-status.js';
import type { JobProgress } from '../../../core/index.js';
import { Button, ErrorState, Loading, space, token, useQuery, useSignalValue } from '../../kit/index.js';
import { Facts, type Fact } from '../../feature-kit/facts.js';
import { JobNotice } from '../../feature-kit/job-notice.js';
import { Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { useJob } from '../../shared/use-job.js';
import { BACKUP_STATUS_TEXTS as T } from './texts.js';

// The status is read again whenever a job changes (its realtime events name the jobs resource).
const JOBS = 'jobs';
const dateTime = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short' });
const oneDecimal = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('pt-PT');

/** 1536 -> "1,5 KB", as people read a file's size. */
function readableSize(bytes: number): string {
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

const fileName = (file: string) => file.split(/[\\/]/).pop() ?? file;

const Intro = styled.p`
  margin: 0 0 ${space(2)};
  max-width: 44rem;
  color: ${token('color-text-muted')};
`;

const Heading = styled.h3`
  margin: ${space(3)} 0 ${space(1)};
  font-size: 1rem;
`;

function backupFacts(backup: BackupSummary): Fact[] {
  return [
    { term: T.state, value: `${backup.state === 'ok' ? T.ok : T.failedState} · ${dateTime.format(new Date(backup.finishedAt))}`, name: 'state' },
    { term: T.problem, value: backup.problem, name: 'problem' },
    { term: T.size, value: backup.state === 'ok' ? readableSize(backup.size) : null, name: 'size' },
    { term: T.contents, value: backup.state === 'ok' ? T.counts(whole.format(backup.rows), whole.format(backup.files)) : null, name: 'contents' },
    { term: T.file, value: `${fileName(backup.file)}${backup.removed ? T.removed : ''}`, name: 'file' },
  ];
}

const JOB_TEXTS = { queued: T.queued, running: T.running, done: T.done, failed: T.failed };

export function BackupStatus() {
  const core = useCore();
  const connected = useSignalValue(core.realtime.connected);
  const job = useJob(core);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status = useQuery<Status>(core.queries, { path: BACKUP_STATUS_PATH, resources: [JOBS] });
  const { refresh } = status;
  // The job's end is heard on the jobs topic: the backup it made (or its failure) is read then.
  const ended = job.view.phase === 'done' || job.view.phase === 'failed';
  useEffect(() => {
    if (ended) refresh();
  }, [ended, refresh]);

  async function start() {
    setStarting(true);
    setError(null);
    job.starting();
    try {
      const res = await core.http.post<{ data: { job: { _id: number; state: JobProgress['state'] } } }>(BACKUP_RUN_PATH, {});
      job.follow(res.data.data.job);
    } catch (e) {
      job.reset();
      setError(describeFailure(e, T.startFailed));
    } finally {
      setStarting(false);
    }
  }

  if (status.status === 'failed' || status.status === 'notFound') return <ErrorState message={T.loadFailed} onRetry={status.refresh} />;
  const data = status.data;
  if (!data) return <Loading />;
  const busy = starting || data.running || job.view.phase === 'starting' || job.view.phase === 'running';
  const { last, lastGood } = data;

  return (
    <div data-backup-status data-stale={String(data.stale)}>
      <Intro>{T.intro}</Intro>
      {data.stale && (
        <Notice tone="warning">
          <p data-backup-warning>{lastGood ? T.stale(dateTime.format(new Date(lastGood.finishedAt))) : T.neverGood}</p>
        </Notice>
      )}
      <Button onClick={() => void start()} disabled={busy} data-backup-start>
        {starting ? T.starting : T.start}
      </Button>
      <JobNotice view={job.view} texts={JOB_TEXTS} connected={connected} />
      {error && (
        <Notice tone="error">
          <p>{error}</p>
        </Notice>
      )}
      <Heading>{T.last}</Heading>
      {last ? <Facts facts={backupFacts(last)} data-backup="last" /> : <p>{T.none}</p>}
      {lastGood && last && lastGood.file !== last.file && (
        <>
          <Heading>{T.lastGood}</Heading>
          <Facts facts={backupFacts(lastGood)} data-backup="last-good" />
        </>
      )}
      <Facts
        facts={[
          { term: T.directory, value: data.directory, name: 'directory' },
          { term: T.nextRun, value: data.nextRun ? dateTime.format(new Date(data.nextRun)) : null, name: 'next-run' },
        ]}
        data-backup="where"
      />
    </div>
  );
}
