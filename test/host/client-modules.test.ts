// The client modules are the one place a domain's routes, pages, menu entries and settings tabs
// are written: every name they give another route must be a route, and every route must show
// something (a declared page, a redirect, or one of the few pages the host draws itself).
import { describe, expect, it } from 'vitest';
import { routeTable, type PageContext, type PagePart } from '../../src/core/client-module.js';
import { TERMINOLOGY_DEFAULTS, type Terminology } from '../../src/core/index.js';
import { PAGES } from '../../src/host/pages/index.js';
import { buildRoutes, FALLBACK_TERMINOLOGY, matchRoute, pathOf, type RouteName } from '../../src/host/routes.js';
import { CLIENT_MODULES } from '../../src/widgets/modules.js';

const TERMINOLOGIES: Terminology[] = [FALLBACK_TERMINOLOGY, { ...TERMINOLOGY_DEFAULTS.cooperative, name: 'Cooperativa' }];

/** Every route name a part names. */
function partRoutes(part: PagePart): string[] {
  if ('list' in part) return part.edit ? [part.edit] : [];
  if ('form' in part) return [part.edit, part.back].filter((name): name is string => name !== undefined);
  if ('link' in part) return [part.link];
  return [];
}

describe('client modules', () => {
  it.each(TERMINOLOGIES.map((words) => [words.memberPlural, words] as const))('name only routes that exist (%s)', (_label, words) => {
    const routes = buildRoutes(words);
    const names = new Set(routes.map((route) => route.name as string));
    const named: string[] = [];
    for (const route of routes) {
      if (route.redirect && route.redirect !== 'login') named.push(route.redirect);
      if (route.page?.action) named.push(route.page.action.route);
      for (const part of route.page?.parts ?? []) named.push(...partRoutes(part));
    }
    for (const module of CLIENT_MODULES) {
      for (const entry of module.menu ?? []) named.push(...[entry.route, ...(entry.items ?? []).map((item) => item.route)].filter((name): name is string => name !== undefined));
      for (const tab of module.settings ?? []) named.push(tab.route);
    }
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((name) => !names.has(name))).toEqual([]);
  });

  it('give every route something to show: its page, a redirect or a page the host draws', () => {
    const routes = buildRoutes(FALLBACK_TERMINOLOGY);
    const blank = routes.filter((route) => !route.page && !route.redirect && !PAGES[route.name]).map((route) => route.name);
    expect(blank).toEqual([]);
    // Nor both: a declared page the host would silently ignore.
    expect(routes.filter((route) => route.page && PAGES[route.name]).map((route) => route.name)).toEqual([]);
  });

  it('refuse two routes of one name', () => {
    const twice = [...CLIENT_MODULES, CLIENT_MODULES.find((module) => module.name === 'members')!];
    expect(() => routeTable(twice, FALLBACK_TERMINOLOGY)).toThrow(/Two routes are named membersList/);
  });

  it('match the most specific pattern whatever the modules\' order', () => {
    const routes = buildRoutes({ ...FALLBACK_TERMINOLOGY, membershipPaymentsURL: 'pagamentos' });
    const reversed = [...routes].reverse();
    for (const table of [routes, reversed]) {
      expect(matchRoute(table, '/pagamentos/avisos')?.route.name).toBe('paymentReminders');
      expect(matchRoute(table, '/pagamentos/pagamentos/novo')?.route.name).toBe('paymentsNew');
      expect(matchRoute(table, '/pagamentos/77')?.route.name).toBe('paymentsEdit');
      expect(matchRoute(table, '/socios/novo')?.route.name).toBe('membersNew');
      expect(matchRoute(table, '/socios/12')?.route.name).toBe('membersEdit');
    }
  });

  it('fill an element\'s attributes from the address\'s parameters', () => {
    const routes = buildRoutes(FALLBACK_TERMINOLOGY);
    const match = matchRoute(routes, '/v/ABC123')!;
    const part = match.route.page!.parts[0]!;
    const page: PageContext = {
      params: match.params,
      words: FALLBACK_TERMINOLOGY,
      role: null,
      userId: null,
      setting: () => undefined,
      path: (name, values) => pathOf(routes, name as RouteName, values),
      pattern: (name) => pathOf(routes, name as RouteName),
      title: (name) => name,
    };
    const attrs = 'element' in part ? part.attrs : undefined;
    expect(typeof attrs === 'function' ? attrs(page) : attrs).toEqual({ code: 'ABC123' });
  });
});
