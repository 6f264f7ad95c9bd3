import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { TOPIC, type ApiRecord, type HealthResponse } from './contract.js';
import { DEFAULT_API, DEFAULT_TIMINGS, LIST_ALL, type Timings } from './constants.js';
import { realClock, type Clock } from './clock.js';
import { browserEnv, type CoreEnv } from './env.js';
import { setupErrorReporting, type SentryModule } from './error-reporting.js';
import { createExplainer, type Explainer } from './explainer.js';
import { createFlash, type Flash } from './flash.js';
import { createHttp, normalizeApi, type Http } from './http.js';
import { createListStore, type ListStore } from './list-store.js';
import { loadDocumentStatuses } from './modules/treasury.js';
import { createOffline } from './offline.js';
import { createPreferences, type Preferences } from './preferences.js';
import { createQueries, type Queries } from './queries.js';
import type { ListQuery } from './query.js';
import { isPublicPath } from './readiness.js';
import { createRealtime, socketUrl, type Realtime } from './realtime.js';
import { resourceChangeOf } from './resource-change.js';
import { createServerStatus, type ServerStatus } from './server-status.js';
import { createSession, type Session } from './session.js';
import { createSettings, type Settings } from './settings.js';
import { runStartup } from './startup.js';
import { basePaths, createTerminology, type BasePaths, type TerminologyStore } from './terminology.js';
import { createTokens, refreshExpiresSoon, tokenKeys, type Tokens } from './tokens.js';
import { createUploads, type Uploads } from './uploads.js';

export interface CoreOptions {
  /** API base; '/api' for the host, an element's `api` attribute otherwise. */
  api?: string;
  env?: Partial<CoreEnv>;
  /** Shorter timings for tests; production uses the spec's. */
  timings?: Partial<Timings>;
  /** Time and timers of every part of the core; the browser's own unless a test moves time by hand. */
  clock?: Clock;
  /**
   * Whether the page's local storage belongs to this app: then tokens use the plain keys and
   * an ended session clears all of it (SPEC 4). Defaults to true on the default API base only,
   * so an element on someone else's site keeps its tokens apart and clears only those.
   */
  ownsStorage?: boolean;
}

export interface StartOptions<R> {
  /** Runs after the core's own preparation (terminology, session data). */
  prepare?(): Promise<void> | void;
  createRouting(): R;
  mount(routing: R): Promise<void> | void;
  /** Error reporting starts only when set. */
  sentryDsn?: string | null;
  environment?: string;
  release?: string;
  /** Replaces the dynamic import of @sentry/browser (tests). */
  loadSentry?: () => Promise<SentryModule>;
}

export interface Core {
  readonly api: string;
  readonly env: CoreEnv;
  readonly timings: Timings;
  readonly clock: Clock;
  http: Http;
  tokens: Tokens;
  session: Session;
  serverStatus: ServerStatus;
  offline: ReadonlySignal<boolean>;
  settings: Settings;
  terminology: TerminologyStore;
  /** Route base paths from terminology; null until it is loaded. */
  basePaths: ReadonlySignal<BasePaths | null>;
  explainer: Explainer;
  preferences: Preferences;
  uploads: Uploads;
  /** Server data by (path, parameters), shared by whoever holds it and read again on its resource's changes. */
  queries: Queries;
  realtime: Realtime;
  /** ws:debug text shown for three seconds. */
  toast: ReadonlySignal<string | null>;
  /** A success message left for the next page (a created record's own page). */
  flash: Flash;
  /** Settings and explainer loaded, or a public page opened without login. */
  ready: ReadonlySignal<boolean>;
  /** From the health check: a server in test mode (its banner says so). */
  testMode: ReadonlySignal<boolean>;
  /** Asks the health check once for the server's mode. */
  loadHealth(): Promise<void>;
  /** The one store of a resource; `initialQuery` only counts when the store is first made. */
  list<T extends ApiRecord = ApiRecord>(resource: string, initialQuery?: Partial<ListQuery>): ListStore<T>;
  /** The one store of a reference resource, read whole; it never changes the user's chosen list size. */
  referenceList<T extends ApiRecord = ApiRecord>(resource: string): ListStore<T>;
  /** Terminology, then (with a session) settings, explainer, document statuses and the user. */
  prepare(): Promise<void>;
  loadSessionData(): Promise<void>;
  /** The host's startup in the spec's order; elements never call it. */
  start<R>(options: StartOptions<R>): Promise<R>;
  dispose(): void;
}

