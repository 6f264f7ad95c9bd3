import styled from 'styled-components';
import type { AccountStanding as Standing } from '../../core/index.js';
import { space, token } from '../kit/index.js';
import { formatMoney } from '../shared/money.js';
import { PAYMENTS_TEXTS as T } from './texts.js';

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
