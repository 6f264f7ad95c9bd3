import styled from 'styled-components';
import { ErrorState, Loading, space, token } from '../../../widgets/kit/index.js';
import { formatMoney } from '../../../widgets/shared/money.js';
import { useHost } from '../../context.js';
import { pathOf } from '../../routes.js';
import { Panel, SecondaryRouteLink } from '../../shell/styles.js';
import { Heading } from '../parts.js';
import type { Page } from '../types.js';
import { MonthlyBars } from './bar-chart.js';
import { useOverview } from './queries.js';
import { PAYMENTS_TEXTS as T } from './texts.js';

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

const Links = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1.5)};
  margin-top: ${space(2)};
`;

/** The payments landing: what is owed, what came in this year, who is late, and the last twelve months. */
export const PaymentsLandingPage: Page = ({ route, routes, words }) => {
  const { core } = useHost();
  const overview = useOverview(core);
  let body;
  if (overview.status === 'failed' || overview.status === 'notFound') body = <ErrorState message={T.overviewFailed} onRetry={overview.refresh} />;
  else if (!overview.data) body = <Loading />;
  else {
    const o = overview.data;
    body = (
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
            <dt>{T.inArrears(words.memberPlural)}</dt>
            <dd>{o.membersInArrears}</dd>
          </Figure>
        </Figures>
        <Panel>
          <MonthlyBars months={o.receivedPerMonth} />
        </Panel>
      </>
    );
  }
  return (
    <>
      <Heading title={route.title} action={{ href: pathOf(routes, 'paymentsNew'), label: T.newPayment }} />
      {body}
      <Links aria-label={route.title}>
        <SecondaryRouteLink href={pathOf(routes, 'paymentsList')}>{T.paymentsLink}</SecondaryRouteLink>
        <SecondaryRouteLink href={pathOf(routes, 'unpaid')}>{T.debtsLink}</SecondaryRouteLink>
        {/* The collecting pages (issue 11). */}
        <SecondaryRouteLink href={pathOf(routes, 'paymentRequests')}>Pedidos de pagamento</SecondaryRouteLink>
        <SecondaryRouteLink href={pathOf(routes, 'reconciliation')}>Extrato bancário</SecondaryRouteLink>
        <SecondaryRouteLink href={pathOf(routes, 'directDebit')}>Débito direto</SecondaryRouteLink>
        <SecondaryRouteLink href={pathOf(routes, 'paymentReminders')}>Avisos de dívida</SecondaryRouteLink>
        <SecondaryRouteLink href={pathOf(routes, 'paymentsNotifyMultiple')}>{`Notificar ${words.memberPlural}`}</SecondaryRouteLink>
      </Links>
    </>
  );
};
