import styled from 'styled-components';
import { space, token, useSignalValue } from '../../kit/index.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { useStatement } from '../queries.js';
import { StandingBadge } from '../standing-badge.js';
import { PAYMENTS_TEXTS as T } from '../texts.js';

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)} ${space(2)};
  margin: 0 0 ${space(2)};
  padding: ${space(1.5)} ${space(2)};
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  strong {
    color: ${token('color-text-muted')};
    font-weight: 600;
  }
`;

export interface MemberStandingProps {
  memberId?: string;
  /** The statement's route, its member parameter left in (`/quotas/dividas/:memberId`). */
  statementPath?: string;
}

/** A member's standing above their record in the back office, with a link to their statement. */
export function MemberStanding({ memberId, statementPath }: MemberStandingProps) {
  const core = useCore();
  // A server without the dues module has no statements to ask for.
  const dues = Boolean(useSignalValue(core.explainer.resources)['unsettled_payments']);
  const view = useStatement(core, dues ? memberId : null);
  if (!memberId || view.status === 'notFound' || view.status === 'idle') return null;
  return (
    <Line data-member-standing={memberId}>
      <strong>{T.memberStanding}</strong>
      {view.status === 'failed' ? <span role="alert">{T.standingFailed}</span> : view.data ? <StandingBadge standing={view.data.standing} /> : <span>…</span>}
      {statementPath && <NavLink path={pathWith(statementPath, { memberId, id: memberId })}>{T.statementLink}</NavLink>}
    </Line>
  );
}
