import styled from 'styled-components';
import { ErrorState, Loading, space, token } from '../../kit/index.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatMoney } from '../../shared/money.js';
import { useOverview } from '../queries.js';
import { PAYMENTS_TEXTS as T } from '../texts.js';
import { useMemberWords } from '../words.js';
import { MonthlyBars } from './bar-chart.js';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
  gap: ${space(2)};
  margin: 0 0 ${space(2)};
`;

const Figure = styled.div`
  padding: ${space(2)} ${space(2.5)};
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  dt {
    color: ${token('color-text-muted')};
    font-size: 0.875rem;
  }
  dd {
    margin: ${space(0.5)} 0 0;
    font-size: 1.6rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

/** The chart in a frame of its own, as the host's panels draw one. */
const Chart = styled.div`
  padding: ${space(3)};
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

/**
 * The payments landing's figures: what is owed, what is not yet due, what came in this year, how
 * many members are late, and what came in each of the last twelve months.
 */
export function PaymentsOverview() {
  const core = useCore();
  const words = useMemberWords(core);
  const overview = useOverview(core);
  if (overview.status === 'failed' || overview.status === 'notFound') return <ErrorState message={T.overviewFailed} onRetry={overview.refresh} />;
  if (!overview.data) return <Loading />;
  const o = overview.data;
  return (
    <>
      <Figures aria-label={T.figures}>
        <Figure data-figure="owed">
          <dt>{T.owed}</dt>
          <dd>{formatMoney(o.owed)}</dd>
        </Figure>
        <Figure data-figure="upcoming">
          <dt>{T.upcoming}</dt>
          <dd>{formatMoney(o.upcoming)}</dd>
        </Figure>
        <Figure data-figure="received">
          <dt>{T.receivedThisYear}</dt>
          <dd>{formatMoney(o.receivedThisYear)}</dd>
        </Figure>
        <Figure data-figure="arrears">
          <dt>{T.inArrears(words.plural)}</dt>
          <dd>{o.membersInArrears}</dd>
        </Figure>
      </Figures>
      <Chart>
        <MonthlyBars months={o.receivedPerMonth} />
      </Chart>
    </>
  );
}
