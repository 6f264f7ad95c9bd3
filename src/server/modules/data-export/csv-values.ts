import { csvCell, CSV_SEPARATOR, LINE_END, UTF8_BOM } from '../../../core/csv.js';
import { explainedType } from '../../fields/computed.js';
import type { Field } from '../../resources/define.js';

/** Euros with a decimal comma and no grouping ("-1234,50"): what Excel set to Portuguese reads as a number. */
function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(cents))).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)},${digits.slice(-2)}`;
}

/**
 * A value as a person reads it in a spreadsheet, as the lists' CSV export writes it: euros and
 * decimals with a comma, Sim/Não, days as dd/mm/aaaa, an option by its label, references by
 * their _id (the JSON beside it keeps every value as the API gives it).
 */
export function csvText(field: Field, value: unknown): string {
  if (value === null || value === undefined) return '';
  const type = explainedType(field);
  if (type === 'money' && typeof value === 'number') return euros(value);
  if (type === 'float32' && typeof value === 'number') return String(value).replace('.', ',');
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (type === 'date' && typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  if (type === 'enum') return field.options?.find((o) => o.value === String(value))?.label ?? String(value);
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** One line of the CSV (the core's writer: `;`, quoting, formula guard). */
export const csvLine = (cells: readonly string[]): string => cells.map(csvCell).join(CSV_SEPARATOR) + LINE_END;

/** The header line, after the byte-order mark Excel needs to read UTF-8. */
export const csvHeader = (fields: readonly { label: string }[]): string => UTF8_BOM + csvLine(fields.map((f) => f.label));
