// The review table: each statement line with what it pays (member, debts, credit) or why it pays
// nothing, how sure the match is, and the reviewer's actions (change, reject, undo).
import { Fragment } from 'react';
import styled from 'styled-components';
import type { ReconciliationDebt, ReconciliationDecision, ReconciliationLine, ReconciliationMember, ReconciliationReview } from '../../../core/index.js';
import { Button, space, token } from '../../kit/index.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import { formatDay } from '../../shared/format.js';
import { formatMoney } from '../../shared/money.js';
import { MatchEditor } from './editor.js';
import { RECONCILIATION_TEXTS as T } from './texts.js';

/** Lines that pay nothing whatever the reviewer says (the server refuses a decision on them). */
const SETTLED = ['not_received', 'duplicate_line', 'already_recorded'];

type Tone = 'good' | 'sure' | 'hand' | 'attention' | 'quiet';

const TONES: Record<Tone, string> = {
  good: 'color: #05603a; background: #ecfdf3;',
  sure: `color: ${token('color-primary')}; background: #eaf1fb;`,
  hand: `color: ${token('color-warning-text')}; background: ${token('color-warning-surface')};`,
  attention: `color: ${token('color-danger')}; background: ${token('color-danger-surface')};`,
  quiet: `color: ${token('color-text-muted')}; background: ${token('color-surface')};`,
};

const Badge = styled.span<{ $tone: Tone }>`
  display: inline-block;
  padding: ${space(0.25)} ${space(1)};
  font-size: 0.875rem;
  font-weight: 600;
  white-space: nowrap;
  border-radius: 999px;
  ${({ $tone }) => TONES[$tone]}
`;

/** How sure the match is (or why there is none), above it. */
const State = styled.div`
  margin-bottom: ${space(0.5)};
`;

export const ReviewTable = styled(DataTable)`
  & [data-amount] {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  & tr[data-settled] td {
    color: ${token('color-text-muted')};
  }
  & ul {
    margin: ${space(0.5)} 0 0;
    padding-left: ${space(2.5)};
  }
  & small {
    display: block;
    color: ${token('color-text-muted')};
  }
  & td[data-actions] > div {
    display: flex;
    gap: ${space(0.75)};
  }
  /* Only as wide as its buttons: the match gets the room. */
  & td[data-actions] {
    width: 1%;
  }
  & td[data-actions] button,
  & small[data-reference] {
    white-space: nowrap;
  }
  & td[data-match] {
    min-width: 16rem;
  }
  & td[data-editor] {
    background: ${token('color-background')};
  }
`;

/** '999000123' as '999 000 123', the way the ATM and the bank show it. */
const grouped = (reference: string) => (/^\d+$/.test(reference) ? reference.replace(/(\d{3})(?=\d)/g, '$1 ') : reference);

function stateOf(line: ReconciliationLine): { tone: Tone; label: string } {
  if (line.confidence) return { tone: line.confidence === 'reference' ? 'good' : line.confidence === 'member' ? 'sure' : 'hand', label: T.confidence[line.confidence] ?? line.confidence };
  const label = T.reasons[line.reason ?? ''] ?? line.reason ?? '';
  return { tone: line.reason && (SETTLED.includes(line.reason) || line.reason.startsWith('rejected')) ? 'quiet' : 'attention', label };
}

function Movement({ line }: { line: ReconciliationLine }) {
  return (
    <>
      {line.description && <span>{line.description}</span>}
      {line.reference && <small data-reference>{T.referenceMb(line.entity, grouped(line.reference))}</small>}
      {line.transactionId && <small>{T.transaction(line.transactionId)}</small>}
    </>
  );
}

export function MatchCell({ line, members, debts }: { line: ReconciliationLine; members: ReadonlyMap<number, ReconciliationMember>; debts: ReadonlyMap<number, ReconciliationDebt> }) {
  if (!line.match) return <span data-reason={line.reason ?? ''}>{line.message}</span>;
  const member = members.get(line.match.member);
  return (
    <>
      <strong data-member={line.match.member}>{member ? T.memberLabel(member.number, member.name) : T.unknownMember(line.match.member)}</strong>
      <ul>
        {line.match.debts.map((share) => {
          const debt = debts.get(share.debt);
          return (
            <li key={share.debt}>
              {debt ? `${debt.description} (${formatDay(debt.due_date)})` : `#${share.debt}`}: {formatMoney(share.amount)}
            </li>
          );
        })}
        {line.credit > 0 && <li>{T.creditLeft(line.credit)}</li>}
      </ul>
    </>
  );
}

interface LinesProps {
  review: ReconciliationReview;
  decisions: readonly ReconciliationDecision[];
  editing: number | null;
  locked: boolean;
  singular: string;
  onEdit(line: number): void;
  onDecide(decision: ReconciliationDecision): void;
  onUndo(line: number): void;
  onCancelEdit(): void;
}

export function ReviewLines({ review, decisions, editing, locked, singular, onEdit, onDecide, onUndo, onCancelEdit }: LinesProps) {
  const members = new Map(review.members.map((m) => [m._id, m]));
  const debts = new Map(review.debts.map((d) => [d._id, d]));
  const decided = new Map(decisions.map((d) => [d.line, d]));
  return (
    <TableBox>
      <ReviewTable $dense data-review-lines>
        <caption hidden>{T.review}</caption>
        <thead>
          <tr>
            <th scope="col">{T.line}</th>
            <th scope="col">{T.date}</th>
            <th scope="col">{T.movement}</th>
            <th scope="col" data-amount>
              {T.amount}
            </th>
            <th scope="col">{T.match}</th>
            <th scope="col">{T.actions}</th>
          </tr>
        </thead>
        <tbody>
          {review.results.map((line) => {
            const state = stateOf(line);
            const settled = line.reason !== null && SETTLED.includes(line.reason);
            const decision = decided.get(line.line);
            const action = (label: string, run: () => void, variant: 'primary' | 'secondary' = 'secondary') => (
              <Button variant={variant} disabled={locked} aria-label={T.actionOn(label, line.line)} onClick={run}>
                {label}
              </Button>
            );
            return (
              <Fragment key={line.line}>
                <tr data-line={line.line} data-settled={settled ? '' : undefined}>
                  <td>{line.line}</td>
                  <td>{formatDay(line.date)}</td>
                  <td>
                    <Movement line={line} />
                  </td>
                  <td data-amount>{formatMoney(line.amount)}</td>
                  <td data-match>
                    <State>
                      <Badge $tone={state.tone} data-state={line.confidence ?? line.reason ?? ''}>
                        {state.label}
                      </Badge>
                    </State>
                    <MatchCell line={line} members={members} debts={debts} />
                  </td>
                  <td data-actions>
                    {!settled && editing !== line.line && (
                      <div>
                        {line.match ? action(T.change, () => onEdit(line.line)) : action(T.choose, () => onEdit(line.line))}
                        {line.match && !decision && action(T.reject, () => onDecide({ line: line.line, reject: true }))}
                        {decision && action(T.undo, () => onUndo(line.line))}
                      </div>
                    )}
                  </td>
                </tr>
                {editing === line.line && (
                  <tr>
                    <td colSpan={6} data-editor>
                      <MatchEditor line={line} singular={singular} onApply={onDecide} onCancel={onCancelEdit} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </ReviewTable>
    </TableBox>
  );
}
