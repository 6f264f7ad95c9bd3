import { csvCell, CSV_SEPARATOR, LINE_END, UTF8_BOM } from '../../core/csv.js';
import { HttpError } from '../errors.js';
import type { Caller } from '../auth/caller.js';
import { explainedType } from '../fields/index.js';
import type { Field, Resource } from './define.js';
import { canReadField } from './permissions.js';

/**
 * A list's values as the interface's CSV export writes them, on the server: what the table shows
 * (widgets/shared/format.ts), except numbers, which go without grouping and with a decimal comma
 * so that Excel set to Portuguese reads them as numbers (the rules of the former browser-side
 * export, widgets/resource-list/csv.ts, kept cell for cell).
 */

/** Names of referenced records by id, per referenced resource; '#id' when the caller may not read one. */
export type ReferenceLabels = ReadonlyMap<number, string>;

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;
// The organisation's clock: the browser showed its own zone, which for a Portuguese office is this one.
const DATE_TIME = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Lisbon' });

/** Cents as euros typed in a field: 2450 → "24,50", -5 → "-0,05"; no grouping, no sign of the currency. */
function euros(cents: number): string {
  if (!Number.isSafeInteger(cents)) return String(cents);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)},${digits.slice(-2)}`;
}

/**
 * A stored phone (E.164) as people in Portugal write it: the rule of widgets/shared/phone.ts
 * (national groups for +351 numbers, others as stored), which a test holds the two to.
 */
export function phoneText(value: string): string {
  const national = /^\+351(\d{9})$/.exec(value)?.[1];
  if (!national) return value;
  const groups = /^2[12]/.test(national) ? [2, 3, 4] : [3, 3, 3];
  let at = 0;
  return groups.map((size) => national.slice(at, (at += size))).join(' ');
}

const referenceText = (id: unknown, labels: ReferenceLabels | undefined): string => labels?.get(Number(id)) ?? `#${String(id)}`;

/**
 * One value (as the record's JSON gives it) as the cell's text: '' when empty, Sim/Não, days as
 * dd/mm/aaaa, moments as dd/mm/aaaa, hh:mm in Lisbon, option labels, referenced records by name.
 */
export function cellText(field: Field, value: unknown, labels?: ReferenceLabels): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '';
  switch (explainedType(field)) {
    case 'boolean':
      return value === true || value === 1 || value === 'true' ? 'Sim' : 'Não';
    case 'date': {
      const day = DAY.exec(String(value));
      return day ? `${day[3]}/${day[2]}/${day[1]}` : String(value);
    }
    case 'datetime': {
      const moment = new Date(String(value));
      return Number.isNaN(moment.getTime()) ? String(value) : DATE_TIME.format(moment);
    }
    case 'float32':
      return typeof value === 'number' ? String(value).replace('.', ',') : String(value);
    case 'money':
      return typeof value === 'number' ? euros(value) : String(value);
    case 'enum':
      return field.options?.find((o) => o.value === String(value))?.label ?? String(value);
    case 'reference':
      return referenceText(value, labels);
    case 'references':
      return Array.isArray(value) ? value.map((id) => referenceText(id, labels)).join(', ') : referenceText(value, labels);
    case 'password':
      return '';
    case 'phone':
      return phoneText(String(value));
    default:
      return String(value);
  }
}

/** One CSV line (`;`, quoting, the formula guard, CRLF) of cells already as text. */
export const csvLine = (cells: readonly string[]): string => cells.map(csvCell).join(CSV_SEPARATOR) + LINE_END;

/** The file's start: the byte-order mark Excel needs to read UTF-8, and the columns' pt-PT labels. */
export const csvHead = (fields: readonly Field[]): string => UTF8_BOM + csvLine(fields.map((f) => f.label));

// More than any list has fields: a longer list is a mistake, not a choice of columns.
const MAX_COLUMNS = 200;

/**
 * The columns `_columns` names (`number,name,state`), in its order: fields of the resource the
 * caller receives. An unknown, unreadable or repeated name is a 422 naming it, in pt-PT.
 */
export function exportColumns(resource: Resource, caller: Caller, raw: string | string[] | undefined): Field[] {
  const refuse = (message: string) => new HttpError(422, message);
  if (Array.isArray(raw)) throw refuse('O parâmetro "_columns" só pode aparecer uma vez: indique as colunas separadas por vírgulas.');
  const names = (raw ?? '').split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (names.length === 0) throw refuse('Indique as colunas a exportar em "_columns" (por exemplo, _columns=number,name).');
  if (names.length > MAX_COLUMNS) throw refuse(`A exportação aceita no máximo ${MAX_COLUMNS} colunas.`);
  const fields: Field[] = [];
  for (const name of names) {
    const field = resource.field(name);
    if (!field || !canReadField(field, caller)) throw refuse(`Coluna desconhecida na exportação de ${resource.label}: "${name}".`);
    if (fields.includes(field)) throw refuse(`A coluna "${name}" aparece mais de uma vez em "_columns".`);
    fields.push(field);
  }
  return fields;
}
