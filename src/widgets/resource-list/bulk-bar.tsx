import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { isSilentFailure, type Core, type ExplainerField, type ListQuery } from '../../core/index.js';
import { ConfirmDialog } from '../feature-kit/confirm-dialog.js';
import { Button, space, token } from '../kit/index.js';
import type { ReferenceCache } from '../shared/reference-cache.js';
import { useJob } from '../shared/use-job.js';
import { Problem } from './bar-parts.js';
import { BulkChangeForm } from './bulk-change.js';
import { bulkFailure, bulkJobResult, bulkTarget, sendBulk, type BulkChange } from './bulk-request.js';
import type { Selection } from './selection.js';
import { deleteQuestion, doneText, LIST_TEXTS, progressText, refusedText, selectAllText, selectedText } from './texts.js';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${space(1)} ${space(2)};
  margin-bottom: ${space(1.5)};
  padding: ${space(1)} ${space(1.5)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  background: ${token('color-surface')};
`;

const Count = styled.strong`
  align-self: center;
`;

interface BulkBarProps {
  core: Core;
  resource: string;
  selection: Selection;
  /** Rows on this page, and how many the query matches. */
  pageRows: number;
  total: number;
  query: ListQuery;
  /** Fields a value can be given to at once (BulkChangeForm); empty: no change offered. */
  changeFields: readonly ExplainerField[];
  canDelete: boolean;
  cache: ReferenceCache;
  onDone(): void;
}

/**
 * What can be done to the picked rows: pick every match, change a field, delete (after a
 * question that says how many). Small sets answer at once; large ones run as a job whose
 * progress shows here.
 */
export function BulkBar({ core, resource, selection, pageRows, total, query, changeFields, canDelete, cache, onDone }: BulkBarProps) {
  const count = selection.count(total);
  const job = useJob(core);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const [pending, setPending] = useState<{ total: number; deleted: boolean } | null>(null);

  // A job's end: what it did and what it refused (the rows refused stay as they were, each
  // for the single change's reason), and the list is read again, as after a change made at once.
  useEffect(() => {
    if (!pending) return;
    if (job.view.phase === 'done') {
      const result = bulkJobResult(job.view.result);
      setNews(doneText(result?.done ?? pending.total, pending.deleted));
      if (result && result.refused > 0) setProblem(refusedText(result.refused, result.reasons));
      setPending(null);
      onDone();
    } else if (job.view.phase === 'failed') {
      setProblem(LIST_TEXTS.jobFailed);
      setPending(null);
    }
  }, [job.view, pending, onDone]);

  async function run(operation: 'update' | 'delete', change: BulkChange = {}) {
    setBusy(true);
    setProblem(null);
    setNews(null);
    job.starting();
    try {
      const outcome = await sendBulk(core, resource, operation, { ...bulkTarget(selection.ids, selection.allMatching, query), ...change });
      selection.clear();
      if ('job' in outcome) {
        setPending({ total: outcome.total, deleted: operation === 'delete' });
        job.follow(outcome.job);
      } else {
        job.reset();
        setNews(doneText(outcome.done, operation === 'delete'));
        onDone();
      }
    } catch (error) {
      job.reset();
      if (!isSilentFailure(error)) setProblem(bulkFailure(error));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  const running = job.view.phase === 'running' ? job.view : null;
  if (count === 0 && !running && !news && !problem) return null;
  return (
    <Bar role="region" aria-label={LIST_TEXTS.bulkActions}>
      {count > 0 && (
        <>
          <Count data-selected-count>{selectedText(count)}</Count>
          {selection.page === 'all' && !selection.allMatching && total > pageRows && (
            <Button variant="secondary" onClick={selection.selectAllMatching}>
              {selectAllText(total)}
            </Button>
          )}
          <Button variant="secondary" onClick={selection.clear}>
            {LIST_TEXTS.clearSelection}
          </Button>
          {changeFields.length > 0 && <BulkChangeForm fields={changeFields} cache={cache} busy={busy} onApply={(change) => void run('update', change)} />}
          {canDelete && (
            <Button variant="danger" disabled={busy} onClick={() => setAsking(true)}>
              {LIST_TEXTS.delete}
            </Button>
          )}
        </>
      )}
      {running && <span role="status">{progressText(running.progress, running.total)}</span>}
      {news && <span role="status">{news}</span>}
      {problem && <Problem role="alert">{problem}</Problem>}
      <ConfirmDialog open={asking} title={deleteQuestion(count)} confirmLabel={LIST_TEXTS.delete} busy={busy} onConfirm={() => void run('delete')} onCancel={() => setAsking(false)}>
        {LIST_TEXTS.deleteWarning}
      </ConfirmDialog>
    </Bar>
  );
}
