import styled from 'styled-components';
import { space, token } from '../../kit/index.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { formatMoney } from '../../shared/money.js';
import { HOME_TEXTS as T } from '../texts.js';
import type { OverviewFigure } from '../../../core/index.js';

const integer = new Intl.NumberFormat('pt-PT');

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
  padding: ${space(2)} ${space(2.5)};
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  &[data-zero='false'] {
    border-left: 4px solid ${token('color-primary')};
  }
`;

const Count = styled.span`
  display: block;
  font-size: 1.8rem;
  font-weight: 700;
  line-height: 1.1;
  font-variant-numeric: tabular-nums;
`;

/** The figure as a link to its list: the number, then what it counts. */
const FigureLink = styled(NavLink)`
  display: block;
  text-decoration: none;
  color: ${token('color-text')};
  span + span {
    display: block;
    margin-top: ${space(0.5)};
    color: ${token('color-primary')};
    text-decoration: underline;
    text-underline-offset: 2px;
  }
`;

const Amount = styled.p`
  margin: 0;
  font-variant-numeric: tabular-nums;
  strong {
    white-space: nowrap;
  }
`;

const Aside = styled.p`
  margin: 0;
  color: ${token('color-text-muted')};
  font-size: 0.875rem;
`;

interface FigureCardProps {
  figure: OverviewFigure;
  /** The list page that shows the figure's rows. */
  path: string;
  /** Before following the link: the list is given the figure's filters. */
  onOpen(figure: OverviewFigure): void;
}

/** One figure of the overview: its count as a link to the filtered list, its money and its note. */
export function FigureCard({ figure, path, onOpen }: FigureCardProps) {
  const count = integer.format(figure.count);
  return (
    <Card data-figure={figure.key} data-zero={String(figure.count === 0)}>
      <FigureLink path={path} onClick={() => onOpen(figure)}>
        <Count data-count>{figure.exact ? count : T.about(count)}</Count>
        <span>{figure.label}</span>
      </FigureLink>
      {figure.amount && (
        <Amount data-amount>
          {figure.amount.label}: <strong>{formatMoney(figure.amount.cents)}</strong>
        </Amount>
      )}
      {figure.aside && <Aside>{figure.aside}</Aside>}
    </Card>
  );
}
