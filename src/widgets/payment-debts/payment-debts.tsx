import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { isStaffRole } from '../../core/index.js';
import { Button, EmptyState, ErrorState, Loading, useElementEvents, useSignalValue } from '../kit/index.js';
import { Notice } from '../feature-kit/layout.js';
import { LoginNotice } from '../feature-kit/login-notice.js';
import { useCore } from '../feature-kit/use-core.js';
import { formatMoney } from '../shared/money.js';
import { DebtsTable } from './debts-table.js';
import { openDebts, totalOpen } from './ledger.js';
import { OwnPayment } from './own-payment.js';
import { RecordForm } from './record-form.js';
import { DebtsHeader, keepOpen, toggled } from './debts-choice.js';
import { PAYMENT_DEBTS_TEXTS as T } from './texts.js';
import type { RecordedPayment } from './types.js';
import { useMemberDebts } from './use-member-debts.js';

export interface PaymentDebtsProps {
  /** The member whose debts are shown; absent, the logged-in member's own. */
  memberId?: string;
}

const Title = styled.h3`
  margin: 0;
  font-size: 1.15em;
`;

/**
 * A member's open debts with their due dates and amounts, a selection and its total; staff
 * record a payment for the selected debts here. A member sees only their own (the server's scope).
 */
export function PaymentDebts({ memberId }: PaymentDebtsProps) {
  const core = useCore();
  const dispatch = useElementEvents();
  const claims = useSignalValue(core.session.claims);
  const terminology = useSignalValue(core.terminology.terminology);
  const singular = terminology?.memberSingular ?? T.defaultSingular;
  const staff = isStaffRole(claims?.Role);
  const { load, retry } = useMemberDebts(core, memberId, claims?.ID, staff);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [recording, setRecording] = useState(false);
  const [done, setDone] = useState<RecordedPayment | null>(null);
  // The member's own payment: the debts chosen when *Pagar* was pressed (the table may settle them meanwhile).
  const [paying, setPaying] = useState<{ debts: number[]; amount: number } | null>(null);
  const [payHint, setPayHint] = useState(false);

  const rows = load.state === 'loaded' ? load.debts : null;
  const debts = useMemo(() => (rows ? openDebts(rows) : []), [rows]);
  useEffect(() => setSelected((current) => keepOpen(current, debts)), [debts]);
  // Another member: nothing chosen for the last one carries over.
  useEffect(() => {
    setSelected(new Set());
    setRecording(false);
    setDone(null);
    setPaying(null);
  }, [memberId]);

  if (!claims) return <LoginNotice />;
  if (load.state === 'noMember') return <EmptyState message={T.noMember(singular)} />;
  if (load.state === 'notLinked') return <EmptyState message={T.notLinked(singular)} />;
  if (load.state === 'notFound') return <ErrorState message={T.notFound(singular)} />;
  if (load.state === 'failed') return <ErrorState message={T.loadFailed} onRetry={retry} />;
  if (load.state === 'loading') return <Loading />;

  const toggle = (id: number, on: boolean) => setSelected((current) => toggled(current, id, on));
  const toggleAll = (on: boolean) => setSelected(on ? new Set(debts.map((debt) => debt._id)) : new Set());
  const chosen = debts.filter((debt) => selected.has(debt._id));

  const recorded = (answer: RecordedPayment) => {
    setDone(answer);
    setRecording(false);
    setSelected(new Set());
    dispatch('associa-payment-recorded', answer.payment);
  };

  return (
    <section aria-labelledby="debts-title" data-member={load.memberId}>
      <DebtsHeader>
        <Title id="debts-title">{T.title}</Title>
        {!staff && !paying && debts.length > 0 && (
          <Button
            onClick={() => {
              if (chosen.length === 0) {
                setPayHint(true);
                return;
              }
              setPayHint(false);
              setPaying({ debts: chosen.map((debt) => debt._id), amount: totalOpen(debts, selected) });
            }}
          >
            {T.payButton}
          </Button>
        )}
        {staff && !recording && (
          <Button
            onClick={() => {
              setDone(null);
              setRecording(true);
            }}
          >
            {T.record}
          </Button>
        )}
      </DebtsHeader>
      {done && (
        <Notice tone="success">
          <p>{T.recorded(formatMoney(done.payment.amount ?? 0))}</p>
          {done.receipt && <p data-recorded-receipt>{T.receiptIssued(done.receipt.number)}</p>}
          {done.credit > 0 && <p>{T.credit(formatMoney(done.credit))}</p>}
        </Notice>
      )}
      {debts.length === 0 ? (
        <EmptyState message={T.empty} />
      ) : (
        <DebtsTable debts={debts} selected={selected} onToggle={toggle} onToggleAll={toggleAll} />
      )}
      {payHint && chosen.length === 0 && !paying && <Notice tone="info">{T.chooseToPay}</Notice>}
      {!staff && paying && <OwnPayment debts={paying.debts} amount={paying.amount} onClose={() => setPaying(null)} />}
      {staff && recording && (
        <RecordForm
          core={core}
          payer={{ member: Number(load.memberId) }}
          debtIds={chosen.map((debt) => debt._id)}
          selectedTotal={totalOpen(debts, selected)}
          onRecorded={recorded}
          onCancel={() => setRecording(false)}
        />
      )}
    </section>
  );
}
