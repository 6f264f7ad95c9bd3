import styled from 'styled-components';
import { Link } from 'wouter';
import { focusRing, space, token } from '../../widgets/kit/index.js';
import { settingsTabsOf } from '../../core/client-module.js';
import { useHost, useValue } from '../context.js';
import { FALLBACK_TERMINOLOGY, mayOpen, pathOf, routeNamed, type RouteName } from '../routes.js';


const Tabs = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(0.5)};
  margin: 0 0 ${space(2)};
  padding: 0;
  list-style: none;
  border-bottom: 1px solid ${token('color-border')};
`;

const Tab = styled(Link)`
  display: block;
  padding: ${space(1)} ${space(1.5)};
  margin-bottom: -1px;
  color: ${token('color-text-muted')};
  text-decoration: none;
  font-weight: 550;
  border-bottom: 3px solid transparent;
  &:hover {
    color: ${token('color-text')};
  }
  &[aria-current='page'] {
    color: ${token('color-primary')};
    border-bottom-color: ${token('color-primary')};
  }
  ${focusRing}
`;

/** SPEC 2 settings submenu, from the client modules' tabs: users, members, fees, cards, applications, messages, treasury, developers; and the audit trail and the background jobs (administrators). */
export function SettingsTabs({ current }: { current: RouteName }) {
  const host = useHost();
  const routes = useValue(host.routes);
  const words = useValue(host.core.terminology.terminology) ?? FALLBACK_TERMINOLOGY;
  const role = useValue(host.role);
  // Tabs a role may not open (the audit trail, for editors) are not offered.
  const tabs = settingsTabsOf(host.modules).filter((tab) => mayOpen(routeNamed(routes, tab.route as RouteName), role));
  return (
    <nav aria-label="Configurações">
      <Tabs>
        {tabs.map((tab) => (
          <li key={tab.route}>
            <Tab href={pathOf(routes, tab.route as RouteName)} aria-current={current === tab.route ? 'page' : undefined}>
              {typeof tab.label === 'function' ? tab.label(words) : tab.label}
            </Tab>
          </li>
        ))}
      </Tabs>
    </nav>
  );
}
