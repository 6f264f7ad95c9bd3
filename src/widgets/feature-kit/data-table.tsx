import styled from 'styled-components';
import { space, token } from '../kit/index.js';

/** Scrolls a wide table sideways inside its frame instead of widening the page. */
export const TableBox = styled.div`
  overflow-x: auto;
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

/**
 * The framed data table of feature elements (API keys, a record's history): muted upper-case
 * headings on the surface colour, rows divided by the border colour. `$dense` suits rows of
 * several lines (top-aligned, tighter cells); otherwise rows are single-line and highlight on hover.
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
`;
