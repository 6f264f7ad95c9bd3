import type { MenuEntry, RouteSpec, SettingsTab } from '../../core/client-module.js';

/** The consent register's pages (issue 34, part 4). */
// `as const`: the route names stay literal, so the host's RouteName knows them.
export const CONSENT_ROUTES = [] as const satisfies readonly RouteSpec[];
export const CONSENT_MENU: readonly MenuEntry[] = [];
export const CONSENT_SETTINGS_TABS: readonly SettingsTab[] = [];
