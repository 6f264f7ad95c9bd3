import { csvCell, CSV_SEPARATOR, LINE_END, UTF8_BOM } from '../../core/csv.js';
import { HttpError } from '../errors.js';
import type { Caller } from '../auth/caller.js';
import { explainedType, FIELD_KINDS } from '../fields/index.js';
import { asIs } from '../fields/kind.js';
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

// The organisation's clock: the browser showed its own zone, which for a Portuguese office is this one.
const DATE_TIME = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Lisbon' });

/** Cents as euros typed in a field: 2450 → "24,50", -5 → "-0,05"; no grouping, no sign of the currency. */
function euros(cents: number): string {
  if (!Number.isSafeInteger(cents)) return String(cents);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)},${digits.slice(-2)}`;
}

const isDigit = (text: string, at: number): boolean => {
  const code = text.charCodeAt(at);
  return code >= 48 && code <= 57;
};

/**
 * A stored phone (E.164) as people in Portugal write it: the rule of widgets/shared/phone.ts
 * (national groups for +351 numbers, others as stored), which a test holds the two to. Read by
 * character codes: it runs for every phone of an export.
 */
export function phoneText(value: string): string {
  if (value.length !== 13 || !value.startsWith('+351')) return value;
  for (let at = 4; at < 13; at += 1) if (!isDigit(value, at)) return value;
  // Lisbon (21) and Porto (22) are written 2 + 3 + 4, every other number 3 + 3 + 3.
  const first = value.length - 9;
  const short = value[first] === '2' && (value[first + 1] === '1' || value[first + 1] === '2') ? 2 : 3;
  return `${value.slice(first, first + short)} ${value.slice(first + short, first + short + 3)} ${value.slice(first + short + 3)}`;
}

// Where aaaa-mm-dd has its digits.
const DAY_DIGITS: readonly number[] = [0, 1, 2, 3, 5, 6, 8, 9];

/** A day as dd/mm/aaaa, from text that starts aaaa-mm-dd (the rest, a time, left out); other text as it is. */
function dayText(value: string): string {
  if (value.length < 10 || value[4] !== '-' || value[7] !== '-') return value;
  for (const at of DAY_DIGITS) if (!isDigit(value, at)) return value;
  return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
}

const referenceText = (id: unknown, labels: ReferenceLabels | undefined): string => labels?.get(Number(id)) ?? `#${String(id)}`;

// Moments' texts by their minute: Intl's formatting costs about a microsecond a cell, and rows
// read together (imported, created together, sorted by date) share minutes. Lisbon's offsets since
// 1912 are whole hours, so every moment of a UTC minute after 1970 reads as the same local minute.
const MINUTE_MS = 60_000;
const MAX_KEPT_MINUTES = 10_000;
const minuteTexts = new Map<number, string>();

function momentText(moment: Date): string {
  const ms = moment.getTime();
  if (ms < 0) return DATE_TIME.format(moment);
  const minute = Math.floor(ms / MINUTE_MS);
  let text = minuteTexts.get(minute);
  if (text === undefined) {
    if (minuteTexts.size >= MAX_KEPT_MINUTES) minuteTexts.clear();
    text = DATE_TIME.format(moment);
    minuteTexts.set(minute, text);
  }
  return text;
}

/** A value that is not empty as its cell's text. */
type Format = (value: unknown, labels: ReferenceLabels | undefined) => string;

/**
 * The text of a field's values (as the record's JSON gives them), chosen once per column: Sim/Não,
 * days as dd/mm/aaaa, moments as dd/mm/aaaa, hh:mm in Lisbon, option labels, referenced records
 * by name, passwords never.
 */
function formatOf(field: Field): Format {
  switch (explainedType(field)) {
    case 'boolean':
      return (value) => (value === true || value === 1 || value === 'true' ? 'Sim' : 'Não');
    case 'date':
      return (value) => dayText(String(value));
    case 'datetime':
      return (value) => {
        const moment = new Date(String(value));
        return Number.isNaN(moment.getTime()) ? String(value) : momentText(moment);
      };
    case 'float32':
      return (value) => (typeof value === 'number' ? String(value).replace('.', ',') : String(value));
    case 'money':
      return (value) => (typeof value === 'number' ? euros(value) : String(value));
    case 'enum': {
      const labels = new Map<string, string>();
      // A value's first option, should two share it.
      for (const option of field.options ?? []) if (!labels.has(option.value)) labels.set(option.value, option.label);
      return (value) => labels.get(String(value)) ?? String(value);
    }
    case 'reference':
      return referenceText;
    case 'references':
      return (value, labels) => (Array.isArray(value) ? value.map((id) => referenceText(id, labels)).join(', ') : referenceText(value, labels));
    case 'password':
      return () => '';
    case 'phone':
      return (value) => phoneText(String(value));
    default:
      return (value) => String(value);
  }
}

