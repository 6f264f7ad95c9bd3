// The imports done before, newest first (kind, file, who, when, state, counts), each committed one
// with 'Anular importação': asked first; refused while later work depends on the import (a
// payment, a receipt, a card), the refusal lists that work and offers to undo the rest.
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, EmptyState, ErrorState, Loading, space, token, useQuery } from '../../kit/index.js';
import { ConfirmDialog } from '../../feature-kit/confirm-dialog.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import { Buttons } from '../../feature-kit/groups.js';
import { Notice } from '../../feature-kit/layout.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatWhen } from '../../shared/when.js';
import { failureText, IMPORTS, undoImport } from '../api.js';
import type { ImportBatch, ImportBlocker, ImportState } from '../../../core/index.js';
import { IMPORT_TEXTS as T } from '../texts.js';

/** Undone in whole or in part, a batch may still be undone further only where it was partly undone. */
const UNDOABLE: readonly ImportState[] = ['committed', 'partly_undone'];

const Blocked = styled.section`
  margin: ${space(2)} 0 0;
  padding: ${space(2)};
  border: 1px solid ${token('color-warning-text')};
  border-left-width: 4px;
  border-radius: ${token('radius')};
  background: ${token('color-warning-surface')};
  h3 {
    margin: 0 0 ${space(1)};
    font-size: 1.05rem;
  }
  h3:focus {
    outline: none;
  }
  p {
    margin: 0 0 ${space(1)};
  }
  ul {
    margin: 0 0 ${space(2)};
    padding-left: ${space(2.5)};
  }
  li + li {
    margin-top: ${space(0.5)};
  }
  li span {
    display: block;
    color: ${token('color-text-muted')};
    font-size: 0.9rem;
  }
`;

type Undoing =
  | { step: 'ask'; batch: ImportBatch }
  | { step: 'blocked'; batch: ImportBatch; blockers: ImportBlocker[] };

function BlockedUndo({ batch, blockers, busy, onRest, onCancel }: { batch: ImportBatch; blockers: ImportBlocker[]; busy: boolean; onRest(): void; onCancel(): void }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // After the confirmation closes and gives the focus back to its button: here is what to read next.
  useEffect(() => {
    const frame = requestAnimationFrame(() => heading.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Blocked aria-labelledby={`${id}-title`} data-undo-blocked={batch.id}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {`${T.blockedTitle}: «${batch.fileName}»`}
      </h3>
      <p>{T.blockedIntro(blockers.length)}</p>
      <ul data-blockers="">
        {blockers.map((blocker) => (
          <li key={`${blocker.resource}:${blocker.id}`}>
            {blocker.label}
            {blocker.reason && <span>{blocker.reason}</span>}
          </li>
        ))}
      </ul>
      <p>{T.blockedRest}</p>
      <Buttons>
        <Button variant="danger" disabled={busy} onClick={onRest}>
          {T.undoRest}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {T.cancel}
        </Button>
      </Buttons>
    </Blocked>
  );
}

export function ImportHistory() {
  const core = useCore();
  const view = useQuery<ImportBatch[]>(core.queries, { path: IMPORTS, params: { _limit: 50 } });
  const [undoing, setUndoing] = useState<Undoing | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function undo(batch: ImportBatch, rest: boolean) {
    setBusy(true);
    setMessage(null);
    try {
      const outcome = await undoImport(core, batch.id, rest);
      if (outcome.undone) {
        setUndoing(null);
        setMessage({ tone: 'success', text: T.undone(outcome.result.undone, outcome.result.kept) });
      } else {
        setUndoing({ step: 'blocked', batch, blockers: outcome.blockers });
      }
    } catch (e) {
      setUndoing(null);
      setMessage({ tone: 'error', text: failureText(e, T.undoFailed) });
    } finally {
      setBusy(false);
    }
  }

  if (view.status === 'loading' || view.status === 'idle') return <Loading />;
  if (view.status === 'failed' || view.status === 'notFound') return <ErrorState message={T.loadFailed} onRetry={view.refresh} />;
  const batches = view.data ?? [];

  return (
    <div data-import-history="">
      {message && (
        <Notice tone={message.tone}>
          <p data-undo-message="">{message.text}</p>
        </Notice>
      )}
      {batches.length === 0 ? (
        <EmptyState message={T.noImports} />
      ) : (
        <TableBox>
          <DataTable $dense>
            <caption hidden>{T.historyTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{T.kind}</th>
                <th scope="col">{T.file}</th>
                <th scope="col">{T.who}</th>
                <th scope="col">{T.when}</th>
                <th scope="col">{T.state}</th>
                <th scope="col">{T.counts}</th>
                <th scope="col">{T.actions}</th>
              </tr>
            </thead>
            <tbody>
              {batches.map((batch) => (
                <tr key={batch.id} data-batch={batch.id}>
                  <td>{T.kinds[batch.kind] ?? batch.kind}</td>
                  <td>{batch.fileName}</td>
                  <td>{batch.createdBy?.name ?? T.unknownUser}</td>
                  <td>{formatWhen(batch.createdAt)}</td>
                  <td data-state="">{T.states[batch.state] ?? batch.state}</td>
                  <td>{batch.summary ? T.countsText(batch.summary) : '—'}</td>
                  <td>
                    {UNDOABLE.includes(batch.state) && (
                      <Button variant="secondary" aria-label={T.undoOf(batch.fileName)} disabled={busy} onClick={() => setUndoing({ step: 'ask', batch })}>
                        {T.undo}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableBox>
      )}
      {undoing?.step === 'blocked' && (
          <BlockedUndo
            batch={undoing.batch}
            blockers={undoing.blockers}
            busy={busy}
            onRest={() => void undo(undoing.batch, true)}
            onCancel={() => setUndoing(null)}
          />
      )}
      <ConfirmDialog
        open={undoing?.step === 'ask'}
        title={T.undoTitle}
        confirmLabel={T.undoConfirm}
        busy={busy}
        onConfirm={() => undoing && void undo(undoing.batch, false)}
        onCancel={() => setUndoing(null)}
      >
        <p>{undoing ? T.undoBody(undoing.batch.fileName) : ''}</p>
      </ConfirmDialog>
    </div>
  );
}
