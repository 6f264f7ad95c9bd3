// A household's members: who they are, who pays, and (staff who may change members) adding a
// member found by name or number or taking one out. Belonging is the member's own field
// (members.household): adding and removing write that field, nothing else.
import { useState } from 'react';
import styled from 'styled-components';
import { isSilentFailure, RESOURCE, type Member } from '../../../core/index.js';
import { Button, EmptyState, ErrorState, Loading, space, token, useQuery, useRecord, useSignalValue } from '../../kit/index.js';
import { ConfirmDialog } from '../../feature-kit/confirm-dialog.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import { Notice } from '../../feature-kit/layout.js';
import { MemberPicker } from '../../feature-kit/member-picker.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { StandingBadge, useStatement } from '../../payments/index.js';
import { HOUSEHOLDS, householdMembersQuery, type Household, type HouseholdMember } from '../household.js';
import { HOUSEHOLD_TEXTS as T } from '../texts.js';

const Count = styled.p`
  margin: 0 0 ${space(1.5)};
  color: ${token('color-text-muted')};
`;

const Add = styled.div`
  margin-top: ${space(3)};
  h3 {
    margin: 0 0 ${space(1)};
    font-size: 1.05em;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)};
  margin-top: ${space(1)};
`;

export interface HouseholdMembersProps {
  householdId?: string;
  /** The member's page, its ':id' left in: each name links there. */
  memberPath?: string;
}

/** The member's standing (their own debts: a household's payment settles each member's), as their page shows it. */
function Standing({ memberId }: { memberId: number }) {
  const core = useCore();
  const view = useStatement(core, memberId);
  if (view.status === 'failed' || view.status === 'notFound') return <span>{T.standingUnknown}</span>;
  return view.data ? <StandingBadge standing={view.data.standing} /> : <span>…</span>;
}

type Outcome = { tone: 'success' | 'error'; text: string } | null;

export function HouseholdMembers({ householdId, memberPath }: HouseholdMembersProps) {
  const core = useCore();
  const singular = useSignalValue(core.terminology.terminology)?.memberSingular ?? 'Sócio';
  const household = useRecord<Household>(core.queries, HOUSEHOLDS, householdId || null).record;
  const view = useQuery<HouseholdMember[]>(core.queries, householdId ? householdMembersQuery(householdId) : null);
  // Read so the controls follow the explainer once it loads.
  const explained = useSignalValue(core.explainer.resources);
  // A server without the dues module has no standing to show.
  const dues = Boolean(explained['unsettled_payments']);
  const mayChange = core.explainer.may(RESOURCE.members, 'update');
  const [removing, setRemoving] = useState<HouseholdMember | null>(null);
  // A member of another household, picked: moving them is said before it is done.
  const [moving, setMoving] = useState<Member | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // A new search box after each pick: the next member is looked for from an empty search.
  const [search, setSearch] = useState(0);

  if (!householdId) return null;
  if (view.status === 'failed' || view.status === 'notFound') return <ErrorState message={T.membersFailed} onRetry={view.refresh} />;
  if (view.data === undefined) return <Loading />;
  const members = Array.isArray(view.data) ? view.data : [];
  const householdName = household?.name ?? '';

  /** Sets the member's household (null: out of any) and says what happened. */
  async function belong(member: Member, to: number | null, done: string) {
    setBusy(true);
    setOutcome(null);
    try {
      await core.queries.action(`members/${member._id}`, { household: to }, { method: 'PATCH', invalidates: [RESOURCE.members, HOUSEHOLDS, 'unsettled_payments'] });
      setOutcome({ tone: 'success', text: done });
    } catch (error) {
      if (!isSilentFailure(error)) setOutcome({ tone: 'error', text: describeFailure(error) });
    } finally {
      setBusy(false);
      setRemoving(null);
      setMoving(null);
    }
  }

  const pick = (member: Member) => {
    const current = (member as HouseholdMember).household ?? null;
    setOutcome(null);
    setSearch((n) => n + 1);
    if (current === Number(householdId)) setOutcome({ tone: 'success', text: T.alreadyHere(member.name) });
    else if (current !== null) setMoving(member);
    else void belong(member, Number(householdId), T.added(member.name));
  };

  return (
    <div data-household-members={householdId}>
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Notice>
      )}
      {members.length === 0 ? (
        <EmptyState message={T.membersNone} />
      ) : (
        <>
          <Count>{T.count(members.length)}</Count>
          <TableBox>
            <DataTable>
              <thead>
                <tr>
                  <th scope="col">{T.number}</th>
                  <th scope="col">{T.name}</th>
                  <th scope="col">{T.role}</th>
                  {dues && <th scope="col">{T.standing}</th>}
                  {mayChange && (
                    <th scope="col">
                      <span hidden>{T.removeShort}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {members.map((member) => (
                  <tr key={member._id} data-member={member._id}>
                    <td>{member.number}</td>
                    <td>{memberPath ? <NavLink path={pathWith(memberPath, { id: member._id })}>{member.name}</NavLink> : member.name}</td>
                    <td>{household?.payer_member === member._id ? T.payer : ''}</td>
                    {dues && (
                      <td>
                        <Standing memberId={member._id} />
                      </td>
                    )}
                    {mayChange && (
                      <td>
                        <Button variant="secondary" aria-label={T.remove(member.name)} disabled={busy} onClick={() => setRemoving(member)}>
                          {T.removeShort}
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </TableBox>
        </>
      )}
      {mayChange && (
        <Add>
          <h3>{T.addTitle(singular)}</h3>
          {moving ? (
            <div data-moving={moving._id}>
              <Notice tone="warning">
                <p>{T.movesFrom(moving.name)}</p>
              </Notice>
              <Row>
                <Button disabled={busy} onClick={() => void belong(moving, Number(householdId), T.added(moving.name))}>
                  {T.addButton(moving.name)}
                </Button>
                <Button variant="secondary" disabled={busy} onClick={() => setMoving(null)}>
                  {T.cancel}
                </Button>
              </Row>
            </div>
          ) : (
            <MemberPicker key={search} singular={singular} onPick={pick} />
          )}
        </Add>
      )}
      {mayChange && (
        <ConfirmDialog
          open={removing !== null}
          title={T.removeTitle}
          confirmLabel={T.removeConfirm}
          busy={busy}
          onConfirm={() => removing && void belong(removing, null, T.removed(removing.name))}
          onCancel={() => setRemoving(null)}
        >
          <p>{removing ? T.removeQuestion(removing.name, householdName) : ''}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