const isEmpty = (value: unknown): boolean => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** One value (as the record's JSON gives it) as the cell's text, before quoting: '' when empty. */
export const cellText = (field: Field, value: unknown, labels?: ReferenceLabels): string => (isEmpty(value) ? '' : formatOf(field)(value, labels));

/**
 * Text csvCell would change: it may start a formula (=, @, tab, CR, + or -) or holds the
 * separator, a quote or a line break. Any other text csvCell gives back as it is.
 */
const CSV_CELL_CHANGES = /^[=@\t\r+-]|[;"\r\n]/;

/** csvCell's answer, with one test for the many cells it leaves as they are. */
export const csvText = (text: string): string => (CSV_CELL_CHANGES.test(text) ? csvCell(text) : text);

/**
 * How an export writes one column: a value as the database row holds it (a linked field's ids,
 * as withLinks lists them, which its kind answers as they are) to its CSV cell, quoted as needed:
 * csvCell(cellText(field, the value its record's JSON gives)), with the field's rules chosen once.
 */
export type CellWriter = (stored: unknown, labels: ReferenceLabels | undefined) => string;

// Distinct texts a column keeps quoted (the names of referenced people can be many).
const MAX_KEPT_TEXTS = 10_000;

/** The general writer: the kind's output, then the field's text, then quoting. */
function anyValue(field: Field, format: Format): CellWriter {
  const { output } = FIELD_KINDS[field.type];
  return (stored, labels) => {
    if (stored === null || stored === undefined) return '';
    const value = output(stored, field);
    return isEmpty(value) ? '' : csvText(format(value, labels));
  };
}

/** Columns of a few texts repeated down the rows (Sim/Não, options, names of states): each text quoted once. */
function fewTexts(field: Field, format: Format): CellWriter {
  const { output } = FIELD_KINDS[field.type];
  const cells = new Map<string, string>();
  return (stored, labels) => {
    if (stored === null || stored === undefined) return '';
    const value = output(stored, field);
    if (isEmpty(value)) return '';
    const text = format(value, labels);
    let cell = cells.get(text);
    if (cell === undefined) {
      if (cells.size >= MAX_KEPT_TEXTS) cells.clear();
      cell = csvText(text);
      cells.set(text, cell);
    }
    return cell;
  };
}

/*
 * The writers of the usual columns, each its own function so that the engine optimises each
 * column's calls on their own (one general writer for every column calls a different output
 * and format each time). Each gives what the general writer gives, and hands any value it does
 * not expect (a text column holding a number) to it.
 */

/** Text kinds answered as stored (names, e-mails, notes). */
function storedText(general: CellWriter): CellWriter {
  return (stored, labels) => (typeof stored === 'string' ? (stored === '' ? '' : csvText(stored)) : general(stored, labels));
}

/** Phones, stored as text (E.164). */
function storedPhone(general: CellWriter): CellWriter {
  return (stored, labels) => (typeof stored === 'string' ? (stored === '' ? '' : csvText(phoneText(stored))) : general(stored, labels));
}

/** Days, stored as aaaa-mm-dd text. */
function storedDay(general: CellWriter): CellWriter {
  return (stored, labels) => (typeof stored === 'string' ? (stored === '' ? '' : csvText(dayText(stored))) : general(stored, labels));
}

/** Integers, stored as numbers (PostgreSQL's bigint as text goes to the general writer). */
function storedInteger(general: CellWriter): CellWriter {
  return (stored, labels) => (typeof stored === 'number' ? csvText(String(stored)) : general(stored, labels));
}

export function cellWriter(field: Field): CellWriter {
  const format = formatOf(field);
  const type = explainedType(field);
  if (type === 'boolean' || type === 'enum' || type === 'reference') return fewTexts(field, format);
  const general = anyValue(field, format);
  const { output } = FIELD_KINDS[field.type];
  if (output === asIs && (type === 'string' || type === 'text' || type === 'email')) return storedText(general);
  if (output === asIs && type === 'phone') return storedPhone(general);
  if (output === asIs && type === 'date') return storedDay(general);
  if (output === Number && type === 'integer') return storedInteger(general);
  return general;
}

/** One CSV line (`;`, quoting, the formula guard, CRLF) of cells already as text. */
const csvLine = (cells: readonly string[]): string => cells.map(csvCell).join(CSV_SEPARATOR) + LINE_END;

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
