import styled from 'styled-components';
import { space, token, VisuallyHidden } from '../../kit/index.js';
import { formatMoney } from '../../shared/money.js';
import { PAYMENTS_TEXTS as T } from '../texts.js';

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const MONTH_NAMES = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

const WIDTH = 600;
const HEIGHT = 180;
const AXIS = 22;
const GAP = 8;

const Svg = styled.svg`
  display: block;
  width: 100%;
  max-width: 48rem;
  height: auto;
  & rect {
    fill: ${token('color-primary')};
  }
  & text {
    fill: ${token('color-text-muted')};
    font-size: 12px;
  }
`;

const Figure = styled.figure`
  margin: 0;
`;

const Caption = styled.h2`
  margin: 0 0 ${space(1.5)};
  font-size: 1.05rem;
`;

const monthOf = (key: string) => Number(key.slice(5, 7)) - 1;
const monthName = (key: string) => `${MONTH_NAMES[monthOf(key)] ?? key} de ${key.slice(0, 4)}`;

/**
 * Received per month as bars. The SVG is one image named by its total; the table beside it,
 * for screen readers only, carries each month's figure.
 */
export function MonthlyBars({ months }: { months: readonly { month: string; amount: number }[] }) {
  const top = Math.max(1, ...months.map((m) => m.amount));
  const slot = WIDTH / Math.max(1, months.length);
  const total = months.reduce((sum, m) => sum + m.amount, 0);
  return (
    <Figure data-chart="per-month">
      <Caption>{T.perMonth}</Caption>
      <Svg viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} role="img" aria-label={T.chartLabel(formatMoney(total))}>
        {months.map((m, i) => {
          const height = Math.round((m.amount / top) * HEIGHT);
          return (
            <g key={m.month}>
              <rect x={i * slot + GAP / 2} y={HEIGHT - height} width={slot - GAP} height={height} rx={3}>
                <title>{`${monthName(m.month)}: ${formatMoney(m.amount)}`}</title>
              </rect>
              <text x={i * slot + slot / 2} y={HEIGHT + AXIS - 6} textAnchor="middle">
                {MONTHS[monthOf(m.month)] ?? m.month}
              </text>
            </g>
          );
        })}
      </Svg>
      <VisuallyHidden as="table">
        <caption>{T.perMonth}</caption>
        <thead>
          <tr>
            <th scope="col">{T.month}</th>
            <th scope="col">{T.amount}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthName(m.month)}</th>
              <td>{formatMoney(m.amount)}</td>
            </tr>
          ))}
        </tbody>
      </VisuallyHidden>
    </Figure>
  );
}
