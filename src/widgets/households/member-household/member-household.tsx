// On a member's page: the household they belong to, as a link to it, and who pays for it.
import { useEffect } from 'react';
import styled from 'styled-components';
import { RESOURCE } from '../../../core/index.js';
import { space, token, useRecord, useSignalValue } from '../../kit/index.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { referenceCache } from '../../shared/reference-cache.js';
import { HOUSEHOLDS, type Household, type HouseholdMember } from '../household.js';
import { HOUSEHOLD_TEXTS as T } from '../texts.js';

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(0.5)} ${space(1)};
  margin: 0 0 ${space(2)};
  color: ${token('color-text-muted')};
  strong {
    color: ${token('color-text')};
  }
`;

export interface MemberHouseholdProps {
  memberId?: string;
  /** The household's page, its ':id' left in. */
  householdPath?: string;
}

export function MemberHousehold({ memberId, householdPath }: MemberHouseholdProps) {
  const core = useCore();
  // The page's other parts read the same member record: one request.
  const member = useRecord<HouseholdMember>(core.queries, RESOURCE.members, memberId || null).record;
  const householdId = member?.household ?? null;
  const household = useRecord<Household>(core.queries, HOUSEHOLDS, householdId).record;
  const cache = referenceCache(core);
  const labels = useSignalValue(cache.labels).members ?? {};
  const payerMember = household?.payer_member ?? null;
  const isPayer = payerMember !== null && payerMember === member?._id;
  useEffect(() => {
    if (payerMember !== null && !isPayer) cache.ensure(RESOURCE.members, [payerMember]).catch(() => undefined);
  }, [cache, payerMember, isPayer]);
  if (!member || householdId === null || !household) return null;

  let payer: string | null = null;
  if (isPayer) payer = T.isPayer;
  else if (payerMember !== null) payer = labels[String(payerMember)] ? T.payerIs(labels[String(payerMember)]!) : null;
  else if (household.payer_name) payer = T.payerIs(household.payer_name);
  return (
    <Line data-member-household={household._id}>
      <strong>{T.memberOf}:</strong>
      {householdPath ? <NavLink path={pathWith(householdPath, { id: household._id })}>{household.name}</NavLink> : <span>{household.name}</span>}
      {payer && <span>({payer})</span>}
    </Line>
  );
}
