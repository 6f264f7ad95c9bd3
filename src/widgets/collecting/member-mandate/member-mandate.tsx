// A member's active direct-debit mandate above their record, or the way to create one. Nothing
// where the server has no direct debit (its explainer does not name the mandates).
import styled from 'styled-components';
import type { SepaMandate } from '../../../core/records.js';
import { space, token, useQuery } from '../../kit/index.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { useExplainerResource } from '../../shared/use-explainer.js';
import { MANDATES } from '../sepa.js';
import { COLLECTING_TEXTS as T } from '../texts.js';

const MandateLine = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)} ${space(2)};
  margin: 0 0 ${space(2)};
  padding: ${space(1.5)} ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  strong {
    color: ${token('color-text-muted')};
    font-weight: 600;
  }
`;

/** '…' groups of four, the way an IBAN is read out. */
const groupedIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

export interface MemberMandateProps {
  memberId?: string;
  /** A mandate's page, its ':id' filled in by the element: '/quotas/debitoDireto/mandatos/:id'. */
  mandatePath?: string;
  /** The new mandate's page. */
  newPath?: string;
}

export function MemberMandate({ memberId, mandatePath, newPath }: MemberMandateProps) {
  const core = useCore();
  const served = Boolean(useExplainerResource(core, MANDATES).entry);
  const view = useQuery<Pick<SepaMandate, '_id' | 'reference' | 'iban'>[]>(
    core.queries,
    served && memberId ? { path: MANDATES, params: { _page: 1, _limit: 1, _member: memberId, _state: 'active' }, resources: [MANDATES] } : null,
  );
  if (!served || !memberId || view.status !== 'loaded') return null;
  const mandate = Array.isArray(view.data) ? view.data[0] : undefined;
  return (
    <MandateLine data-member-mandate={memberId}>
      <strong>{T.directDebit}</strong>
      {mandate ? (
        <>
          <span>{T.mandateOf(mandate.reference, groupedIban(mandate.iban))}</span>
          {mandatePath && <NavLink path={pathWith(mandatePath, { id: mandate._id })}>{T.openMandate}</NavLink>}
        </>
      ) : (
        <>
          <span>{T.noMandate}</span>
          {newPath && <NavLink path={newPath}>{T.newMandate}</NavLink>}
        </>
      )}
    </MandateLine>
  );
}
