import styled from 'styled-components';
import { Link } from 'wouter';
import { space, token } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { breadcrumbs } from '../routes.js';
import { SHELL_TEXTS } from './texts.js';

const List = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(0.5)};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.875rem;
  color: ${token('color-text-muted')};
  li + li::before {
    content: '/';
    margin-right: ${space(0.5)};
    color: ${token('color-border')};
  }
  a {
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`;

/** SPEC 2: built from the path's segments; a crumb links only where the user's role may go. */
export function Breadcrumbs({ current }: { current: string }) {
  const host = useHost();
  const routes = useValue(host.routes);
  const role = useValue(host.role);
  const crumbs = breadcrumbs(routes, current, role);
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={SHELL_TEXTS.breadcrumbs}>
      <List>
        {crumbs.map((crumb, i) => (
          <li key={crumb.path} aria-current={i === crumbs.length - 1 ? 'page' : undefined}>
            {crumb.href ? <Link href={crumb.href}>{crumb.label}</Link> : <span>{crumb.label}</span>}
          </li>
        ))}
      </List>
    </nav>
  );
}
