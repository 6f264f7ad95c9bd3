// Above the documents list: what to do with the documents picked in it. Set or clear their
// status in bulk (SPEC 7's treasury_docs_statuses/bulk and bulk_delete), or download them, one
// PDF per document in a zip or merged in blocks for printing (treasury_docs/download); a large
// download is a server job with a progress bar that ends in a short-lived file address.
import { useEffect, useId, useState } from 'react';
import { isSilentFailure, type ApiRecord } from '../../../core/index.js';
import { Button, Select, useSignalValue } from '../../kit/index.js';
import { Buttons, FilterGroup } from '../../feature-kit/groups.js';
import { JobNotice } from '../../feature-kit/job-notice.js';
import { Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { downloadBlob } from '../../shared/download.js';
import { downloadJobFile, requestTreasuryDownload } from '../../shared/treasury-download.js';
import { useJob } from '../../shared/use-job.js';
import { DOCS, STATUSES } from '../api.js';
import { TREASURY_TEXTS as T } from '../texts.js';

/** The documents picked in the list below (its `associa-selection` events). */
function usePickedDocs(): number[] {
  const [picked, setPicked] = useState<number[]>([]);
  useEffect(() => {
    const onSelection = (event: CustomEvent<{ resource: string; ids: number[]; all: boolean }>) => {
      if (event.detail.resource === DOCS) setPicked(event.detail.ids);
    };
    document.addEventListener('associa-selection', onSelection);
    return () => document.removeEventListener('associa-selection', onSelection);
  }, []);
  return picked;
}

const DOWNLOAD_JOB_TEXTS = { queued: T.downloading, running: T.downloading, done: T.downloadReady, failed: T.downloadFailed };

interface Status extends ApiRecord {
  name: string;
}

export function SelectionActions() {
  const core = useCore();
  const statusId = useId();
  const picked = usePickedDocs();
  const connected = useSignalValue(core.realtime.connected);
  const statuses = useSignalValue(core.referenceList<Status>(STATUSES).items);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState<{ blob: Blob; fileName: string } | null>(null);
  const [merged, setMerged] = useState(false);
  const job = useJob(core);

  const save = (file: { blob: Blob; fileName: string }) => {
    setReady(file);
    downloadBlob(file.blob, file.fileName);
  };

  // A job's file: its signed address is asked for once the job says it is done.
  const doneJob = job.view.phase === 'done' ? job.view.job : null;
  useEffect(() => {
    if (doneJob === null) return;
    downloadJobFile(core, doneJob, merged).then(
      () => job.reset(),
      (e: unknown) => setError(describeFailure(e, T.downloadFailed)),
    );
    // `job` is new every render: the job's id is what starts this.
  }, [doneJob, core, merged]);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await work();
    } catch (e) {
      if (!isSilentFailure(e)) setError(describeFailure(e));
    } finally {
      setBusy(false);
    }
  }

  const setInBulk = () =>
    run(async () => {
      if (status === '') {
        setError(T.statusRequired);
        return;
      }
      await core.queries.action(`${DOCS}_statuses/bulk`, { ids: picked, status: Number(status) }, { invalidates: [DOCS] });
      setDone(T.statusSet(picked.length));
    });

  const clearInBulk = () =>
    run(async () => {
      await core.queries.action(`${DOCS}_statuses/bulk_delete`, { ids: picked }, { invalidates: [DOCS] });
      setDone(T.statusCleared(picked.length));
    });

  const download = (inBlocks: boolean) =>
    run(async () => {
      setReady(null);
      setMerged(inBlocks);
      const answer = await requestTreasuryDownload(core, picked, inBlocks);
      if (answer.kind === 'job') {
        job.starting();
        job.follow({ _id: answer.job, state: 'queued' });
      } else save(answer);
    });

  return (
    <FilterGroup data-treasury-selection>
      <legend>{T.selection}</legend>
      {picked.length === 0 ? (
        <p>{T.pickSome}</p>
      ) : (
        <>
          <p data-picked-count>{T.picked(picked.length)}</p>
          <Buttons>
            <label htmlFor={statusId}>{T.status}</label>
            <Select id={statusId} value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">{T.chooseStatus}</option>
              {statuses.map((s) => (
                <option key={s._id} value={String(s._id)}>
                  {s.name}
                </option>
              ))}
            </Select>
            <Button onClick={() => void setInBulk()} disabled={busy} data-action="set-status">
              {T.setStatus}
            </Button>
            <Button variant="secondary" onClick={() => void clearInBulk()} disabled={busy} data-action="clear-status">
              {T.clearStatus}
            </Button>
          </Buttons>
          <Buttons>
            <Button variant="secondary" onClick={() => void download(false)} disabled={busy} data-action="download-zip">
              {T.downloadOne}
            </Button>
            <Button variant="secondary" onClick={() => void download(true)} disabled={busy} data-action="download-merged">
              {T.downloadMerged}
            </Button>
          </Buttons>
        </>
      )}
      <JobNotice view={job.view} texts={DOWNLOAD_JOB_TEXTS} connected={connected} />
      {ready && (
        <Notice tone="success">
          <p>
            {T.downloadReady}{' '}
            <Button variant="secondary" onClick={() => save(ready)}>
              {T.downloadOpen}
            </Button>
          </p>
        </Notice>
      )}
      {done && (
        <Notice tone="success">
          <p>{done}</p>
        </Notice>
      )}
      {error && (
        <Notice tone="error">
          <p>{error}</p>
        </Notice>
      )}
    </FilterGroup>
  );
}
