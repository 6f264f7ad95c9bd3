import { useSyncExternalStore } from 'react';
import type { BaseLocationHook } from 'wouter';
import { decodePath } from './paths.js';
import type { UnsavedChanges } from './unsaved-changes.js';

/** Position of a history entry, kept in its state: back and forward tell how far they went. */
const INDEX = 'associaIndex';

function indexOf(state: unknown): number | null {
  const value = state !== null && typeof state === 'object' ? (state as Record<string, unknown>)[INDEX] : undefined;
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

function withIndex(state: unknown, index: number): Record<string, unknown> {
  return { ...(state !== null && typeof state === 'object' ? state : {}), [INDEX]: index };
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface GuardedHistory {
  /** wouter's location hook: the decoded path, and a navigate that asks before leaving unsaved changes. */
  hook: BaseLocationHook;
  dispose(): void;
}

/**
 * The browser's location for wouter, guarded. Every in-app navigation (links, redirects,
 * `associa-navigate`) goes through `unsaved.request`; back and forward are undone at once
 * while something is unsaved, then redone if the user agrees. The page shows the path this
 * store holds, never the address mid-way, so an undone step never unmounts a form.
 * Paths are decoded: routes hold terminology as written ('Sócios'), the address is
 * percent-encoded.
 */
export function createGuardedHistory(unsaved: Pick<UnsavedChanges, 'any' | 'request'>, win: Window): GuardedHistory {
  const { history, location } = win;
  const listeners = new Set<() => void>();
  let path = decodePath(location.pathname);
  let shownHref = location.href;
  let index = indexOf(history.state) ?? 0;
  /** Set while undoing a back or forward step: its own popstate is not a new move. */
  let undoing = false;
  if (indexOf(history.state) === null) history.replaceState(withIndex(history.state, index), '');

  function sync() {
    shownHref = location.href;
    const next = decodePath(location.pathname);
    if (next === path) return;
    path = next;
    for (const listener of listeners) listener();
  }

  function go(to: string, options: NavigateOptions) {
    const next = options.replace ? index : index + 1;
    history[options.replace ? 'replaceState' : 'pushState'](withIndex(options.state ?? null, next), '', to);
    index = next;
    sync();
  }

  function navigate(to: string, options: NavigateOptions = {}) {
    const target = new URL(to, location.href);
    // Staying on the same page loses nothing.
    if (target.pathname === location.pathname) go(to, options);
    else unsaved.request(() => go(to, options));
  }

  function onPopState(event: PopStateEvent) {
    const target = indexOf(event.state);
    if (undoing) {
      undoing = false;
      if (target !== null) index = target;
      return;
    }
    if (decodePath(location.pathname) === path || !unsaved.any()) {
      if (target !== null) index = target;
      sync();
      return;
    }
    // Leaving unsaved changes with back or forward: the address goes back first, then the question.
    if (target !== null && target !== index) {
      const steps = target - index;
      undoing = true;
      history.go(-steps);
      unsaved.request(() => history.go(steps));
    } else {
      // An entry this store did not make: the page's address again, and the step redone as a navigation.
      const leaving = location.href;
      history.pushState(withIndex(null, index + 1), '', shownHref);
      index += 1;
      unsaved.request(() => go(leaving, {}));
    }
  }

  // Navigations made outside wouter (wouter's own history patch announces them).
  const onExternal = () => sync();
  win.addEventListener('popstate', onPopState);
  win.addEventListener('pushState', onExternal);
  win.addEventListener('replaceState', onExternal);

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const snapshot = () => path;

  return {
    hook: () => [useSyncExternalStore(subscribe, snapshot), navigate],
    dispose() {
      win.removeEventListener('popstate', onPopState);
      win.removeEventListener('pushState', onExternal);
      win.removeEventListener('replaceState', onExternal);
      listeners.clear();
    },
  };
}
