import styled from 'styled-components';
import { Link } from 'wouter';
import { focusRing, space, token } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { existsFor, pathOf, routeNamed, type RouteName } from '../routes.js';
import { Dropdown } from './dropdown.js';
import { SHELL_TEXTS } from './texts.js';

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(0.5)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const NavLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  padding: ${space(1)} ${space(1.5)};
  color: inherit;
  text-decoration: none;
  font-weight: 550;
  border-radius: ${token('radius')};
  &:hover {
    background: rgba(255, 255, 255, 0.14);
  }
  &[aria-current='page'],
  &[aria-current='location'] {
    background: rgba(255, 255, 255, 0.22);
  }
  ${focusRing}
`;

const Badge = styled.span`
  min-width: 1.4em;
  padding: 0 0.4em;
  border-radius: 999px;
  font-size: 0.75rem;
  line-height: 1.4em;
  text-align: center;
  font-weight: 700;
  color: ${token('color-primary')};
  background: ${token('color-primary-contrast')};
`;

/**
 * SPEC 2 main menu, for admin and editor: applications (when enabled, with the pending
 * badge), members, membership payments (Pagamentos, Dívidas, Extrato bancário), cards (Criar, Verificar),
 * treasury (when enabled), reports (associations only), messages.
 */
export function MainMenu({ current }: { current: string }) {
  const host = useHost();
  const { settings, terminology } = host.core;
  const routes = useValue(host.routes);
  const hasApplications = useValue(settings.hasMemberApplication);
  const hasTreasury = useValue(settings.hasTreasury);
  const orgType = useValue(settings.orgType);
  const pending = useValue(host.pendingApplications);
  const words = useValue(terminology.terminology);
  const to = (name: RouteName) => pathOf(routes, name);
  // The page itself, or a page inside its section (a member's edit page under the member list).
  const here = (name: RouteName) => {
    const path = to(name);
    if (current === path) return 'page' as const;
    return current.startsWith(`${path}/`) ? ('location' as const) : undefined;
  };

  return (
    <nav aria-label={SHELL_TEXTS.mainMenu}>
      <List>
        {hasApplications && (
          <li>
            <NavLink href={to('memberApplicationsList')} aria-current={here('memberApplicationsList')} data-menu="applications">
              {SHELL_TEXTS.applications}
              {pending !== 0 && <Badge aria-label={SHELL_TEXTS.pendingApplications(pending)}>{pending}</Badge>}
            </NavLink>
          </li>
        )}
        <li>
          <NavLink href={to('membersList')} aria-current={here('membersList')} data-menu="members">
            {words?.memberPlural ?? routes.find((r) => r.name === 'membersList')?.title}
          </NavLink>
        </li>
        <li data-menu="payments">
          <Dropdown label={words?.membershipPayments ?? routes.find((r) => r.name === 'PaymentsC')?.title}>
            <li>
              <Link href={to('paymentsList')}>{SHELL_TEXTS.payments}</Link>
            </li>
            <li>
              <Link href={to('unpaid')}>{SHELL_TEXTS.debts}</Link>
            </li>
            <li>
              <Link href={to('reconciliation')}>{SHELL_TEXTS.bankStatement}</Link>
            </li>
          </Dropdown>
        </li>
        <li data-menu="cards">
          <Dropdown label={SHELL_TEXTS.cards}>
            <li>
              <Link href={to('membershipCardList')}>{SHELL_TEXTS.cardsCreate}</Link>
            </li>
            <li>
              <Link href={to('membershipCardVerifyMultiple')}>{SHELL_TEXTS.cardsVerify}</Link>
            </li>
          </Dropdown>
        </li>
        {hasTreasury && (
          <li>
            <NavLink href={to('treasuryDocList')} aria-current={here('treasuryDocList')} data-menu="treasury">
              {SHELL_TEXTS.treasury}
            </NavLink>
          </li>
        )}
        {existsFor(routeNamed(routes, 'reportOverview'), orgType) && (
          <li>
            <NavLink href={to('reportOverview')} aria-current={here('reportOverview')} data-menu="reports">
              {SHELL_TEXTS.reports}
            </NavLink>
          </li>
        )}
        <li>
          <NavLink href={to('messageList')} aria-current={here('messageList')} data-menu="messages">
            {SHELL_TEXTS.messages}
          </NavLink>
        </li>
      </List>
    </nav>
  );
}
