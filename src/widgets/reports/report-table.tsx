import styled from 'styled-components';
import { space, token, visuallyHidden } from '../kit/index.js';
import { DataTable, TableBox } from '../feature-kit/data-table.js';
import { displayCell, isNumeric, type TableModel } from './table-model.js';

const Table = styled(DataTable)`
  font-variant-numeric: tabular-nums;
  & th,
  & td {
    padding: ${space(0.75)} ${space(1.25)};
    white-space: nowrap;
  }
  & thead th {
    white-space: normal;
    vertical-align: bottom;
  }
  & .number {
    text-align: right;
  }
  & tr[data-total] > * {
    font-weight: 700;
    background: ${token('color-surface')};
  }
  & tbody tr:last-child > * {
    border-bottom: none;
  }
  & caption {
    ${visuallyHidden}
  }
`;

/** The report's figures as a table: the accessible equivalent of its charts, and what prints beside them. */
export function ReportTable({ table, caption }: { table: TableModel; caption: string }) {
  const numeric = table.columns.map((column) => isNumeric(column.kind));
  return (
    // Focusable: a table wider than its box scrolls, and a keyboard must be able to scroll it too.
    <TableBox tabIndex={0} role="region" aria-label={caption}>
      <Table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column, c) => (
              <th key={column.label} scope="col" className={numeric[c] ? 'number' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r} data-total={row.total ? '' : undefined}>
              {row.cells.map((cell, c) => {
                const text = displayCell(table.columns[c]!.kind, cell);
                return c === 0 ? (
                  <th key={c} scope="row">
                    {text}
                  </th>
                ) : (
                  <td key={c} className={numeric[c] ? 'number' : undefined}>
                    {text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableBox>
  );
}
