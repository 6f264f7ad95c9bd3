import styled from 'styled-components';
import { Link } from 'wouter';
import { focusRing, space, token } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { mayOpen, pathOf, routeNamed, type RouteName } from '../routes.js';

const SETTINGS: ReadonlyArray<[RouteName, (plural: string) => string]> = [
  ['userSettings', () => 'Utilizadores'],
  ['memberSettings', (plural) => plural],
  ['feeSettings', () => 'Quotas'],
  ['membershipCardSettings', () => 'Cartões'],
  ['memberApplicationSettings', () => 'Candidaturas'],
  ['messageSettings', () => 'Mensagens'],
  ['treasurySettings', () => 'Tesouraria'],
  ['developers', () => 'Programadores'],
  ['auditLog', () => 'Auditoria'],
  ['jobs', () => 'Tarefas'],
];

export const SETTINGS_ROUTES = new Set<RouteName>([...SETTINGS.map(([name]) => name), 'usersNew', 'apiSecretsNew', 'apiSecretsEdit', 'feeCategoriesNew', 'feeCategoriesEdit', 'feeSchedulesNew', 'feeSchedulesEdit']);

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

/** SPEC 2 settings submenu: users, members, cards, applications, messages, treasury, developers; and the audit trail and the background jobs (administrators). */
export function SettingsTabs({ current }: { current: RouteName }) {
  const host = useHost();
  const routes = useValue(host.routes);
  const words = useValue(host.core.terminology.terminology);
  const role = useValue(host.role);
  // Tabs a role may not open (the audit trail, for editors) are not offered.
  const tabs = SETTINGS.filter(([name]) => mayOpen(routeNamed(routes, name), role));
  return (
    <nav aria-label="Configurações">
      <Tabs>
        {tabs.map(([name, label]) => (
          <li key={name}>
            <Tab href={pathOf(routes, name)} aria-current={current === name ? 'page' : undefined}>
              {label(words?.memberPlural ?? 'Sócios')}
            </Tab>
          </li>
        ))}
      </Tabs>
    </nav>
  );
}
