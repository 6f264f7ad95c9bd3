// The steps after the file is read: map its columns, check them (a dry run: its report, nothing
// written), import (the server's job, followed to its end), then the result.
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, space, token, useFocusAfterRender, useSignalValue } from '../../kit/index.js';
import { Buttons } from '../../feature-kit/groups.js';
import { JobNotice } from '../../feature-kit/job-notice.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { useCore } from '../../feature-kit/use-core.js';
import { useJob } from '../../shared/use-job.js';
import { checkImport, commitImport, downloadReport, failureText, importChanged } from '../api.js';
import type { ImportCheck, ImportCommitResult, ImportDefaults, ImportMapping, ImportUpload } from '../../../core/index.js';
import { IMPORT_TEXTS as T } from '../texts.js';
import { ColumnMap } from './column-map.js';
import { Defaults } from './defaults.js';
import { fullMapping, givenDefaults, mappingProblems } from './mapping.js';
import { Report } from './report.js';

const Part = styled.section`
  & + & {
    margin-top: ${space(3)};
  }
  h2 {
    margin: 0 0 ${space(1)};
    font-size: 1.15rem;
  }
  h2:focus {
    outline: none;
  }
  & > p {
    margin: 0 0 ${space(2)};
    max-width: 48rem;
  }
  [data-problems] ul {
    margin: 0;
    padding-left: ${space(2)};
  }
`;

const Muted = styled.p`
  color: ${token('color-text-muted')};
`;

/** The commit job's result (imports.commit declares it for staff), if the done event carried one. */
function commitResult(result: unknown): ImportCommitResult | null {
  if (result === null || typeof result !== 'object') return null;
  const r = result as Partial<ImportCommitResult>;
  return typeof r.created === 'number' && typeof r.updated === 'number' ? { unchanged: 0, skipped: 0, failures: [], ...r, created: r.created, updated: r.updated } : null;
}

const Failures = styled.ul`
  margin: 0 0 ${space(2)};
  padding-left: ${space(2.5)};
`;

export interface StepsProps {
  upload: ImportUpload;
  membersPath?: string;
  memberPath?: string;
  plural: string;
  onRestart(): void;
}

