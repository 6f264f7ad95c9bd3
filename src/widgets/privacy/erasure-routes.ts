import type { MenuEntry, RouteSpec, SettingsTab } from '../../core/client-module.js';

/** Erasure, retention and the data-subject requests' pages (issue 34, part 5). */
// `as const`: the route names stay literal, so the host's RouteName knows them.
export const ERASURE_ROUTES = [] as const satisfies readonly RouteSpec[];
export const ERASURE_MENU: readonly MenuEntry[] = [];
export const ERASURE_SETTINGS_TABS: readonly SettingsTab[] = [];
