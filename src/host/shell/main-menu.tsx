import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { menuOf, type MenuEntry } from '../../core/client-module.js';
import { changedTopic } from '../../core/index.js';
import { focusRing, space, token } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { existsFor, FALLBACK_TERMINOLOGY, pathOf, routeNamed, type RouteName } from '../routes.js';
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
  padding: ${space(1)} ${space(0.75)};
  white-space: nowrap;
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


/** A count beside an entry's label, asked when the entry shows and again whenever its resource changes. */
function EntryBadge({ badge }: { badge: NonNullable<MenuEntry['badge']> }) {
  const { core } = useHost();
  const served = useValue(core.explainer.resources);
  const onServer = badge.resource in served;
  const [count, setCount] = useState(0);
  useEffect(() => {
    // A server without the resource has nothing to count: asking would be a 404.
    if (!onServer) return;
    let live = true;
    const load = () =>
      badge.count(core.http).then(
        (n) => live && setCount(n),
        () => live && setCount(0),
      );
    void load();
    const unsubscribe = core.realtime.subscribe(changedTopic(badge.resource), () => void load());
    return () => {
      live = false;
      unsubscribe();
    };
  }, [badge, core, onServer]);
  if (!onServer || count === 0) return null;
  return <Badge aria-label={badge.label(count)}>{count}</Badge>;
}

/**
 * SPEC 2 main menu, for admin and editor, from the client modules' entries: applications (when
 * enabled, with the pending badge), members, membership payments (Pagamentos, Dívidas, Extrato
 * bancário), cards (Criar, Verificar), treasury (when enabled), reports (associations only), messages.
 */
export function MainMenu({ current }: { current: string }) {
  const host = useHost();
  const { settings, terminology } = host.core;
  const routes = useValue(host.routes);
  const entries = useMemo(() => menuOf(host.modules), [host.modules]);
  // Read for its changes: a module's switch shows or hides its entries at once.
  useValue(settings.items);
  const orgType = useValue(settings.orgType);
  const words = useValue(terminology.terminology) ?? FALLBACK_TERMINOLOGY;
  const to = (name: string) => pathOf(routes, name as RouteName);
  // The page itself, or a page inside its section (a member's edit page under the member list).
  const here = (name: string) => {
    const path = to(name);
    if (current === path) return 'page' as const;
    return current.startsWith(`${path}/`) ? ('location' as const) : undefined;
  };
  const shown = entries.filter(
    (entry) =>
      (!entry.enabledBy || settings.get(entry.enabledBy) === 'true') &&
      // A page of the other kind of organisation (reports in a cooperative) is off the menu.
      [entry.route, ...(entry.items ?? []).map((item) => item.route)].every((name) => name === undefined || existsFor(routeNamed(routes, name as RouteName), orgType)),
  );

  return (
    <nav aria-label={SHELL_TEXTS.mainMenu}>
      <List>
        {shown.map((entry) => {
          const label = typeof entry.label === 'function' ? entry.label(words) : entry.label;
          if (entry.items) {
            return (
              <li key={entry.key} data-menu={entry.key}>
                <Dropdown label={label}>
                  {entry.items.map((item) => (
                    <li key={item.route}>
                      <Link href={to(item.route)}>{item.label}</Link>
                    </li>
                  ))}
                </Dropdown>
              </li>
            );
          }
          return (
            <li key={entry.key}>
              <NavLink href={to(entry.route!)} aria-current={here(entry.route!)} data-menu={entry.key}>
                {label}
                {entry.badge && <EntryBadge badge={entry.badge} />}
              </NavLink>
            </li>
          );
        })}
      </List>
    </nav>
  );
}
