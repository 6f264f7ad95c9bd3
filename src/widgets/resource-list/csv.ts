import type { ExplainerField } from '../../core/index.js';
import { formatValue, type LabelsById } from '../shared/format.js';
import { centsToInput } from '../shared/money.js';

/**
 * Semicolon, not comma: Excel set to Portuguese uses the comma as the decimal separator and
 * the semicolon as its list separator, so a comma-separated file opens as one column there.
 */
const CSV_SEPARATOR = ';';
/** Excel reads a file without a byte-order mark as ANSI and garbles accents ('SÃ³cio'). */
const UTF8_BOM = '\uFEFF';
const LINE_END = '\r\n';

/** RFC 4180 quoting: fields holding the separator, quotes or line breaks are quoted, quotes doubled. */
function csvCell(text: string): string {
  // A leading =, +, - or @ makes spreadsheets run the cell as a formula (CSV injection): a
  // quote character keeps it text. Numbers and phone numbers ('+351 912 345 678') stay as they are.
  const formula = /^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][\d\s().,]*$/.test(text));
  const safe = formula ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of text already as shown (the first one the header) as a CSV document, as buildCsv writes one. */
export function csvTable(rows: readonly (readonly string[])[]): string {
  return UTF8_BOM + rows.map((row) => row.map(csvCell).join(CSV_SEPARATOR)).join(LINE_END) + LINE_END;
}

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
