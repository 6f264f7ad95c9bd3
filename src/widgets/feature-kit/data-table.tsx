import { useLayoutEffect, useState, type HTMLAttributes } from 'react';
import styled from 'styled-components';
import { space, token } from '../kit/index.js';
import { CARDS_BELOW, labelCells, rowsAsCards } from './table-cards.js';

// The table reads this box's width to show its rows as cards when narrow.
const Box = styled.div`
  container: table-box / inline-size;
  overflow-x: auto;
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

/**
 * The frame of a data table: a wide table scrolls sideways inside it instead of widening the
 * page, and in a narrow frame (a phone) the table shows each row as a card whose lines are named
 * by the column headings (kept up to date as rows come and go).
 */
export function TableBox(props: HTMLAttributes<HTMLDivElement>) {
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  useCellLabels(frame);
  return <Box ref={setFrame} data-table-box="" {...props} />;
}

/**
 * Names the cells of the tables inside `frame` by their columns (see labelCells) and keeps them
 * named as rows come and go (a reload, a child's own state), before the next paint.
 */
export function useCellLabels(frame: HTMLElement | null): void {
  useLayoutEffect(() => {
    if (!frame) return;
    labelCells(frame);
    const observer = new MutationObserver(() => labelCells(frame));
    observer.observe(frame, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [frame]);
}

/**
 * The framed data table of feature elements (API keys, a record's history): muted upper-case
 * headings on the surface colour, rows divided by the border colour. `$dense` suits rows of
 * several lines (top-aligned, tighter cells); otherwise rows are single-line and highlight on hover.
 * Inside a TableBox narrower than CARDS_BELOW, each row is a card.
 */
export const DataTable = styled.table<{ $dense?: boolean }>`
  width: 100%;
  border-collapse: collapse;
  & th,
  & td {
    padding: ${({ $dense }) => ($dense ? `${space(1)} ${space(1.5)}` : `${space(1.25)} ${space(2)}`)};
    text-align: left;
    vertical-align: ${({ $dense }) => ($dense ? 'top' : 'middle')};
    border-bottom: 1px solid ${token('color-border')};
  }
  & thead th {
    font-size: 0.8em;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${token('color-text-muted')};
    background: ${token('color-surface')};
  }
  & tbody tr:last-child td {
    border-bottom: none;
  }
  & tbody tr:hover {
    background: ${({ $dense }) => ($dense ? 'transparent' : token('color-surface'))};
  }
  @container table-box (max-width: ${CARDS_BELOW}) {
    ${rowsAsCards}
  }
`;
