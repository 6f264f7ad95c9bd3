import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { isStaffRole } from '../../core/index.js';
import { Loading, space } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { ForbiddenPage, NotFoundPage } from '../pages/index.js';
import { RoutePage } from '../pages/route-page.js';
import { Replace } from '../routing/redirect.js';
import { documentTitle, existsFor, FALLBACK_TERMINOLOGY, landingPath, matchRoute, mayOpen, mayUse, NOT_FOUND_TITLE, pathOf, type RouteDef, type RouteName } from '../routes.js';
import { Banners } from './banners.js';
import { Breadcrumbs } from './breadcrumbs.js';
import { useRootFontSize } from './font-size.js';
import { Footer } from './footer.js';
import { PrintLetterhead } from './print-letterhead.js';
import { ListOnPageProvider } from './list-on-page.js';
import { DebugToast } from './debug-toast.js';
import { DebugOverlay, ServerLostOverlay } from './overlays.js';
import { RouteAnnouncer, useRouteFocus } from './route-focus.js';
import { SettingsTabs } from './settings-tabs.js';
import { SkipLink } from './skip-link.js';
import { Content, Frame, GlobalStyle } from './styles.js';
import { Toolbar } from './toolbar.js';
import { TopNav } from './top-nav.js';

const Chrome = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space(1)} ${space(2)};
  margin-bottom: ${space(2)};
  min-height: 2.25rem;
`;

type Outcome =
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; route: RouteDef; params: Record<string, string> }
  | { kind: 'loading'; route: RouteDef }
  | { kind: 'forbidden'; route: RouteDef }
  | { kind: 'notFound' };

/** What the address shows, by SPEC 2 and 6: redirects, login first, access lists, readiness. */
function useOutcome(location: string): Outcome {
  const host = useHost();
  const { core } = host;
  const routes = useValue(host.routes);
  const loggedIn = useValue(core.session.loggedIn);
  const role = useValue(host.role);
  const ready = useValue(core.ready);
  const explained = useValue(core.explainer.resources);
  const orgType = useValue(core.settings.orgType);

  const match = matchRoute(routes, location);
  if (!match) return { kind: 'notFound' };
  const { route, params } = match;
  const home = landingPath(routes, role);
  const login = pathOf(routes, 'login');
  // '/' goes home (or to the login); other redirects to their route, once logged in.
  if (route.redirect === 'login') return { kind: 'redirect', to: loggedIn ? home : login };
  if (route.redirect) return { kind: 'redirect', to: loggedIn ? pathOf(routes, route.redirect as RouteName) : login };
  // Someone logged in has no business on the login forms: their home instead.
  if (loggedIn && (route.name === 'login' || route.name === 'forgot')) return { kind: 'redirect', to: home };
  if (route.public) return { kind: 'page', route, params };
  if (!loggedIn) return { kind: 'redirect', to: login };
  if (!mayOpen(route, role)) return { kind: 'forbidden', route };
  // Settings and the explainer first: pages and menus depend on them.
  if (!ready) return { kind: 'loading', route };
  // A page of the other kind of organisation (reports in a cooperative) does not exist here (SPEC 2).
  if (!existsFor(route, orgType)) return { kind: 'notFound' };
  // Decided before the page mounts, so a page the server would refuse never asks it (no 403).
  if (!mayUse(route, params, explained)) return { kind: 'forbidden', route };
  return { kind: 'page', route, params };
}

function useTitle(outcome: Outcome): string | null {
  const host = useHost();
  const organisation = useValue(host.organisation);
  const title = outcome.kind === 'notFound' ? NOT_FOUND_TITLE : outcome.kind === 'redirect' ? null : outcome.route.title;
  useEffect(() => {
    if (title !== null) document.title = documentTitle(title, organisation);
  }, [title, organisation]);
  return title;
}

/** The whole page: banners, top navigation, breadcrumbs and toolbar, the route's page, footer, overlays. */
export function Shell() {
  const host = useHost();
  const { core } = host;
  const [location] = useLocation();
  const outcome = useOutcome(location);
  const routes = useValue(host.routes);
  const loggedIn = useValue(core.session.loggedIn);
  const role = useValue(host.role);
  const words = useValue(core.terminology.terminology) ?? FALLBACK_TERMINOLOGY;
  useRootFontSize();
  const title = useTitle(outcome);
  const main = useRef<HTMLElement>(null);
  const announcement = useRouteFocus(main, location, title);

  const bare = outcome.kind !== 'notFound' && outcome.kind !== 'redirect' && outcome.route.bare === true;
  const withNavigation = loggedIn && !bare;
  const home = landingPath(routes, role);

  let page: ReactNode;
  switch (outcome.kind) {
    case 'redirect':
      page = <Replace to={outcome.to} />;
      break;
    case 'notFound':
      page = <NotFoundPage home={loggedIn ? home : pathOf(routes, 'login')} />;
      break;
    case 'forbidden':
      page = <ForbiddenPage home={home} />;
      break;
    case 'loading':
      page = <Loading />;
      break;
    case 'page': {
      const { route, params } = outcome;
      page = <RoutePage route={route} params={params} routes={routes} words={words} />;
      if (route.settings && isStaffRole(role)) {
        page = (
          <>
            <SettingsTabs current={route.name} />
            {page}
          </>
        );
      }
      break;
    }
  }

  return (
    <ListOnPageProvider>
      <GlobalStyle />
      <Frame>
        <SkipLink target="main" />
        <Banners />
        {withNavigation && <TopNav current={location} />}
        <Content ref={main} id="main" tabIndex={-1} data-route={outcome.kind === 'page' || outcome.kind === 'loading' ? outcome.route.name : outcome.kind}>
          {loggedIn && <PrintLetterhead />}
          {withNavigation && (
            <Chrome data-no-print>
              <Breadcrumbs current={location} />
              <Toolbar />
            </Chrome>
          )}
          {page}
        </Content>
        <Footer />
      </Frame>
      <RouteAnnouncer text={announcement} />
      <ServerLostOverlay />
      <DebugOverlay />
      <DebugToast />
    </ListOnPageProvider>
  );
}