export function Steps({ upload, membersPath, memberPath, plural, onRestart }: StepsProps) {
  const core = useCore();
  const connected = useSignalValue(core.realtime.connected);
  const job = useJob(core);
  const id = useId();
  const [mapping, setMapping] = useState<ImportMapping>(() => fullMapping(upload.columns, upload.mapping));
  const [defaults, setDefaults] = useState<ImportDefaults>(() => upload.defaults ?? {});
  const [checked, setChecked] = useState<{ check: ImportCheck; asked: string } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const mapHeading = useRef<HTMLHeadingElement>(null);
  const reportHeading = useRef<HTMLHeadingElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const problemsBox = useRef<HTMLDivElement>(null);

  const focusAfterRender = useFocusAfterRender();
  useEffect(() => {
    mapHeading.current?.focus();
  }, []);

  const phase = job.view.phase;
  const importing = phase === 'starting' || phase === 'running';
  const done = phase === 'done';
  useEffect(() => {
    if (phase !== 'done' && phase !== 'failed') return;
    importChanged(core);
    if (phase === 'done') doneHeading.current?.focus();
  }, [core, phase]);

  // A new report takes the focus once drawn.
  useEffect(() => {
    if (checked) reportHeading.current?.focus();
  }, [checked]);

  // What a check was asked: once the mapping or a value changes, its report is no longer the file's.
  const asked = JSON.stringify([mapping, givenDefaults(defaults)]);
  const stale = checked !== null && checked.asked !== asked;

  function change(column: number, field: string | null) {
    setMapping((current) => ({ ...current, [String(column)]: field }));
    setProblems([]);
  }

  async function check() {
    setTried(true);
    const found = mappingProblems(upload.columns, upload.fields, mapping, defaults);
    if (found.length > 0) focusAfterRender(() => problemsBox.current);
    setProblems(found);
    if (found.length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const check = await checkImport(core, upload.id, mapping, givenDefaults(defaults));
      setChecked({ check, asked });
    } catch (e) {
      setError(failureText(e, T.checkFailed));
    } finally {
      setBusy(false);
    }
  }

  async function download() {
    setError(null);
    try {
      await downloadReport(core, upload.id, upload.fileName);
    } catch (e) {
      setError(failureText(e, T.reportFailed));
    }
  }

  async function commit() {
    setError(null);
    job.starting();
    try {
      job.follow({ _id: await commitImport(core, upload.id), state: 'queued' });
    } catch (e) {
      job.reset();
      setError(failureText(e, T.startFailed));
    }
  }

  if (done && checked) {
    const result = commitResult(job.view.phase === 'done' ? job.view.result : null);
    return (
      <Part aria-labelledby={`${id}-done`} data-import-step="done">
        <h2 id={`${id}-done`} ref={doneHeading} tabIndex={-1}>
          {T.commitDone}
        </h2>
        <Notice tone="success">
          <p data-import-result="">{result ? T.committed(result) : T.commitDone}</p>
        </Notice>
        {result && result.failures.length > 0 && (
          <>
            <p>{T.failuresIntro(result.failures.length)}</p>
            <Failures data-import-failures="">
              {result.failures.map((failure) => (
                <li key={failure.line}>{T.failureLine(failure.line, failure.message)}</li>
              ))}
            </Failures>
          </>
        )}
        <Buttons>
          {membersPath && <NavLink path={membersPath}>{T.seeMembers(plural)}</NavLink>}
          <Button variant="secondary" onClick={onRestart}>
            {T.another}
          </Button>
        </Buttons>
      </Part>
    );
  }

  const toImport = checked ? checked.check.summary.create + checked.check.summary.update : 0;
  const left = checked ? checked.check.summary.error + checked.check.summary.duplicate : 0;
  const locked = busy || importing;
  return (
    <div data-import="">
      <Part aria-labelledby={`${id}-map`} data-import-step="map">
        <h2 id={`${id}-map`} ref={mapHeading} tabIndex={-1}>
          {T.mapTitle(upload.fileName)}
        </h2>
        <p>{T.mapIntro(upload.rowCount)}</p>
        <ColumnMap columns={upload.columns} fields={upload.fields} mapping={mapping} defaults={defaults} disabled={locked} showMissing={tried} onChange={change} />
        <Defaults
          fields={upload.fields}
          defaults={defaults}
          disabled={locked}
          onChange={(field, value) => {
            setDefaults((current) => ({ ...current, [field]: value }));
            setProblems([]);
          }}
        />
        <div ref={problemsBox} tabIndex={-1} data-problems="">
          {problems.length > 0 && (
            <Notice tone="error">
              {problems.length === 1 ? (
                <p>{problems[0]}</p>
              ) : (
                <ul>
                  {problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
            </Notice>
          )}
        </div>
        {!checked && error && (
          <Notice tone="error">
            <p>{error}</p>
          </Notice>
        )}
        <Buttons>
          <Button onClick={() => void check()} disabled={locked} variant={checked && !stale ? 'secondary' : 'primary'}>
            {busy ? T.checking : T.check}
          </Button>
          <Button variant="secondary" onClick={onRestart} disabled={locked}>
            {T.otherFile}
          </Button>
        </Buttons>
      </Part>
      {checked && (
        <Part aria-labelledby={`${id}-report`} data-import-step="report">
          <h2 id={`${id}-report`} ref={reportHeading} tabIndex={-1}>
            {T.reportTitle}
          </h2>
          <Notice tone="info">
            <p data-nothing-written="">
              <strong>{T.nothingWritten}</strong> {T.checkedAt}
            </p>
          </Notice>
          {stale && (
            <Notice tone="warning">
              <p>{T.mappingChanged}</p>
            </Notice>
          )}
          <Report batch={upload.id} check={checked.check} fields={upload.fields} memberPath={memberPath} />
          {error && (
            <Notice tone="error">
              <p>{error}</p>
            </Notice>
          )}
          <JobNotice view={job.view} connected={connected} texts={{ queued: T.commitQueued, running: T.commitRunning, done: T.commitDone, failed: T.commitFailed }} />
          {toImport === 0 && <Muted>{T.nothingToImport}</Muted>}
          {toImport > 0 && left > 0 && <Muted data-left-out="">{T.skipped(left)}</Muted>}
          <Buttons>
            <Button variant="secondary" onClick={() => void download()}>
              {T.report}
            </Button>
            <Button onClick={() => void commit()} disabled={locked || stale || toImport === 0} data-action="commit">
              {T.commit(toImport)}
            </Button>
          </Buttons>
        </Part>
      )}
    </div>
  );
}
