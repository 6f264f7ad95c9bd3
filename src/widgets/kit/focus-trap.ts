import { useEffect, type RefObject } from 'react';
import { deepActiveElement } from './roving-focus.js';

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal's focus, in the document or inside an element's shadow root: while `open`, Tab and
 * Shift+Tab cycle inside `box` (a native modal <dialog> alone lets Tab leave for the browser's
 * own controls), focus starts on its first control (or the box itself), and closing gives the
 * focus back to where it was.
 */
export function useFocusTrap(box: RefObject<HTMLElement | null>, open: boolean): void {
  useEffect(() => {
    const el = box.current;
    if (!open || !el) return;
    const before = deepActiveElement();
    const root = el.getRootNode() as Document | ShadowRoot;
    const tabbable = () => [...el.querySelectorAll<HTMLElement>(TABBABLE)];
    if (!el.contains(root.activeElement)) {
      const first = tabbable()[0];
      if (first) first.focus();
      else {
        el.tabIndex = -1;
        el.focus();
      }
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = tabbable();
      event.preventDefault();
      if (items.length === 0) return;
      const at = items.indexOf(root.activeElement as HTMLElement);
      const next = event.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : (at + 1) % items.length;
      items[next]?.focus();
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      if (before?.isConnected) before.focus();
    };
  }, [box, open]);
}
