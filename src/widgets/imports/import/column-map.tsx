// The second step: each column of the file (its header and three sample values) with the field it
// feeds, the server's suggestion chosen at first; the required fields listed above, each saying
// which column feeds it or that none does yet.
import { useId } from 'react';
import styled from 'styled-components';
import { Select, space, token, VisuallyHidden } from '../../kit/index.js';
import { DataTable, TableBox } from '../../feature-kit/data-table.js';
import type { ImportColumn, ImportDefaults, ImportField, ImportMapping } from '../../../core/index.js';
import { IMPORT_TEXTS as T } from '../texts.js';
import { headerOf } from './mapping.js';

const Required = styled.div`
  margin: 0 0 ${space(2)};
  h3 {
    margin: 0 0 ${space(0.5)};
    font-size: 1rem;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${space(0.5)} ${space(2)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  [data-mapped='false'] {
    color: ${token('color-danger')};
    font-weight: 600;
  }
`;

const Samples = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${token('color-text-muted')};
  font-size: 0.9rem;
  li {
    overflow-wrap: anywhere;
  }
`;

const Hint = styled.p`
  margin: ${space(0.5)} 0 0;
  font-size: 0.85rem;
  color: ${token('color-text-muted')};
`;

export interface ColumnMapProps {
  columns: readonly ImportColumn[];
  fields: readonly ImportField[];
  mapping: ImportMapping;
  defaults: ImportDefaults;
  disabled: boolean;
  /** Whether the user tried to go on with a required field unmapped: the list says which, as an error. */
  showMissing: boolean;
  onChange(column: number, field: string | null): void;
}

export function ColumnMap({ columns, fields, mapping, defaults, disabled, showMissing, onChange }: ColumnMapProps) {
  const id = useId();
  const required = fields.filter((field) => field.required);
  const columnOf = (field: ImportField) => columns.find((column) => mapping[String(column.index)] === field.key);
  return (
    <>
      {required.length > 0 && (
        <Required data-required-fields="">
          <h3 id={`${id}-required`}>{T.requiredLegend}</h3>
          <ul aria-labelledby={`${id}-required`}>
            {required.map((field) => {
              const column = columnOf(field);
              const given = (defaults[field.key] ?? '').trim();
              const filled = column !== undefined || given !== '';
              return (
                <li key={field.key} data-field={field.key} data-mapped={filled ? 'true' : showMissing ? 'false' : undefined}>
                  {column ? T.requiredMapped(field.label, headerOf(column)) : given ? T.requiredByDefault(field.label, given) : T.requiredUnmapped(field.label)}
                </li>
              );
            })}
          </ul>
        </Required>
      )}
      <TableBox>
        <DataTable $dense data-column-map="">
          <caption>
            <VisuallyHidden>{T.mapCaption}</VisuallyHidden>
          </caption>
          <thead>
            <tr>
              <th scope="col">{T.column}</th>
              <th scope="col">{T.samples}</th>
              <th scope="col">{T.field}</th>
            </tr>
          </thead>
          <tbody>
            {columns.map((column) => {
              const selectId = `${id}-column-${column.index}`;
              const chosen = mapping[String(column.index)] ?? '';
              const hint = fields.find((f) => f.key === chosen)?.hint;
              const header = headerOf(column);
              return (
                <tr key={column.index} data-column={column.index}>
                  <th scope="row">{header}</th>
                  <td>
                    <Samples>
                      {column.samples.slice(0, 3).map((sample, i) => (
                        <li key={i}>{sample.trim() === '' ? T.emptySample : sample}</li>
                      ))}
                    </Samples>
                  </td>
                  <td>
                    <VisuallyHidden as="label" htmlFor={selectId}>
                      {T.fieldFor(header)}
                    </VisuallyHidden>
                    <Select
                      id={selectId}
                      aria-describedby={hint ? `${selectId}-hint` : undefined}
                      value={chosen}
                      disabled={disabled}
                      onChange={(event) => onChange(column.index, event.target.value || null)}
                    >
                      <option value="">{T.noField}</option>
                      {fields.map((f) => (
                        <option key={f.key} value={f.key}>
                          {f.required ? `${f.label} (${T.required})` : f.label}
                        </option>
                      ))}
                    </Select>
                    {hint && <Hint id={`${selectId}-hint`}>{hint}</Hint>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      </TableBox>
    </>
  );
}
