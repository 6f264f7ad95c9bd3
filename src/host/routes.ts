// The route table of SPEC section 2, as data: every client module's routes (src/widgets/modules.ts),
// built from the organisation's terminology, so member and payment paths follow its words (accents included).
import { isStaffRole, TERMINOLOGY_DEFAULTS, type ExplainerResource, type OrgType, type Terminology, mayIn } from '../core/index.js';
import { routeTable, type ClientModule, type RouteDef as ModuleRouteDef, type RouteNameOf } from '../core/client-module.js';
import { CLIENT_MODULES } from '../widgets/modules.js';
import { matchPath } from './routing/paths.js';

/** Every route's name, as the client modules declare them. */
export type RouteName = RouteNameOf<typeof CLIENT_MODULES>;
export type RouteDef = ModuleRouteDef<RouteName>;

/** Until terminology loads (or when it cannot): an association's words. */
export const FALLBACK_TERMINOLOGY: Terminology = TERMINOLOGY_DEFAULTS.association;

const TITLE_SEPARATOR = ' | ';

/**
 * Every route of every client module, in module order (matching does not depend on it: see
 * matchRoute). Other modules than the application's (a test's own domain) bring names of their own.
 */
export function buildRoutes(t: Terminology, modules: readonly ClientModule[] = CLIENT_MODULES): RouteDef[] {
  return routeTable(modules, t) as RouteDef[];
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** How specific a pattern's segment is: a literal beats a parameter, which beats an optional one. */
function segmentRank(segment: string | undefined): number {
  if (segment === undefined) return -1;
  if (!segment.startsWith(':')) return 2;
  return segment.endsWith('?') ? 0 : 1;
}

/** Whether pattern `a` is more specific than `b`: segment by segment, the first difference decides. */
function moreSpecific(a: string, b: string): boolean {
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; i < Math.max(as.length, bs.length); i += 1) {
    const difference = segmentRank(as[i]) - segmentRank(bs[i]);
    if (difference !== 0) return difference > 0;
  }
  return false;
}

/**
 * The route matching a decoded pathname, strictly (trailing slash and case matter). Where two
 * match ('/pagamentos/novo' and '/pagamentos/:id'), the more specific pattern wins, so modules
 * need not be listed in any order.
 */
export function matchRoute(routes: readonly RouteDef[], pathname: string): RouteMatch | null {
  let best: RouteMatch | null = null;
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params && (!best || moreSpecific(route.path, best.route.path))) best = { route, params };
  }
  return best;
}

/** Whether a user with `role` may open the route (SPEC 6; breadcrumbs use it too). */
export function mayOpen(route: RouteDef, role: string | null): boolean {
  if (!route.access) return true;
  return route.access.some((allowed) => allowed === role);
}

/** Whether the route exists for this kind of organisation (unknown until the settings load: not yet). */
export function existsFor(route: RouteDef, orgType: OrgType | null): boolean {
  return route.orgType === undefined || route.orgType === orgType;
}

/** Whether the server lets the caller do what the page does (its `needs`), on the record the address names. */
export function mayUse(route: RouteDef, params: Record<string, string>, explained: Record<string, ExplainerResource>): boolean {
  const needs = route.needs;
  if (!needs) return true;
  return mayIn(explained[needs.resource], needs.operation, needs.param === undefined ? undefined : params[needs.param]);
}

/** Where a user lands after login (and on '/' when logged in): staff on the member list, members on memberHome. */
export function landingPath(routes: readonly RouteDef[], role: string | null): string {
  return pathOf(routes, isStaffRole(role) ? 'membersList' : 'memberHome');
}

/** The route of a name: every name has one. */
export function routeNamed(routes: readonly RouteDef[], name: RouteName): RouteDef {
  const route = routes.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route named ${name}`);
  return route;
}

/** A route's own pattern, its ':id' left for an element to fill in (a list's `edit-path`). */
export const patternOf = (routes: readonly RouteDef[], name: RouteName): string => routeNamed(routes, name).path;

/** The literal path of a parameterless route, or with parameters filled in. */
export function pathOf(routes: readonly RouteDef[], name: RouteName, params: Record<string, string | number> = {}): string {
  return patternOf(routes, name)
    .replace(/\/:([A-Za-z_][A-Za-z0-9_]*)\?/g, (_, key: string) => (params[key] === undefined ? '' : `/${encodeURIComponent(String(params[key]))}`))
    .replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, key: string) => {
      if (params[key] === undefined) throw new Error(`Route ${name} needs ${key}`);
      return encodeURIComponent(String(params[key]));
    });
}

export const NOT_FOUND_TITLE = 'Página não encontrada';

/** SPEC 2: the route title followed by the organisation name. */
export function documentTitle(title: string, organisation: string | null | undefined): string {
  return organisation ? `${title}${TITLE_SEPARATOR}${organisation}` : title;
}

export interface Crumb {
  label: string;
  /** Decoded path the crumb stands for. */
  path: string;
  /** Null when the crumb is plain text: the current page, or a route the user may not open. */
  href: string | null;
}

/**
 * Breadcrumbs from the path's segments: each prefix that is a route becomes a crumb with
 * that route's title, a link only where the user's role may open it (SPEC 2 and 6);
 * prefixes that are no route are left out. The last crumb is the current page.
 */
export function breadcrumbs(routes: readonly RouteDef[], pathname: string, role: string | null): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  for (let i = 1; i <= segments.length; i += 1) {
    const path = '/' + segments.slice(0, i).join('/');
    const found = matchRoute(routes, path);
    if (!found || found.route.redirect) continue;
    const current = i === segments.length;
    crumbs.push({ label: found.route.title, path, href: !current && mayOpen(found.route, role) ? path : null });
  }
  return crumbs;
}
