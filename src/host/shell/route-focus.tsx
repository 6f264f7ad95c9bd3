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
 * inside itself (a form's first field) or the user acted while it loaded, and announces the
 * page title politely.
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
    let acted = false;
    const settle = () => {
      if (!region.querySelector('h1')) return false;
      if (!acted && focusIsLost(region)) focusPageHeading(region);
      return true;
    };
    if (settle()) return;
    // Pages that load before drawing their heading: wait for it, until the next navigation.
    // Once the user clicks or types meanwhile (opens the user menu, say), the heading that
    // arrives late leaves the focus where they put it: taking it would close what they opened.
    const onAct = () => {
      acted = true;
    };
    const observer = new MutationObserver(() => {
      if (settle()) stop();
    });
    const stop = () => {
      observer.disconnect();
      document.removeEventListener('pointerdown', onAct, true);
      document.removeEventListener('keydown', onAct, true);
    };
    observer.observe(region, { childList: true, subtree: true });
    document.addEventListener('pointerdown', onAct, true);
    document.addEventListener('keydown', onAct, true);
    return stop;
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
