// What a household owes: the open debts of its members and those charged to it, each naming the
// member it belongs to, and one payment by its payer for the chosen ones. The table and the form
// are the single payment's own (payment-debts), here with the household as the payer.
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { isStaffRole, type UnsettledPayment } from '../../../core/index.js';
import { Button, EmptyState, ErrorState, Loading, useElementEvents, useQuery, useRecord, useSignalValue } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { DebtsHeader, DebtsTable, keepOpen, openDebts, RecordForm, toggled, totalOpen, type RecordedPayment } from '../../payment-debts/index.js';
import { referenceCache } from '../../shared/reference-cache.js';
import { formatMoney } from '../../shared/money.js';
import { HOUSEHOLDS, householdDebtsQuery, householdMembersQuery, payerText, type Household, type HouseholdMember } from '../household.js';
import { HOUSEHOLD_TEXTS as T } from '../texts.js';

const Header = styled(DebtsHeader)`
  p {
    margin: 0;
  }
`;

export interface HouseholdDebtsProps {
  householdId?: string;
  /** A payment's page, its ':id' left in: the recorded payment links there. */
  paymentPath?: string;
}

/**
 * The member's name beside the debt's own words, so every row (and its box's accessible name)
 * says whose it is; a debt charged to the household already lists its members in its description.
 */
function describeFor(debt: UnsettledPayment, member: { name: string; label: string } | undefined): UnsettledPayment {
  const own = debt.description?.trim() ?? '';
  if (!member || own.includes(member.name)) return debt;
  return { ...debt, description: T.ofMember(own || String(debt.year ?? ''), member.label) };
}

export function HouseholdDebts({ householdId, paymentPath }: HouseholdDebtsProps) {
  const core = useCore();
  const dispatch = useElementEvents();
  const household = useRecord<Household>(core.queries, HOUSEHOLDS, householdId || null);
  const members = useQuery<HouseholdMember[]>(core.queries, householdId ? householdMembersQuery(householdId) : null);
  const view = useQuery<UnsettledPayment[]>(core.queries, householdId ? householdDebtsQuery(householdId) : null);
  // Staff record payments (POST payments/record is an action of theirs, not a create of the resource).
  const mayRecord = isStaffRole(useSignalValue(core.session.claims)?.Role);
  const cache = referenceCache(core);
  const labels = useSignalValue(cache.labels).members ?? {};
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [recording, setRecording] = useState(false);
  const [done, setDone] = useState<RecordedPayment | null>(null);

  const rows = Array.isArray(view.data) ? view.data : null;
  const people = Array.isArray(members.data) ? members.data : [];
  const open = useMemo(() => (rows ? openDebts(rows) : []), [rows]);
  // A debt of someone no longer in the household (charged to it before they left) is named all the same.
  const strangers = (members.data === undefined ? [] : open)
    .map((debt) => debt.member)
    .filter((id): id is number => id !== null && !people.some((member) => member._id === id))
    .join(',');
  useEffect(() => {
    if (strangers) cache.ensure('members', strangers.split(',').map(Number)).catch(() => undefined);
  }, [cache, strangers]);
  useEffect(() => setSelected((current) => keepOpen(current, open)), [open]);

  if (!householdId) return null;
  if (view.status === 'failed' || view.status === 'notFound') return <ErrorState message={T.debtsFailed} onRetry={view.refresh} />;
  if (!rows || members.data === undefined) return <Loading />;

  const nameOf = (id: number | null): { name: string; label: string } | undefined => {
    if (id === null) return undefined;
    const member = people.find((candidate) => candidate._id === id);
    if (member) return { name: member.name, label: T.memberLabel(member.name, member.number) };
    const known = labels[String(id)];
    return known ? { name: known, label: known } : undefined;
  };
  const debts = open.map((debt) => describeFor(debt, nameOf(debt.member)));
  const chosen = debts.filter((debt) => selected.has(debt._id));
  const payer = household.record ? payerText(household.record, people) : null;

  const toggle = (id: number, on: boolean) => setSelected((current) => toggled(current, id, on));
  const recorded = (answer: RecordedPayment) => {
    setDone(answer);
    setRecording(false);
    setSelected(new Set());
    dispatch('associa-payment-recorded', answer.payment);
  };

  return (
    <section aria-label={T.debtsTitle} data-household-debts={householdId}>
      <Header>
        <p data-payer>{payer ? T.paidBy(payer) : household.record ? T.noPayer : ''}</p>
        {mayRecord && payer && debts.length > 0 && !recording && (
          <Button
            onClick={() => {
              setDone(null);
              setRecording(true);
            }}
          >
            {T.recordButton}
          </Button>
        )}
      </Header>
      {done && (
        <Notice tone="success">
          <p>{T.recorded(formatMoney(done.payment.amount ?? 0))}</p>
          {done.receipt && <p data-recorded-receipt>{T.receiptIssued(done.receipt.number)}</p>}
          {paymentPath && (
            <p>
              <NavLink path={pathWith(paymentPath, { id: done.payment._id })}>{T.openPayment}</NavLink>
            </p>
          )}
        </Notice>
      )}
      {debts.length === 0 ? (
        <EmptyState message={T.debtsNone} />
      ) : (
        <DebtsTable debts={debts} selected={selected} onToggle={toggle} onToggleAll={(on) => setSelected(on ? new Set(debts.map((debt) => debt._id)) : new Set())} />
      )}
      {recording && (
        <RecordForm
          core={core}
          payer={{ household: Number(householdId) }}
          title={T.recordTitle}
          debtIds={chosen.map((debt) => debt._id)}
          selectedTotal={totalOpen(debts, selected)}
          onRecorded={recorded}
          onCancel={() => setRecording(false)}
        />
      )}
    </section>
  );
}
