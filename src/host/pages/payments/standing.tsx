import styled from 'styled-components';
import { Link } from 'wouter';
import { space, token } from '../../../widgets/kit/index.js';
import { formatMoney } from '../../../widgets/shared/money.js';
import { useHost, useValue } from '../../context.js';
import { pathOf, type RouteDef } from '../../routes.js';
import { useStatement } from './queries.js';
import { PAYMENTS_TEXTS as T } from './texts.js';
import type { AccountStanding as Standing } from '../../../core/index.js';

const TONES = {
  em_dia: 'color: #05603a; background: #ecfdf3;',
  em_atraso: `color: ${token('color-danger')}; background: ${token('color-danger-surface')};`,
  isento: `color: ${token('color-text')}; background: ${token('color-surface')};`,
} as const;

const Badge = styled.span<{ $kind: Standing['kind'] }>`
  display: inline-block;
  padding: ${space(0.25)} ${space(1)};
  font-weight: 600;
  border-radius: 999px;
  ${({ $kind }) => TONES[$kind]}
`;

/** 'Em dia', 'Em atraso (2 anos, 48,00 €)' or 'Isento'. */
function standingText(standing: Standing): string {
  if (standing.kind === 'em_atraso') return T.standingLabel.em_atraso(standing.yearsOwed, formatMoney(standing.openTotal));
  return T.standingLabel[standing.kind];
}

export function StandingBadge({ standing }: { standing: Standing }) {
  return (
    <Badge $kind={standing.kind} data-standing={standing.kind}>
      {standingText(standing)}
    </Badge>
  );
}

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

/** A member's standing above their record in the back office, with a link to their statement. */
export function MemberStanding({ memberId, routes }: { memberId: string | undefined; routes: readonly RouteDef[] }) {
  const { core } = useHost();
  // A server without the dues module has no statements to ask for.
  const dues = Boolean(useValue(core.explainer.resources)['unsettled_payments']);
  const view = useStatement(core, dues ? memberId : null);
  if (!memberId || view.status === 'notFound' || view.status === 'idle') return null;
  return (
    <Line data-member-standing={memberId}>
      <strong>{T.memberStanding}</strong>
      {view.status === 'failed' ? <span role="alert">{T.standingFailed}</span> : view.data ? <StandingBadge standing={view.data.standing} /> : <span>…</span>}
      <Link href={pathOf(routes, 'unpaidByMember', { memberId })}>{T.statementLink}</Link>
    </Line>
  );
}
