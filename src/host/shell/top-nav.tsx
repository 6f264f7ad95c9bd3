import styled from 'styled-components';
import { Link } from 'wouter';
import { isStaffRole } from '../../core/index.js';
import { focusRing, PHONE, space, token, visuallyHidden } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { landingPath, pathOf } from '../routes.js';
import { CompactMenu } from './compact-menu.js';
import { Dropdown } from './dropdown.js';
import { MainMenu, NavLink } from './main-menu.js';
import { COMPACT_NAV } from './styles.js';
import { SHELL_TEXTS } from './texts.js';

const Bar = styled.header`
  color: ${token('color-primary-contrast')};
  background: ${token('color-primary')};
  box-shadow: 0 1px 0 rgba(0, 0, 0, 0.08);
`;

const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(1.5)};
  /* The whole width, not the page's 80rem column: at 1366 px the whole name and every entry share one line. */
  margin: 0 auto;
  padding: ${space(1)} ${space(3)};
  @media ${COMPACT_NAV} {
    flex-wrap: wrap;
    gap: ${space(1)};
  }
  @media ${PHONE} {
    padding: ${space(1)} ${space(1.5)};
  }
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  margin-right: ${space(1)};
  color: inherit;
  font-weight: 700;
  font-size: 1.05rem;
  text-decoration: none;
  white-space: nowrap;
  flex: none;
  border-radius: ${token('radius')};
  ${focusRing}
`;

// The name is never cut: a long one folds onto a second line, leaving the bar's one line to the
// menus at 1366 px. On a phone the mark alone stands for the organisation; screen readers still
// hear its name.
const BrandName = styled.span`
  display: block;
  max-width: 13rem;
  white-space: normal;
  line-height: 1.2;
  @media ${PHONE} {
    ${visuallyHidden}
  }
`;

const Mark = styled.span`
  display: inline-grid;
  place-items: center;
  width: 1.9rem;
  height: 1.9rem;
  border-radius: 7px;
  color: ${token('color-primary')};
  background: ${token('color-primary-contrast')};
  font-weight: 800;
`;

const Right = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(0.5)};
  margin-left: auto;
`;

// The user's name shortens on a phone; the button's accessible name keeps it whole.
const UserName = styled.span`
  @media ${PHONE} {
    max-width: 7rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

function GearIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-1.82-.33 1.65 1.65 0 0 0-1 1.51V21a2 2 0 1 1-4 0v-.09A1.65 1.65 0 0 0 9 19.4a1.65 1.65 0 0 0-1.82.33l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06a1.65 1.65 0 0 0 .33-1.82 1.65 1.65 0 0 0-1.51-1H3a2 2 0 1 1 0-4h.09A1.65 1.65 0 0 0 4.6 9a1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06a1.65 1.65 0 0 0 1.82.33H9a1.65 1.65 0 0 0 1-1.51V3a2 2 0 1 1 4 0v.09a1.65 1.65 0 0 0 1 1.51 1.65 1.65 0 0 0 1.82-.33l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06a1.65 1.65 0 0 0-.33 1.82V9a1.65 1.65 0 0 0 1.51 1H21a2 2 0 1 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1z" />
    </svg>
  );
}

/** SPEC 2 top navigation: brand, main menu (staff), settings icon and the user menu. */
export function TopNav({ current }: { current: string }) {
  const host = useHost();
  const routes = useValue(host.routes);
  const role = useValue(host.role);
  const claims = useValue(host.core.session.claims);
  const organisation = useValue(host.organisation);
  const staff = isStaffRole(role);
  const ownUser = claims ? pathOf(routes, 'usersEdit', { id: claims.ID }) : null;
  const settingsPath = staff ? pathOf(routes, 'userSettings') : ownUser;

  return (
    <Bar>
      <Inner>
        <Brand href={landingPath(routes, role)}>
          <Mark aria-hidden="true">A</Mark>
          <BrandName>{organisation ?? 'Associa'}</BrandName>
        </Brand>
        {staff && (
          <CompactMenu location={current}>
            <MainMenu current={current} />
          </CompactMenu>
        )}
        <Right>
          {settingsPath && (
            <NavLink href={settingsPath} aria-label={SHELL_TEXTS.settings} title={SHELL_TEXTS.settings} data-menu="settings">
              <GearIcon />
            </NavLink>
          )}
          {claims && (
            <div data-menu="user">
              <Dropdown label={<UserName>{claims.Name}</UserName>} ariaLabel={SHELL_TEXTS.userMenu(claims.Name)} align="right">
                {ownUser && (
                  <li>
                    <Link href={ownUser}>{SHELL_TEXTS.editProfile}</Link>
                  </li>
                )}
                <li>
                  <Link href={pathOf(routes, 'logout')}>{SHELL_TEXTS.logout}</Link>
                </li>
              </Dropdown>
            </div>
          )}
        </Right>
      </Inner>
    </Bar>
  );
}
