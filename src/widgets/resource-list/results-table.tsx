import { useState, type KeyboardEvent } from 'react';
import styled, { css } from 'styled-components';
import { sortField, type ExplainerField, type ListItem } from '../../core/index.js';
import { focusRing, space, token } from '../kit/index.js';
import { CARDS_BELOW, rowsAsCards } from '../feature-kit/table-cards.js';
import { formatValue } from '../shared/format.js';
import { HeaderCell, type SortDirection } from './header-cell.js';
import { SelectPageCell, SelectRowCell } from './select-cells.js';
import type { Selection } from './selection.js';

// In a narrow list (a phone) each row is a card, as every table of the interface; the sortable
// headers stay above as a row of sort buttons, and the row's first cell leads.
const Table = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-variant-numeric: tabular-nums;
  @container results (max-width: ${CARDS_BELOW}) {
    ${rowsAsCards}
    && td:first-child {
      font-weight: 600;
    }
    && > tbody > tr:nth-child(even) {
      background: ${token('color-surface')};
    }
  }
`;

// For screen readers only: pages show their own heading above the list.
const Caption = styled.caption`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

const Row = styled.tr<{ $interactive: boolean }>`
  &:nth-child(even) td {
    background: ${token('color-surface')};
  }
  ${({ $interactive }) =>
    $interactive &&
    css`
      cursor: pointer;
      &:hover td {
        background: color-mix(in srgb, ${token('color-primary')} 8%, ${token('color-background')});
      }
      &:has(a:focus-visible) td {
        background: color-mix(in srgb, ${token('color-primary')} 12%, ${token('color-background')});
      }
    `}
`;

// Short values (numbers, dates, phones, codes) never break; long text wraps between words.
const NO_WRAP: readonly ExplainerField['type'][] = ['integer', 'float32', 'money', 'date', 'datetime', 'phone', 'boolean'];

const Td = styled.td<{ $nowrap: boolean }>`
  padding: ${space(1)} ${space(1.5)};
  vertical-align: top;
  border-bottom: 1px solid ${token('color-border')};
  max-width: 24rem;
  overflow-wrap: break-word;
  white-space: ${({ $nowrap }) => ($nowrap ? 'nowrap' : 'normal')};
`;

// The row's link: its record's address, so it opens in a new tab or is copied like any link.
const RowLink = styled.a`
  color: inherit;
  text-decoration: none;
  border-radius: 2px;
  ${focusRing}
  &:hover {
    text-decoration: underline;
  }
`;

interface ResultsTableProps {
  caption: string;
  columns: readonly ExplainerField[];
  rows: readonly ListItem[];
  sort: string;
  /** Reference names per referenced resource. */
  labels: Record<string, Record<string, string>>;
  onSort(field: string): void;
  /** Absent: rows are not interactive. */
  onOpen?: (row: ListItem) => void;
  /** The address a row opens (its first cell links there); with onOpen. */
  hrefOf?: (row: ListItem) => string;
  /** Absent: rows cannot be picked (no box column). */
  selection?: Selection;
}

function direction(sort: string, field: string): SortDirection {
  const current = sortField(sort);
  if (current.field !== field) return 'none';
  return current.descending ? 'descending' : 'ascending';
}

/** Moves focus between the rows' links with the arrow keys, Home and End (Enter follows a link). */
function onRowKey(event: KeyboardEvent<HTMLTableRowElement>) {
  const row = event.currentTarget;
  const rows = [...(row.parentElement?.children ?? [])] as HTMLElement[];
  const at = rows.indexOf(row);
  const go = (index: number) => {
    event.preventDefault();
    rows[Math.max(0, Math.min(rows.length - 1, index))]?.querySelector<HTMLElement>('a[href]')?.focus();
  };
  switch (event.key) {
    case 'ArrowDown':
      go(at + 1);
      break;
    case 'ArrowUp':
      go(at - 1);
      break;
    case 'Home':
      go(0);
      break;
    case 'End':
      go(rows.length - 1);
      break;
    default:
      break;
  }
}

/** The rows of the current page (or of every page loaded, when scrolling infinitely). */
export function ResultsTable({ caption, columns, rows, sort, labels, onSort, onOpen, hrefOf, selection }: ResultsTableProps) {
  // Roving tab stop: Tab enters the rows' links once, the arrow keys move within them.
  const [active, setActive] = useState(0);
  const tabStop = Math.min(active, rows.length - 1);
  return (
    <Table>
      <Caption>{caption}</Caption>
      <thead>
        <tr>
          {selection && <SelectPageCell selection={selection} />}
          {columns.map((field) => (
            <HeaderCell key={field.name} field={field} direction={direction(sort, field.name)} onSort={onSort} />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <Row
            key={`${row._id}-${row._index}`}
            $interactive={Boolean(onOpen)}
            data-id={row._id}
            onFocus={onOpen ? () => setActive(i) : undefined}
            // A click anywhere on the row opens it, as its link does.
            onClick={onOpen ? () => onOpen(row) : undefined}
            onKeyDown={onOpen ? onRowKey : undefined}
          >
            {selection && <SelectRowCell selection={selection} row={row} index={i} />}
            {columns.map((field, column) => {
              const shown = formatValue(field, row[field.name], field.ref ? labels[field.ref] : undefined);
              return (
                <Td key={field.name} $nowrap={NO_WRAP.includes(field.type)} data-label={field.label} data-amount={field.type === 'money' ? '' : undefined}>
                  {onOpen && hrefOf && column === 0 ? (
                    <RowLink
                      href={hrefOf(row)}
                      tabIndex={i === tabStop ? 0 : -1}
                      onClick={(event) => {
                        event.stopPropagation();
                        // Ctrl, Shift or the middle button: the browser's own new tab or window.
                        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
                        event.preventDefault();
                        onOpen(row);
                      }}
                    >
                      {shown === '' ? row._id : shown}
                    </RowLink>
                  ) : (
                    shown
                  )}
                </Td>
              );
            })}
          </Row>
        ))}
      </tbody>
    </Table>
  );
}
