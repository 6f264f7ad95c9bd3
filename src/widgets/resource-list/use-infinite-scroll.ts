import { useEffect, useRef } from 'react';
import { INFINITE_SCROLL_DISTANCE, INFINITE_SCROLL_IMMEDIATE_CHECK, INFINITE_SCROLL_THROTTLE_MS } from '../../core/index.js';

export interface InfiniteScrollOptions {
  enabled: boolean;
  /** Whether another page exists and none is loading. */
  canLoadMore: boolean;
  loadMore(): void;
  /** Changes whenever rows were added: the check runs again, since the new rows may not fill the box either. */
  contentKey: unknown;
  throttleMs?: number;
  distance?: number;
  immediateCheck?: boolean;
}

/** True when the box is scrolled to within `distance` pixels of its end (or its content does not fill it). */
function nearEnd(box: HTMLElement, distance: number): boolean {
  // Rounded up: a zoomed page scrolls by fractions of a pixel and may never reach the exact end.
  return box.scrollHeight - Math.ceil(box.scrollTop + box.clientHeight) <= distance;
}

/**
 * Loads more rows when the scroll box `element` reaches its end (SPEC 9: throttled at 200 ms, distance 0,
 * immediate check on: a first page too short to fill the box loads the next at once).
 */
export function useInfiniteScroll(element: HTMLElement | null, options: InfiniteScrollOptions): void {
  const {
    enabled,
    canLoadMore,
    contentKey,
    throttleMs = INFINITE_SCROLL_THROTTLE_MS,
    distance = INFINITE_SCROLL_DISTANCE,
    immediateCheck = INFINITE_SCROLL_IMMEDIATE_CHECK,
  } = options;
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!enabled || !element) return;
    let last = 0;
    let trailing: ReturnType<typeof setTimeout> | null = null;
    const check = () => {
      last = Date.now();
      trailing = null;
      if (latest.current.canLoadMore && nearEnd(element, distance)) latest.current.loadMore();
    };
    // Throttled with a trailing call, so the position where scrolling stopped is always checked.
    const onScroll = () => {
      const wait = throttleMs - (Date.now() - last);
      if (wait <= 0) check();
      else trailing ??= setTimeout(check, wait);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      if (trailing !== null) clearTimeout(trailing);
    };
  }, [element, enabled, throttleMs, distance]);

  useEffect(() => {
    if (!enabled || !immediateCheck || !element || !canLoadMore) return;
    if (nearEnd(element, distance)) latest.current.loadMore();
  }, [element, enabled, immediateCheck, canLoadMore, contentKey, distance]);
}
