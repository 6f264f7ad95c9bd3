import { css } from 'styled-components';
import { space, token } from '../kit/index.js';

/**
 * Below this width of its box a table shows each row as a card: a phone (375 px) and any narrow
 * column. A container width, not the viewport's: a table beside another block is narrow too.
 */
export const CARDS_BELOW = '40rem';

/**
 * The rules that turn a table's rows into cards, each cell a "label: value" line named by its
 * column (its `data-label`, see labelCells), amounts (`data-amount`, or `data-money` for a cell
 * that holds only an amount) on the right and never cut.
 * Used inside a container query by every table of the interface (the data table, the resource
 * list); doubled selectors (&&) outweigh a table's own column rules (nowrap, widths).
 */
/*
 * In card mode: headings would float alone above the cards (each cell names its column), so only
 * headings holding a control (a sort button, a select-all box) stay, as a row of controls, and a
 * heading that is only a box says what it does beside it. Each cell shows its label and value
 * side by side, what the cell holds stacking in the value's column; an empty cell (a zero left
 * blank, a spacer) takes no line. (Comments stay out of the CSS text: it ships as written.)
 */
export const rowsAsCards = css`
  &&,
  && > thead,
  && > tbody,
  && > tfoot,
  && > * > tr {
    display: block;
  }
  && > thead:not(:has(input, button)) {
    display: none;
  }
  && > thead > tr {
    display: flex;
    flex-wrap: wrap;
    gap: ${space(0.5)} ${space(2)};
    padding: ${space(1)} ${space(1.5)};
    background: ${token('color-surface')};
    border-bottom: 2px solid ${token('color-border')};
  }
  && > thead th {
    display: block;
    position: static;
    padding: 0;
    border: 0;
    background: none;
  }
  && > thead th:not(:has(input, button)) {
    display: none;
  }
  && > thead th[data-label] {
    display: flex;
    align-items: center;
    gap: ${space(1)};
  }
  && > thead th[data-label]::after {
    content: attr(data-label);
  }
  && > :is(tbody, tfoot) > tr {
    padding: ${space(1)} 0;
    border-bottom: 1px solid ${token('color-border')};
  }
  && > tbody:last-child > tr:last-child,
  && > tfoot > tr:last-child {
    border-bottom: none;
  }
  && > tfoot {
    background: ${token('color-surface')};
    border-top: 2px solid ${token('color-border')};
  }
  && > :is(tbody, tfoot) > tr > :is(td, th) {
    display: block;
    max-width: none;
    padding: ${space(0.25)} ${space(1.5)};
    text-align: left;
    white-space: normal;
    overflow-wrap: anywhere;
    border: 0;
  }
  && > :is(tbody, tfoot) > tr > [data-label] {
    display: grid;
    grid-template-columns: minmax(0, 9rem) minmax(0, 1fr);
    column-gap: ${space(1.5)};
  }
  && > :is(tbody, tfoot) > tr > [data-label]::before {
    content: attr(data-label);
    grid-column: 1;
    grid-row: 1 / span 9;
    color: ${token('color-text-muted')};
    font-weight: 500;
    text-align: left;
  }
  && > :is(tbody, tfoot) > tr > [data-label] > * {
    grid-column: 2;
  }
  && > :is(tbody, tfoot) > tr > :is(td, th):empty {
    display: none;
  }
  && > :is(tbody, tfoot) > tr > :is([data-amount], [data-money]) {
    text-align: right;
    white-space: nowrap;
    overflow-wrap: normal;
  }
`;

// A cell holding one euro amount and nothing else: "8 834,04 €", "-0,50 €".
const MONEY = /^\s*-?\d[\d\s.]*,\d{2}\s?€\s*$/;

// Cells labelled here, so that a later header change relabels them and an author's own label stays.
const labelled = new WeakSet<Element>();

/** A heading's words as seen: decorations hidden from assistive technology (a sort arrow) left out. */
function shownText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return '';
  return [...node.childNodes].map(shownText).join('');
}

function columnNames(table: HTMLTableElement): string[] {
  const head = table.tHead?.rows;
  const row = head?.[head.length - 1];
  if (!row) return [];
  const names: string[] = [];
  for (const cell of row.cells) {
    const text = shownText(cell).replace(/\s+/g, ' ').trim();
    // A heading over several columns names none of them alone.
    for (let i = 0; i < cell.colSpan; i++) names.push(cell.colSpan === 1 ? text : '');
  }
  return names;
}

/**
 * Names every body and footer cell of the tables under `root` by its column's heading
 * (`data-label`), which the card layout shows beside the value, and marks the cells holding only
 * an amount (`data-money`). A cell spanning several columns or heading the totals is not named;
 * a label the author set stays.
 */
export function labelCells(root: ParentNode): void {
  for (const table of root.querySelectorAll('table')) {
    labelControlHeadings(table);
    const names = columnNames(table);
    const sections = table.tFoot ? [...table.tBodies, table.tFoot] : [...table.tBodies];
    for (const section of sections) {
      for (const row of section.rows) {
        let column = 0;
        for (const cell of row.cells) {
          // A heading in the totals ("Total") names its row, not a column's value.
          const heading = section === table.tFoot && cell.localName === 'th';
          const name = cell.colSpan === 1 && !heading ? (names[column] ?? '') : '';
          column += cell.colSpan;
          label(cell, name);
          cell.toggleAttribute('data-money', MONEY.test(cell.textContent ?? ''));
        }
      }
    }
  }
}

/** Sets (or, with no name, takes back) the label this file gave a cell; an author's own label stays. */
function label(cell: HTMLTableCellElement, name: string): void {
  const ours = labelled.has(cell);
  if (!ours && cell.hasAttribute('data-label')) return;
  if (name) {
    if (cell.getAttribute('data-label') !== name) cell.setAttribute('data-label', name);
    labelled.add(cell);
  } else if (ours) {
    cell.removeAttribute('data-label');
    labelled.delete(cell);
  }
}

/** A heading holding only a named control (a select-all box) is labelled by the control's name. */
function labelControlHeadings(table: HTMLTableElement): void {
  for (const row of table.tHead?.rows ?? []) {
    for (const cell of row.cells) {
      const control = shownText(cell).trim() === '' ? cell.querySelector('input[aria-label], button[aria-label]') : null;
      label(cell, control?.getAttribute('aria-label') ?? '');
    }
  }
}
