// Quotas › Extrato bancário: upload a statement CSV, review each line's proposed match (change
// it, reject it), confirm, and see the payments and receipts the import created. The server
// decides every match (preview with the reviewer's decisions); the screen only shows and asks.
import { Fragment, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { ReconciliationConfirmed, ReconciliationDecision, ReconciliationReview } from '../../../core/index.js';
import { Button, Label, Loading, space, token, useFocusAfterRender, useSignalValue } from '../../kit/index.js';
import { TableBox } from '../../feature-kit/data-table.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatDay } from '../../shared/format.js';
import { formatMoney } from '../../shared/money.js';
import { Buttons } from '../layout.js';
import { confirmStatement, failureText, previewStatement, uploadStatement } from './api.js';
import { MatchCell, ReviewLines, ReviewTable } from './lines.js';
import { RECONCILIATION_TEXTS as T } from './texts.js';

const Intro = styled.div`
  display: grid;
  gap: ${space(1)};
  max-width: 48rem;
  margin: 0 0 ${space(2)};
  p {
    margin: 0;
  }
  p + p {
    color: ${token('color-text-muted')};
    font-size: 0.9rem;
  }
`;

const Part = styled.section`
  & + & {
    margin-top: ${space(2)};
  }
  h2 {
    margin: 0 0 ${space(1)};
    font-size: 1.15rem;
  }
  h2:focus {
    outline: none;
  }
`;

const Summary = styled.p`
  margin: 0 0 ${space(2)};
`;

const Legend = styled.dl`
  display: grid;
  grid-template-columns: max-content auto;
  gap: ${space(0.5)} ${space(2)};
  margin: ${space(2)} 0;
  font-size: 0.9rem;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    color: ${token('color-text-muted')};
  }
`;

/** A receipt's number, a link to its document where the page says where that is. */
function ReceiptNumber({ receipt, path }: { receipt: { _id: number; number: string }; path: string | undefined }) {
  return path ? <NavLink path={pathWith(path, { id: receipt._id })}>{receipt.number}</NavLink> : <>{receipt.number}</>;
}

type Phase = { kind: 'upload' } | { kind: 'review'; review: ReconciliationReview } | { kind: 'done'; review: ReconciliationReview; confirmed: ReconciliationConfirmed };

export interface ReconciliationProps {
  /** The members' word in the singular ('Sócio'), for the member search. */
  singular?: string;
  /** A payment's page, its ':id' filled in by the element: '/pagamentos/:id'. */
  paymentPath?: string;
  /** A treasury document's page ('/tesoouraria/:id'): a receipt's number links there. */
  receiptPath?: string;
}

export function Reconciliation({ singular = 'Sócio', paymentPath, receiptPath }: ReconciliationProps) {
  const core = useCore();
  // Receipts are a treasury matter: their column shows where the treasury is on (or the import issued some).
  const hasTreasury = useSignalValue(core.settings.hasTreasury);
  const [phase, setPhase] = useState<Phase>({ kind: 'upload' });
  const [decisions, setDecisions] = useState<ReconciliationDecision[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const inputId = useId();
  const hintId = useId();
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const table = useRef<HTMLDivElement>(null);

  const focusAfterRender = useFocusAfterRender();
  const focusLine = (line: number | null) => focusAfterRender(() => table.current?.querySelector<HTMLButtonElement>(`tr[data-line="${line}"] button`));

  async function read(file: File) {
    setBusy(true);
    setError(null);
    try {
      const id = await uploadStatement(core, file);
      const review = await previewStatement(core, id, []);
      focusAfterRender(() => reviewHeading.current);
      setDecisions([]);
      setEditing(null);
      setPhase({ kind: 'review', review });
    } catch (e) {
      setError(failureText(e, T.readFailed));
      setInputKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
  }

  /** The server's preview under the new decisions; on refusal the old ones stay. */
  async function decide(next: ReconciliationDecision[], line: number) {
    if (phase.kind !== 'review') return;
    setBusy(true);
    setError(null);
    try {
      const review = await previewStatement(core, phase.review.file, next);
      // Back to the line's own actions, as after closing any dialog.
      focusLine(line);
      setDecisions(next);
      setEditing(null);
      setPhase({ kind: 'review', review });
    } catch (e) {
      setError(failureText(e, T.readFailed));
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (phase.kind !== 'review') return;
    setBusy(true);
    setError(null);
    try {
      const confirmed = await confirmStatement(core, phase.review.file, decisions);
      focusAfterRender(() => doneHeading.current);
      setPhase({ kind: 'done', review: phase.review, confirmed });
    } catch (e) {
      setError(failureText(e, T.confirmFailed));
    } finally {
      setBusy(false);
    }
  }

  function restart() {
    setPhase({ kind: 'upload' });
    setDecisions([]);
    setEditing(null);
    setError(null);
    setInputKey((k) => k + 1);
  }

  const problem = error && (
    <Notice tone="error">
      <p>{error}</p>
    </Notice>
  );

  if (phase.kind === 'upload')
    return (
      <div data-reconciliation="upload">
        <Intro>
          <p>{T.intro}</p>
          <p id={hintId}>{T.formats}</p>
        </Intro>
        <Label htmlFor={inputId}>{T.fileLabel}</Label>
        <div>
          <input
            key={inputKey}
            id={inputId}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            aria-describedby={hintId}
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void read(file);
            }}
          />
        </div>
        {busy && <p role="status">{T.reading}</p>}
        {problem}
      </div>
    );

  const { review } = phase;
  if (phase.kind === 'done') {
    const { confirmed } = phase;
    const members = new Map(confirmed.members.map((m) => [m._id, m]));
    const debts = new Map(confirmed.debts.map((d) => [d._id, d]));
    const recorded = confirmed.results.filter((line) => line.payment);
    const receipts = hasTreasury || confirmed.receipts.length > 0;
    return (
      <div data-reconciliation="done">
        <Part aria-labelledby={`${inputId}-done`}>
          <h2 id={`${inputId}-done`} ref={doneHeading} tabIndex={-1}>
            {T.created}
          </h2>
          <Notice tone="success">
            <p>{recorded.length > 0 ? T.done(recorded.length, confirmed.import.recorded_amount) : T.noneRecorded}</p>
            {confirmed.import.unmatched > 0 && <p>{T.notRecorded(confirmed.import.unmatched)}</p>}
          </Notice>
          {recorded.length > 0 && (
            <TableBox>
              <ReviewTable $dense data-created>
                <caption hidden>{T.created}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.line}</th>
                    <th scope="col">{T.date}</th>
                    <th scope="col">{T.member}</th>
                    <th scope="col" data-amount>
                      {T.amount}
                    </th>
                    <th scope="col">{T.payment}</th>
                    {receipts && <th scope="col">{T.receipt}</th>}
                  </tr>
                </thead>
                <tbody>
                  {recorded.map((line) => (
                    <tr key={line.line} data-line={line.line}>
                      <td>{line.line}</td>
                      <td>{formatDay(line.date)}</td>
                      <td>
                        <MatchCell line={line} members={members} debts={debts} />
                      </td>
                      <td data-amount>{formatMoney(line.amount)}</td>
                      <td>{paymentPath ? <NavLink path={pathWith(paymentPath, { id: line.payment! })}>{T.seePayment}</NavLink> : `#${line.payment}`}</td>
                      {receipts && <td data-receipt>{line.receipt ? <ReceiptNumber receipt={line.receipt} path={receiptPath} /> : T.noReceipt}</td>}
                    </tr>
                  ))}
                </tbody>
              </ReviewTable>
            </TableBox>
          )}
        </Part>
        <Part>
          <Buttons>
            <Button onClick={restart}>{T.another}</Button>
          </Buttons>
        </Part>
      </div>
    );
  }

  const locked = busy || review.imported !== null;
  return (
    <div data-reconciliation="review">
      <Part aria-labelledby={`${inputId}-review`}>
        <h2 id={`${inputId}-review`} ref={reviewHeading} tabIndex={-1}>
          {`${T.review}: ${review.file_name}`}
        </h2>
        <Summary data-summary>
          {`${T.sources[review.source] ?? review.source}. `}
          {T.summary(review.lines, review.matched, review.matchedAmount, review.unmatched)}
        </Summary>
        {review.imported && (
          <Notice tone="warning">
            <p>{T.importedBefore(formatDay(review.imported.created_at.slice(0, 10)), review.imported.file_name, review.imported._id)}</p>
          </Notice>
        )}
        {problem}
        <div ref={table}>
          <ReviewLines
            review={review}
            decisions={decisions}
            editing={editing}
            locked={locked}
            singular={singular}
            onEdit={(line) => {
              setError(null);
              setEditing(line);
            }}
            onDecide={(decision) => void decide([...decisions.filter((d) => d.line !== decision.line), decision], decision.line)}
            onUndo={(line) => void decide(decisions.filter((d) => d.line !== line), line)}
            onCancelEdit={() => {
              focusLine(editing);
              setEditing(null);
            }}
          />
        </div>
        <Legend>
          {(['reference', 'member', 'manual'] as const).map((kind) => (
            <Fragment key={kind}>
              <dt>{T.confidence[kind]}</dt>
              <dd>{T.confidenceHint[kind]}</dd>
            </Fragment>
          ))}
        </Legend>
        {busy && <Loading />}
        <Buttons>
          <Button disabled={locked || review.matched === 0 || editing !== null} onClick={() => void confirm()} data-action="confirm">
            {review.imported ? T.alreadyImported : review.matched === 0 ? T.nothingToConfirm : T.confirm(review.matched)}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={restart}>
            {T.another}
          </Button>
        </Buttons>
      </Part>
    </div>
  );
}
