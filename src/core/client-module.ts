// What a domain declares on the client, once: its routes (with what each page places), its
// main-menu and settings-menu entries, and the setting that turns it on. The host builds its
// route table, menu, settings submenu and breadcrumbs from the list of client modules
// (src/widgets/modules.ts); a domain's folder (src/widgets/<domain>/module.ts) is the only
// place its routes are written. Plain data and functions: no React.
import type { OrgType, ResourceOperation, Role, Terminology } from './contract.js';
import type { Http } from './http.js';

/** A route parameter's values, by name, decoded. */
export type RouteParams = Record<string, string>;

/** What a page's attribute functions may read: the address's parameters and the route table. */
export interface PageContext {
  params: RouteParams;
  words: Terminology;
  /** The logged-in user's role and id (null when no one is). */
  role: string | null;
  userId: string | null;
  /** A setting's value as the settings store holds it. */
  setting(name: string): string | undefined;
  /** The literal path of a route, parameters filled in. */
  path(name: string, params?: Record<string, string | number>): string;
  /** A route's own pattern, its ':id' left for an element to fill in. */
  pattern(name: string): string;
  /** A route's title. */
  title(name: string): string;
}

/** Attributes of a placed element, kebab-case as the element documents them; undefined leaves one out. */
export type Attributes = Record<string, string | undefined>;
export type AttributesOf = Attributes | ((page: PageContext) => Attributes);

/** A tag of the kit. */
export type ElementTag = `associa-${string}`;

/** A link to another route, shown as the page's (or a list's) main action. */
export interface RouteAction {
  route: string;
  /** Absent: the route's title. */
  label?: string | ((words: Terminology) => string);
  /** Offered only to callers the server lets do this (its explainer). */
  when?: { resource: string; operation: ResourceOperation };
}

/**
 * What a list says while it has no records at all (no search or filter narrowing it): what to do
 * next, and the ways to do it ("Importar sócios", "Novo sócio"). Without it: "Sem resultados.".
 */
export interface ListEmptyState {
  message: string | ((words: Terminology) => string);
  /** Offered beside the message; a route this build lacks, or an action the caller may not take, is left out. */
  actions?: readonly RouteAction[];
}

/** One thing a page shows, top to bottom; `when` leaves it out for some callers or records. */
export type PagePart = (
  /**
   * The resource's list element; a row opens `edit` (a route with one parameter); `filters`, elements placed above it in its panel;
   * `sort`, the order it opens in (a sortable field, '-' first for descending: '-date' newest first) until the user sorts it
   * otherwise (absent: the API's default, `created_at` ascending); `empty`, what it says while there is nothing yet.
   */
  | { list: string; columns?: string; edit?: string; selectable?: boolean; sort?: string; attrs?: AttributesOf; filters?: readonly { element: ElementTag; attrs?: AttributesOf }[]; empty?: ListEmptyState }
  /** The resource's form element on the record the `param` names (none: a new record); a new record opens in `edit`, a deleted one goes to `back`. */
  | { form: string; param?: string; edit?: string; back?: string; attrs?: AttributesOf }
  /** Any element of the kit, in a panel of its own (none: `panel: false`), under an h2 when `section` names one; `print: false` leaves it off paper. */
  | { element: ElementTag; attrs?: AttributesOf; panel?: boolean; section?: string; print?: boolean }
  /** A link to another route (with this page's parameters), a hint beside it; `key` is its `data-link`. */
  | { link: string; label: string; hint?: string; key?: string }
  /** Ways to other routes, side by side (named by the page's title for screen readers). */
  | { links: readonly { route: string; label: string | ((words: Terminology) => string) }[] }
) & { when?: (page: PageContext) => boolean };

/** What a route's page shows: its heading (the route's title), an optional main action, and its parts. */
export interface PageSpec {
  /** The resource that tells whether the server offers this page's domain (its explainer names it). */
  served?: string;
  /** The page's main action ("Novo ..."), beside its heading. */
  action?: RouteAction;
  parts: readonly PagePart[];
  /** No heading (an element that brings its own, e.g. the member's home). */
  noHeading?: boolean;
  /**
   * The heading and document title are what an element of the page names with an
   * `associa-title` event (the member's name and number), the route's title until it does.
   */
  titleFromElement?: boolean;
  /** The resource of the list an element shows, for the toolbar's export and columns (a list part declares its own). */
  toolbarList?: string;
}

