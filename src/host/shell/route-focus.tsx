import { useEffect, useRef, useState, type RefObject } from 'react';
import { VisuallyHidden } from '../../widgets/kit/index.js';

/** Focuses the page's heading (made focusable by script only), or the main region without one. */
export function focusPageHeading(main: HTMLElement): void {
  const heading = main.querySelector('h1');
  const target = heading ?? main;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/** Focus the user left behind when the page they acted on went away (or never moved). */
function focusIsLost(main: HTMLElement): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !main.contains(active);
}

/**
 * After each route change (not the first page load, where the browser's own order applies),
 * moves focus to the new page's h1 once it is rendered, unless the page already put focus
 * inside itself (a form's first field), and announces the page title politely.
 */
export function useRouteFocus(main: RefObject<HTMLElement | null>, location: string, title: string | null): string {
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const region = main.current;
    if (!region) return;
    const settle = () => {
      if (!region.querySelector('h1')) return false;
      if (focusIsLost(region)) focusPageHeading(region);
      return true;
    };
    if (settle()) return;
    // Pages that load before drawing their heading: wait for it, until the next navigation.
    const observer = new MutationObserver(() => {
      if (settle()) observer.disconnect();
    });
    observer.observe(region, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [location, main]);

  useEffect(() => {
    if (title !== null) setAnnouncement(title);
  }, [location, title]);

  return announcement;
}

/** The polite live region that reads the new page's title after a navigation. */
export function RouteAnnouncer({ text }: { text: string }) {
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-route-announcer>
      {text}
    </VisuallyHidden>
  );
}
