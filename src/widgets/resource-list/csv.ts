import type { ExplainerField } from '../../core/index.js';
import { formatValue, type LabelsById } from '../shared/format.js';
import { centsToInput } from '../shared/money.js';
import { csvCell, CSV_SEPARATOR, LINE_END, UTF8_BOM } from '../../core/index.js';

/** A value as the table shows it, except numbers: no grouping, a decimal comma (what pt-PT Excel parses). */
function csvValue(field: ExplainerField, value: unknown, labels: LabelsById): string {
  if (field.type === 'float32' && typeof value === 'number') return String(value).replace('.', ',');
  if (field.type === 'money' && typeof value === 'number') return centsToInput(value);
  return formatValue(field, value, labels);
}

/** The rows as a CSV document: pt-PT headers from the field labels, values as the table shows them. */
export function buildCsv(
  fields: readonly ExplainerField[],
  records: readonly Record<string, unknown>[],
  labels: Record<string, LabelsById> = {},
): string {
  const lines = [fields.map((f) => csvCell(f.label)).join(CSV_SEPARATOR)];
  for (const record of records) {
    lines.push(fields.map((f) => csvCell(csvValue(f, record[f.name], f.ref ? labels[f.ref] : undefined))).join(CSV_SEPARATOR));
  }
  return UTF8_BOM + lines.join(LINE_END) + LINE_END;
}
