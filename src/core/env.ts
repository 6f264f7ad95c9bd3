// The browser facilities the core touches, gathered so a test (or an element on a
// third-party page) can replace the ones with side effects beyond the page: navigation and reload.

export interface CoreEnv {
  localStorage: Storage;
  sessionStorage: Storage;
  /** Where DOM events (online/offline, ws:{topic}) are listened to and dispatched. */
  target: EventTarget;
  /** Current page address, sent with every request. */
  href(): string;
  pathname(): string;
  isOnline(): boolean;
  /** Full navigation, used when the session ends: a fresh page drops all in-memory state. */
  navigate(path: string): void;
  reload(): void;
  fetch: typeof fetch;
  /** Absent when the browser has no WebSocket: the socket is then never opened. */
  WebSocket: typeof WebSocket | undefined;
}

export function browserEnv(overrides: Partial<CoreEnv> = {}): CoreEnv {
  return {
    localStorage: window.localStorage,
    sessionStorage: window.sessionStorage,
    target: window,
    href: () => window.location.href,
    pathname: () => window.location.pathname,
    isOnline: () => navigator.onLine,
    navigate: (path) => window.location.assign(path),
    reload: () => window.location.reload(),
    // Bound: calling an unbound window.fetch throws "Illegal invocation".
    fetch: window.fetch.bind(window),
    WebSocket: typeof window.WebSocket === 'function' ? window.WebSocket : undefined,
    ...overrides,
  };
}
