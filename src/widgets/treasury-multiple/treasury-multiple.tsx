import { useCallback, useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { isSilentFailure, RESOURCE } from '../../core/index.js';
import { Button, Input, Label, Loading, space, token, useSignalValue } from '../kit/index.js';
import { Lead, Notice } from '../feature-kit/layout.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { useCore } from '../feature-kit/use-core.js';
import { formatMoney } from '../shared/money.js';
import { useJob } from '../shared/use-job.js';
import { TREASURY_MULTIPLE_TEXTS as T } from './texts.js';

const DOCS = RESOURCE.treasuryDocs;

interface Missing {
  count: number;
  amount: number;
}

const Range = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  margin: 0 0 ${space(2)};
`;

const Progress = styled.progress`
  display: block;
  width: 100%;
  max-width: 28rem;
  height: 0.75rem;
  margin: ${space(1)} 0 0;
  accent-color: ${token('color-primary')};
`;

export interface TreasuryMultipleProps {
  from?: string;
  to?: string;
}

/** Issues the receipts of the payments that have none, in a server job, with its progress. */
export function TreasuryMultiple({ from: initialFrom = '', to: initialTo = '' }: TreasuryMultipleProps) {
  const core = useCore();
  const fromId = useId();
  const toId = useId();
  const connected = useSignalValue(core.realtime.connected);
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [missing, setMissing] = useState<Missing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const job = useJob(core);

  const range = useCallback(() => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) }), [from, to]);

  const count = useCallback(async () => {
    setMissing(null);
    setError(null);
    try {
      setMissing(await core.queries.action<Missing>(`${DOCS}/missing_receipts`, range(), { invalidates: [] }));
    } catch (e) {
      if (!isSilentFailure(e)) setError(describeFailure(e, T.countFailed));
    }
  }, [core, range]);

  useEffect(() => {
    void count();
  }, [count]);

  // When the job ends, what is left to issue is counted again (nothing, unless some failed).
  const ended = job.view.phase === 'done' || job.view.phase === 'failed';
  useEffect(() => {
    if (ended) void count();
  }, [ended, count]);

  async function issue() {
    setBusy(true);
    setError(null);
    job.starting();
    try {
      const answer = await core.queries.action<{ job: { _id: number; state: 'queued' | 'running' | 'done' | 'failed' } }>(`${DOCS}/issue_missing`, range(), { invalidates: [DOCS] });
      job.follow(answer.job);
    } catch (e) {
      job.reset();
      if (!isSilentFailure(e)) setError(describeFailure(e));
    } finally {
      setBusy(false);
    }
  }

  const view = job.view;
  const running = view.phase === 'starting' || view.phase === 'running';
  return (
    <section data-treasury-multiple>
      <Lead>{T.lead}</Lead>
      <Range>
        <div>
          <Label htmlFor={fromId}>{T.from}</Label>
          <Input id={fromId} type="date" value={from} disabled={running} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div>
          <Label htmlFor={toId}>{T.to}</Label>
          <Input id={toId} type="date" value={to} disabled={running} onChange={(e) => setTo(e.target.value)} />
        </div>
      </Range>
      {!missing && !error && <Loading />}
      {missing && !running && (
        <p data-missing={missing.count} role="status">
          {missing.count === 0 ? T.none : T.missing(missing.count, formatMoney(missing.amount))}
        </p>
      )}
      {missing && missing.count > 0 && !running && (
        <Button onClick={() => void issue()} disabled={busy} data-action="issue-missing">
          {T.issue(missing.count)}
        </Button>
      )}
      {running && (
        <Notice tone="info">
          <p>{view.phase === 'running' && view.state === 'running' ? T.running : T.queued}</p>
          {view.phase === 'running' && view.total ? (
            <>
              <Progress aria-label={T.progressLabel} value={Math.min(view.progress, view.total)} max={view.total} />
              <p data-progress-count>{T.progress(Math.min(view.progress, view.total), view.total)}</p>
            </>
          ) : (
            <Progress aria-label={T.progressLabel} />
          )}
          {!connected && <p>{T.offline}</p>}
        </Notice>
      )}
      {view.phase === 'done' && (
        <Notice tone="success">
          <p>{T.done}</p>
        </Notice>
      )}
      {view.phase === 'failed' && (
        <Notice tone="error">
          <p>{T.failed}</p>
        </Notice>
      )}
      {error && (
        <Notice tone="error">
          <p>{error}</p>
        </Notice>
      )}
    </section>
  );
}
