import { useState, type KeyboardEvent } from 'react';
import styled, { css } from 'styled-components';
import { sortField, type ExplainerField, type ListItem } from '../../core/index.js';
import { space, token } from '../kit/index.js';
import { formatValue } from '../shared/format.js';
import { HeaderCell, type SortDirection } from './header-cell.js';

const Table = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-variant-numeric: tabular-nums;
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
      &:focus {
        outline: none;
      }
      &:focus-visible td {
        background: color-mix(in srgb, ${token('color-primary')} 12%, ${token('color-background')});
        box-shadow: inset 0 2px 0 ${token('color-focus')}, inset 0 -2px 0 ${token('color-focus')};
      }
    `}
`;

// Short values (numbers, dates, phones, codes) never break; long text wraps between words.
const NO_WRAP: readonly ExplainerField['type'][] = ['integer', 'float32', 'date', 'datetime', 'phone', 'boolean'];

const Td = styled.td<{ $nowrap: boolean }>`
  padding: ${space(1)} ${space(1.5)};
  vertical-align: top;
  border-bottom: 1px solid ${token('color-border')};
  max-width: 24rem;
  overflow-wrap: break-word;
  white-space: ${({ $nowrap }) => ($nowrap ? 'nowrap' : 'normal')};
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
}

function direction(sort: string, field: string): SortDirection {
  const current = sortField(sort);
  if (current.field !== field) return 'none';
  return current.descending ? 'descending' : 'ascending';
}

/** Moves focus between rows with the arrow keys, Home and End; Enter or Space opens the row. */
function onRowKey(event: KeyboardEvent<HTMLTableRowElement>, open: () => void) {
  const row = event.currentTarget;
  const rows = [...(row.parentElement?.children ?? [])] as HTMLElement[];
  const at = rows.indexOf(row);
  const go = (index: number) => {
    event.preventDefault();
    rows[Math.max(0, Math.min(rows.length - 1, index))]?.focus();
  };
  switch (event.key) {
    case 'Enter':
    case ' ':
      event.preventDefault();
      open();
      break;
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
export function ResultsTable({ caption, columns, rows, sort, labels, onSort, onOpen }: ResultsTableProps) {
  // Roving tab stop: Tab enters the rows once, the arrow keys move within them.
  const [active, setActive] = useState(0);
  const tabStop = Math.min(active, rows.length - 1);
  return (
    <Table>
      <Caption>{caption}</Caption>
      <thead>
        <tr>
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
            tabIndex={onOpen ? (i === tabStop ? 0 : -1) : undefined}
            onFocus={onOpen ? () => setActive(i) : undefined}
            onClick={onOpen ? () => onOpen(row) : undefined}
            onKeyDown={onOpen ? (event) => onRowKey(event, () => onOpen(row)) : undefined}
          >
            {columns.map((field) => (
              <Td key={field.name} $nowrap={NO_WRAP.includes(field.type)}>{formatValue(field, row[field.name], field.ref ? labels[field.ref] : undefined)}</Td>
            ))}
          </Row>
        ))}
      </tbody>
    </Table>
  );
}
