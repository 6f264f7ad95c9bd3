import type { KeyboardEvent } from 'react';

/** Arrow keys (both axes), Home and End move focus among `items`, wrapping at the ends. */
export function moveFocus(event: KeyboardEvent, items: readonly HTMLElement[]): boolean {
  if (items.length === 0) return false;
  const active = (event.currentTarget as HTMLElement).getRootNode() as Document | ShadowRoot;
  const at = items.indexOf(active.activeElement as HTMLElement);
  let next: number;
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowRight':
      next = at < 0 ? 0 : (at + 1) % items.length;
      break;
    case 'ArrowUp':
    case 'ArrowLeft':
      next = at < 0 ? items.length - 1 : (at - 1 + items.length) % items.length;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = items.length - 1;
      break;
    default:
      return false;
  }
  event.preventDefault();
  items[next]?.focus();
  return true;
}

/** The enabled controls of a container matching `selector`, in document order. */
export function focusables(container: HTMLElement | null, selector: string): HTMLElement[] {
  if (!container) return [];
  return [...container.querySelectorAll<HTMLElement>(selector)].filter((el) => !(el as HTMLButtonElement).disabled);
}

/** The focused element, looking inside open shadow roots (an element's own control). */
export function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}
