// Choosing by hand whom a statement line pays: a member (found by name or number) and which of
// their open debts, the line's amount spread over them in due order (the rest is credit).
import { useState } from 'react';
import styled from 'styled-components';
import type { Member, ReconciliationDecision, ReconciliationLine, UnsettledPayment } from '../../../core/index.js';
import { Button, ErrorState, Loading, space, token, useQuery } from '../../kit/index.js';
import { MemberPicker } from '../../feature-kit/member-picker.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatDay } from '../../shared/format.js';
import { LEDGER_RESOURCES } from '../../../core/modules/payments.js';
import { formatMoney } from '../../shared/money.js';
import { Buttons } from '../layout.js';
import { RECONCILIATION_TEXTS as T } from './texts.js';

type Debt = Pick<UnsettledPayment, '_id' | 'description' | 'due_date' | 'status' | 'open_amount'>;

const Box = styled.div`
  display: grid;
  gap: ${space(1.5)};
  padding: ${space(2)};
  background: ${token('color-surface')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  p {
    margin: 0;
  }
`;

const Debts = styled.fieldset`
  margin: 0;
  padding: ${space(1)} ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  background: ${token('color-background')};
  legend {
    font-weight: 600;
  }
  label {
    display: flex;
    gap: ${space(1)};
    align-items: center;
    min-height: 2.2rem;
    cursor: pointer;
  }
  span[data-amount] {
    margin-left: auto;
    font-variant-numeric: tabular-nums;
  }
`;

/** The oldest debts until they cover the amount: what the line most likely pays. */
function oldestCovering(debts: readonly Debt[], amount: number): Set<number> {
  const chosen = new Set<number>();
  let sum = 0;
  for (const debt of debts) {
    if (sum >= amount) break;
    chosen.add(debt._id);
    sum += Number(debt.open_amount);
  }
  return chosen;
}

export function MatchEditor({ line, singular, onApply, onCancel }: { line: ReconciliationLine; singular: string; onApply(decision: ReconciliationDecision): void; onCancel(): void }) {
  const core = useCore();
  const [member, setMember] = useState<Member | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<number> | null>(null);
  const debtsView = useQuery<Debt[]>(
    core.queries,
    member ? { path: 'unsettled_payments', params: { _page: 1, _limit: -1, _member: member._id, _sort: 'due_date' }, resources: [...LEDGER_RESOURCES] } : null,
  );
  const debts = (Array.isArray(debtsView.data) ? debtsView.data : []).filter((debt) => debt.status === 'open' || debt.status === 'partial');
  const chosen = picked ?? oldestCovering(debts, line.amount);
  const total = debts.filter((debt) => chosen.has(debt._id)).reduce((sum, debt) => sum + Number(debt.open_amount), 0);

  function toggle(id: number, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setPicked(next);
  }

  let debtsPart = null;
  if (member && debtsView.status === 'failed') debtsPart = <ErrorState message={T.debtsFailed} onRetry={debtsView.refresh} />;
  else if (member && debtsView.status !== 'loaded') debtsPart = <Loading />;
  else if (member && debts.length === 0) debtsPart = <p>{T.noOpenDebts}</p>;
  else if (member)
    debtsPart = (
      <>
        <Debts>
          <legend>{T.openDebts}</legend>
          {debts.map((debt) => (
            <label key={debt._id}>
              <input type="checkbox" checked={chosen.has(debt._id)} onChange={(e) => toggle(debt._id, e.target.checked)} />
              <span>
                {debt.description} ({formatDay(debt.due_date)})
              </span>
              <span data-amount>{formatMoney(Number(debt.open_amount))}</span>
            </label>
          ))}
        </Debts>
        <p aria-live="polite" data-chosen-total>
          {T.chosenTotal(total, line.amount)}
        </p>
      </>
    );

  return (
    <Box data-match-editor={line.line}>
      <h3>{T.editorTitle(line.line, line.amount)}</h3>
      {member ? (
        <p data-chosen-member>{T.chosenMember(T.memberLabel(member.number, member.name))}</p>
      ) : (
        <MemberPicker
          singular={singular}
          onPick={(m) => {
            setMember(m);
            setPicked(null);
          }}
        />
      )}
      {debtsPart}
      <Buttons>
        <Button
          disabled={!member || debtsView.status !== 'loaded'}
          onClick={() => member && onApply({ line: line.line, member: member._id, debts: debts.filter((d) => chosen.has(d._id)).map((d) => d._id) })}
        >
          {T.apply}
        </Button>
        {member && (
          <Button variant="secondary" onClick={() => setMember(null)}>
            {T.otherMember}
          </Button>
        )}
        <Button variant="secondary" onClick={onCancel}>
          {T.cancel}
        </Button>
      </Buttons>
    </Box>
  );
}
