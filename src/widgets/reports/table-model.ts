// A report's figures as one table: the page's accessible table and the CSV file are both
// written from it, so they never disagree.
import { formatCount } from '../../core/index.js';
import { formatMoney, centsToInput } from '../shared/money.js';

/** How a column's numbers read: money in cents, a count, a signed count (a change), a year, words. */
export type ColumnKind = 'year' | 'text' | 'money' | 'count' | 'change';

export interface Column {
  label: string;
  kind: ColumnKind;
}

/** A number, or words in its place ("Isenta"). */
export type Cell = number | string;

export interface Row {
  cells: Cell[];
  /** A total line (a year's, or the report's). */
  total?: boolean;
}

export interface TableModel {
  columns: Column[];
  rows: Row[];
}

const change = new Intl.NumberFormat('pt-PT', { signDisplay: 'exceptZero', useGrouping: 'always' });

/** A cell as the table shows it (pt-PT). */
export function displayCell(kind: ColumnKind, cell: Cell): string {
  if (typeof cell === 'string') return cell;
  switch (kind) {
    case 'money':
      return formatMoney(cell);
    case 'count':
      return formatCount(cell);
    case 'change':
      return change.format(cell);
    default:
      return String(cell);
  }
}

/** A cell as a spreadsheet should read it: no grouping, a decimal comma, no currency sign. */
export function csvValue(kind: ColumnKind, cell: Cell): string {
  if (typeof cell === 'string') return cell;
  if (kind === 'money') return cell < 0 ? `-${centsToInput(-cell)}` : centsToInput(cell);
  return String(cell);
}

/** Numbers line up on the right, words on the left. */
export const isNumeric = (kind: ColumnKind) => kind === 'money' || kind === 'count' || kind === 'change';