export function createCore(options: CoreOptions = {}): Core {
  const api = normalizeApi(options.api ?? DEFAULT_API);
  const env = browserEnv(options.env);
  const timings: Timings = { ...DEFAULT_TIMINGS, ...options.timings };
  const clock = options.clock ?? realClock;
  const ownsStorage = options.ownsStorage ?? api === DEFAULT_API;
  const tokens = createTokens(env.localStorage, tokenKeys(ownsStorage ? null : api));
  const cleanups: (() => void)[] = [];

  function clearStorage() {
    if (ownsStorage) env.localStorage.clear();
    tokens.clear();
  }

  function endSession() {
    realtime.stop();
    queries.forget({ reload: false });
    clearStorage();
    env.navigate('/');
  }

  const http = createHttp({
    api,
    tokens,
    timeoutMs: timings.requestTimeoutMs,
    clock,
    fetch: env.fetch,
    href: env.href,
    onNetworkError: () => serverStatus.markUnreachable(),
    onSessionExpired: endSession,
  });

  const serverStatus = createServerStatus({
    healthCheck: () => http.get('', { quiet: true }),
    reload: env.reload,
    clock,
    retryMs: timings.serverRetryMs,
    reloadAfterMs: timings.reloadAfterReconnectMs,
    // Reloading is the host's way back after an outage; an element on someone else's website
    // must not reload that website's page.
    resumeInPlace: !ownsStorage,
  });
  cleanups.push(serverStatus.dispose);

  const offline = createOffline(env.target, env.isOnline);
  cleanups.push(offline.dispose);

  const realtime = createRealtime({
    url: socketUrl(api, env.href()),
    WebSocket: env.WebSocket,
    target: env.target,
    token: () => tokens.access.value,
    authenticate: (connectionId) => http.post('websocket/auth', { connectionId }, { quiet: true }),
    onUnreachable: () => serverStatus.markUnreachable(),
    clock,
    pingIntervalMs: timings.pingIntervalMs,
    unreachableDelayMs: timings.unreachableDelayMs,
    debugToastMs: timings.debugToastMs,
  });
  cleanups.push(realtime.stop);

  const settings = createSettings(http);
  const terminology = createTerminology(http);
  const explainer = createExplainer(http);
  const preferences = createPreferences(env.localStorage, env.sessionStorage);
  const uploads = createUploads(http);
  const queries = createQueries({ http, realtime, timers: clock });
  cleanups.push(queries.dispose);

  const stores = new Map<string, ListStore<ApiRecord>>();
  function makeStore(resource: string, initialQuery: Partial<ListQuery> | undefined, remember: boolean): ListStore<ApiRecord> {
    let store = stores.get(resource);
    if (!store) {
      store = createListStore<ApiRecord>(resource, {
        http,
        prepare: (res, record) => explainer.prepare(res, record),
        initialQuery: {
          limit: preferences.listSize.value,
          sort: preferences.sortOrder(resource) ?? undefined,
          ...initialQuery,
        },
        onLimitChange: remember ? (limit) => preferences.setListSize(limit) : undefined,
        onSortChange: remember ? (sort) => preferences.setSortOrder(resource, sort) : undefined,
      });
      stores.set(resource, store);
    }
    return store;
  }
  const list = <T extends ApiRecord = ApiRecord>(resource: string, initialQuery?: Partial<ListQuery>) =>
    makeStore(resource, initialQuery, true) as unknown as ListStore<T>;
  const referenceList = <T extends ApiRecord = ApiRecord>(resource: string) =>
    makeStore(resource, { limit: LIST_ALL, page: 1 }, false) as unknown as ListStore<T>;

  cleanups.push(
    realtime.subscribe(TOPIC.settingsUpdated, () => {
      settings.load().catch(() => undefined);
      // A module turned on or off by a setting (hasTreasury) adds or drops its resources.
      if (tokens.loggedIn.value) explainer.load().then(() => loadDocumentStatuses({ explainer, referenceList }), () => undefined);
    }),
    realtime.subscribe('*', (payload, topic) => {
      const change = resourceChangeOf(topic, payload);
      if (change) void stores.get(change.resource)?.refresh();
    }),
  );

  async function loadSessionData() {
    if (!tokens.loggedIn.value) return;
    await Promise.allSettled([
      settings.ensure(),
      explainer.load().then(() => loadDocumentStatuses({ explainer, referenceList })),
      session.loadUser(),
    ]);
  }

  const session = createSession({
    http,
    tokens,
    clock,
    onLogin: () => {
      queries.forget({ reload: true });
      void loadSessionData();
      realtime.start();
    },
    onLogout: () => {
      realtime.stop();
      queries.forget({ reload: false });
    },
  });

  // SPEC 4: at load, a refresh token about to expire ends the session before anything runs.
  if (refreshExpiresSoon(tokens.refresh.value, clock.now() / 1000)) endSession();

  const publicWithoutLogin = isPublicPath(env.pathname()) && !tokens.loggedIn.value;
  const ready = computed(() => publicWithoutLogin || (settings.loaded.value && explainer.loaded.value));

  async function prepare() {
    // Routes are built from terminology, so it is awaited; its failure is already reported
    // (unreachable overlay) and must not stop the application from mounting.
    await terminology.load().catch(() => null);
    void loadSessionData();
  }

  const testMode = signal(false);
  async function loadHealth() {
    try {
      const res = await http.get<HealthResponse>('');
      testMode.value = res.data?.mode === 'test';
    } catch {
      // Unreachable: the overlay says so and the page reloads when the server is back.
    }
  }

  return {
    api,
    env,
    timings,
    clock,
    http,
    tokens,
    session,
    serverStatus,
    offline: offline.offline,
    settings,
    terminology,
    basePaths: computed(() => (terminology.terminology.value ? basePaths(terminology.terminology.value) : null)),
    explainer,
    preferences,
    uploads,
    queries,
    realtime,
    toast: realtime.toast,
    flash: createFlash(),
    ready,
    testMode,
    loadHealth,
    list,
    referenceList,
    prepare,
    loadSessionData,
    start: (startOptions) =>
      runStartup({
        prepare: async () => {
          await prepare();
          await startOptions.prepare?.();
        },
        createRouting: startOptions.createRouting,
        setupErrorReporting: () =>
          setupErrorReporting(
            { dsn: startOptions.sentryDsn, api, environment: startOptions.environment, release: startOptions.release },
            startOptions.loadSentry,
          ),
        mount: startOptions.mount,
        connectSocket: () => realtime.start(),
      }),
    dispose() {
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
  };
}

const REGISTRY = Symbol.for('associa.cores');

/**
 * The page's core for an API base, made on first use. The host and every element asking
 * for the same base share one instance (one session, one socket, one store per resource);
 * kept on globalThis so separately built bundles on one page still share it.
 */
export function getCore(api: string = DEFAULT_API, options: Omit<CoreOptions, 'api'> = {}): Core {
  const holder = globalThis as unknown as Record<symbol, Map<string, Core> | undefined>;
  const cores = (holder[REGISTRY] ??= new Map<string, Core>());
  const key = normalizeApi(api);
  let core = cores.get(key);
  if (!core) {
    core = createCore({ ...options, api: key });
    cores.set(key, core);
  }
  return core;
}
