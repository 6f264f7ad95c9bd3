import type { Page } from 'playwright-core';

export interface AmountsInView {
  /** Cells (td, th) showing a euro amount, in the page and in every element's shadow root. */
  cells: number;
  /** What hides one of them: outside the screen, outside (or scrolled inside) its box, cut in its cell. */
  problems: string[];
}

/**
 * Checks, as laid out now, that every table cell showing a euro amount is whole on screen:
 * inside the viewport's width, inside every box that clips or scrolls it (which must not scroll
 * sideways), its text no wider than the cell. Cells hidden on purpose (a folded section) are not counted.
 */
export function amountsInView(page: Page): Promise<AmountsInView> {
  return page.evaluate(() => {
    const HAS_EURO = /\d\s?€/;
    const cells: HTMLElement[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll<HTMLElement>('*')) {
        if (element.shadowRoot) walk(element.shadowRoot);
        if ((element.localName === 'td' || element.localName === 'th') && HAS_EURO.test(element.textContent ?? '') && element.checkVisibility()) cells.push(element);
      }
    };
    walk(document);
    // The box around an element, across shadow boundaries.
    const parentOf = (element: Element): Element | null => element.parentElement ?? (element.parentNode instanceof ShadowRoot ? element.parentNode.host : null);
    const problems: string[] = [];
    for (const cell of cells) {
      const what = `${cell.getAttribute('data-label') ?? cell.localName} "${(cell.textContent ?? '').replace(/\s+/g, ' ').trim()}"`;
      const r = cell.getBoundingClientRect();
      if (r.left < -0.5 || r.right > window.innerWidth + 0.5) problems.push(`${what}: outside the screen (${Math.round(r.left)}–${Math.round(r.right)})`);
      for (let box = parentOf(cell); box && box !== document.documentElement; box = parentOf(box)) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const b = box.getBoundingClientRect();
        if (r.left < b.left - 0.5 || r.right > b.right + 0.5) problems.push(`${what}: outside its box`);
        if (box.scrollWidth > box.clientWidth) problems.push(`${what}: its box scrolls sideways (${box.scrollWidth} > ${box.clientWidth})`);
      }
      if (cell.scrollWidth > cell.clientWidth) problems.push(`${what}: text wider than its cell`);
    }
    return { cells: cells.length, problems: [...new Set(problems)] };
  });
}
