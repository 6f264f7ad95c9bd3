// Quotas › Extrato bancário: upload a statement CSV, review each line's proposed match (change
// it, reject it), confirm, and see the payments and receipts the import created. The server
// decides every match (preview with the reviewer's decisions); the screen only shows and asks.
import { Fragment, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { Button, Label, Loading, space, token } from '../../../widgets/kit/index.js';
import { TableBox } from '../../../widgets/feature-kit/data-table.js';
import { Notice } from '../../../widgets/feature-kit/layout.js';
import { formatDay } from '../../../widgets/payment-debts/ledger.js';
import { formatMoney } from '../../../widgets/shared/money.js';
import { useHost, useValue } from '../../context.js';
import { pathOf } from '../../routes.js';
import { Buttons } from './layout.js';
import { confirmStatement, failureText, previewStatement, uploadStatement, type Confirmed, type Decision, type Review } from './reconciliation-api.js';
import { MatchCell, ReviewLines, ReviewTable } from './reconciliation-lines.js';
import { RECONCILIATION_TEXTS as T } from './reconciliation-texts.js';

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

type Phase = { kind: 'upload' } | { kind: 'review'; review: Review } | { kind: 'done'; review: Review; confirmed: Confirmed };

export function ReconciliationPanel({ singular }: { singular: string }) {
  const { core, routes: routesSignal } = useHost();
  const routes = useValue(routesSignal);
  const hasTreasury = useValue(core.settings.hasTreasury);
  const [phase, setPhase] = useState<Phase>({ kind: 'upload' });
  const [decisions, setDecisions] = useState<Decision[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const inputId = useId();
  const hintId = useId();
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const table = useRef<HTMLDivElement>(null);

  const focusLater = (target: { current: HTMLElement | null }) => requestAnimationFrame(() => target.current?.focus());

  async function read(file: File) {
    setBusy(true);
    setError(null);
    try {
      const id = await uploadStatement(core, file);
      const review = await previewStatement(core, id, []);
      setDecisions([]);
      setEditing(null);
      setPhase({ kind: 'review', review });
      focusLater(reviewHeading);
    } catch (e) {
      setError(failureText(e, T.readFailed));
      setInputKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
  }

  /** The server's preview under the new decisions; on refusal the old ones stay. */
  async function decide(next: Decision[], line: number) {
    if (phase.kind !== 'review') return;
    setBusy(true);
    setError(null);
    try {
      const review = await previewStatement(core, phase.review.file, next);
      setDecisions(next);
      setEditing(null);
      setPhase({ kind: 'review', review });
      // Back to the line's own actions, as after closing any dialog.
      requestAnimationFrame(() => table.current?.querySelector<HTMLButtonElement>(`tr[data-line="${line}"] button`)?.focus());
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
      setPhase({ kind: 'done', review: phase.review, confirmed });
      focusLater(doneHeading);
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
                    {hasTreasury && <th scope="col">{T.receipt}</th>}
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
                      <td>
                        <Link href={pathOf(routes, 'paymentsEdit', { id: line.payment! })}>{T.seePayment}</Link>
                      </td>
                      {hasTreasury && (
                        <td data-receipt>{line.receipt ? <Link href={pathOf(routes, 'treasuryDocsEdit', { id: line.receipt._id })}>{line.receipt.number}</Link> : T.noReceipt}</td>
                      )}
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
              const line = editing;
              setEditing(null);
              requestAnimationFrame(() => table.current?.querySelector<HTMLButtonElement>(`tr[data-line="${line}"] button`)?.focus());
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