export interface RouteSpec<Name extends string = string> {
  name: Name;
  /** wouter-style pattern: ':id' a parameter, ':id?' an optional last one. Terminology as written. */
  path: string;
  /** pt-PT; the document title is this, the separator and the organisation name. */
  title: string;
  /** Roles that may open it; absent: anyone logged in (or anyone, for public routes). */
  access?: readonly Role[];
  /** Opens without login. */
  public?: boolean;
  /** No top navigation, breadcrumbs or toolbar (recover, unpaidSingle). */
  bare?: boolean;
  /** The route the browser goes to instead (or, for someone not logged in, the login). */
  redirect?: string;
  /**
   * The operation the page performs, as the server's explainer grants it to the caller: without
   * it the page is 'Sem acesso' before anything is requested. `param` names the record's id.
   */
  needs?: { resource: string; operation: ResourceOperation; param?: string };
  /** The only kind of organisation the page exists for (reports: associations); elsewhere it is not found, and off the menu. */
  orgType?: OrgType;
  /** Shown under the settings submenu. */
  settings?: boolean;
  /** Opens while its module is switched off (the settings page that turns it on). */
  openWhenOff?: boolean;
  /** What the page places. Absent on a redirect, and on the few pages the host draws itself (login, errors). */
  page?: PageSpec;
}

/** An entry of the main menu: a link to a route, or a dropdown of links. */
export interface MenuEntry {
  /** Where it sits among all modules' entries, left to right. */
  order: number;
  /** `data-menu` of the entry (tests and styles find it by this). */
  key: string;
  label: string | ((words: Terminology) => string);
  route?: string;
  items?: readonly { label: string; route: string }[];
  /** A count beside the label (pending applications): asked of the server, refreshed when `resource` changes. */
  badge?: { resource: string; count: (http: Http) => Promise<number>; label: (count: number) => string };
}

/** A tab of the settings submenu. */
export interface SettingsTab {
  order: number;
  route: string;
  label: string | ((words: Terminology) => string);
}

export interface ClientModule<Name extends string = string> {
  /** The domain, as its server module is named. */
  name: string;
  /** The boolean setting that turns the module on: while it is not 'true', its menu entries are hidden and, with `offMessage`, its pages say so. */
  enabledBy?: string;
  offMessage?: string;
  routes(words: Terminology): readonly RouteSpec<Name>[];
  menu?: readonly MenuEntry[];
  settings?: readonly SettingsTab[];
}

/** Declares a client module; `const` keeps its route names literal, so the host's RouteName is derived from them. */
export function defineClientModule<const Name extends string>(module: ClientModule<Name>): ClientModule<Name> {
  return module;
}

/** The route names of a list of client modules. */
export type RouteNameOf<Modules extends readonly ClientModule[]> = Modules[number] extends ClientModule<infer Name> ? Name : never;

/** A route of the table: its spec, and the module it comes from. */
export interface RouteDef<Name extends string = string> extends RouteSpec<Name> {
  module: string;
  enabledBy?: string;
  offMessage?: string;
}

/** Every module's routes, in module order; two routes with one name is a mistake the table refuses. */
export function routeTable<Name extends string>(modules: readonly ClientModule<Name>[], words: Terminology): RouteDef<Name>[] {
  const table: RouteDef<Name>[] = [];
  const seen = new Set<string>();
  for (const module of modules) {
    for (const route of module.routes(words)) {
      if (seen.has(route.name)) throw new Error(`Two routes are named ${route.name}`);
      seen.add(route.name);
      table.push({ ...route, module: module.name, enabledBy: module.enabledBy, offMessage: route.openWhenOff ? undefined : module.offMessage });
    }
  }
  return table;
}

/** Every module's main-menu entries, left to right, each with its module's switch. */
export function menuOf(modules: readonly ClientModule[]): (MenuEntry & { enabledBy?: string })[] {
  return modules.flatMap((module) => (module.menu ?? []).map((entry) => ({ ...entry, enabledBy: module.enabledBy }))).sort((a, b) => a.order - b.order);
}

/** Every module's settings tabs, in their order. */
export function settingsTabsOf(modules: readonly ClientModule[]): SettingsTab[] {
  return modules.flatMap((module) => module.settings ?? []).sort((a, b) => a.order - b.order);
}

/** The settings pages the modules' routes place (`<associa-settings-form page="…">`). */
export function settingsPagesOf(modules: readonly ClientModule[], words: Terminology): string[] {
  const pages = modules.flatMap((module) =>
    module.routes(words).flatMap((route) =>
      (route.page?.parts ?? []).flatMap((part) => ('element' in part && part.element === 'associa-settings-form' && part.attrs && typeof part.attrs !== 'function' && part.attrs.page ? [part.attrs.page] : [])),
    ),
  );
  return [...new Set(pages)];
}
