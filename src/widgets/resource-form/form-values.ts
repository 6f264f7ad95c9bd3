import type { ExplainerField } from '../../core/index.js';
import { centsToInput, parseEuros } from '../shared/money.js';

/** What a control holds: text for most inputs, a flag for checkboxes, ids for a multiselect. */
export type FormValue = string | boolean | number[];
export type FormValues = Record<string, FormValue>;

/** The record columns every resource has: shown only when asked for by name. */
const RECORD_GROUP = 'Registo';

export interface FieldChoice {
  /** Only these fields (names); empty means every field. */
  only: readonly string[];
  hidden: readonly string[];
  /** Shown but not editable here, whatever the server allows. */
  readonly: readonly string[];
}

export function shownFields(fields: readonly ExplainerField[], choice: FieldChoice): ExplainerField[] {
  return fields.filter((f) => {
    if (choice.hidden.includes(f.name)) return false;
    if (choice.only.length > 0) return choice.only.includes(f.name);
    return f.group !== RECORD_GROUP;
  });
}

export function isEditable(field: ExplainerField, choice: FieldChoice): boolean {
  return !field.readOnly && !choice.readonly.includes(field.name);
}

/** Fields by group, groups in the order they first appear. */
export function groupFields(fields: readonly ExplainerField[]): { group: string; fields: ExplainerField[] }[] {
  const groups = new Map<string, ExplainerField[]>();
  for (const field of fields) {
    const list = groups.get(field.group) ?? [];
    list.push(field);
    groups.set(field.group, list);
  }
  return [...groups].map(([group, list]) => ({ group, fields: list }));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value, in the browser's time zone. */
function toLocalDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A stored value as its control holds it. */
function toFormValue(field: ExplainerField, value: unknown): FormValue {
  switch (field.inputType) {
    case 'checkbox':
      return value === true || value === 1 || value === 'true';
    case 'multiselect':
      return Array.isArray(value) ? value.map(Number).filter(Number.isFinite) : [];
    case 'password':
      // Never shown back, and never known: the server keeps only a hash.
      return '';
    case 'datetime-local':
      return typeof value === 'string' ? toLocalDateTime(value) : '';
    case 'money':
      return typeof value === 'number' ? centsToInput(value) : value === null || value === undefined ? '' : String(value);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

export function toFormValues(fields: readonly ExplainerField[], record: Record<string, unknown> | null): FormValues {
  const values: FormValues = {};
  // A new record starts from the defaults the server declares (a stage starts active).
  for (const field of fields) values[field.name] = toFormValue(field, record ? record[field.name] : field.default);
  return values;
}

/**
 * A control's value as the API takes it. Numbers stay text here: the core's convertRecord turns
 * integer and float32 fields into numbers (and leaves text the server will name as invalid).
 */
function fromFormValue(field: ExplainerField, value: FormValue | undefined): unknown {
  if (field.inputType === 'checkbox') return value === true;
  if (field.inputType === 'multiselect') return Array.isArray(value) ? value : [];
  const text = typeof value === 'string' ? value : '';
  if (field.type === 'text') return text;
  if (text === '') return null;
  if (field.type === 'reference' || field.type === 'file' || field.type === 'image') return /^\d+$/.test(text) ? Number(text) : text;
  // Euros as typed become cents; text that is no amount goes as typed, for the server to refuse.
  if (field.inputType === 'money') return parseEuros(text) ?? text;
  if (field.inputType === 'datetime-local') {
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? text : d.toISOString();
  }
  return text;
}

/**
 * The body of a create or a full update. Every field the caller may write goes: shown fields
 * from the form, hidden ones as they were (a PUT clears what it leaves out). Read-only fields
 * and an untouched password stay out.
 */
export function buildPayload(
  fields: readonly ExplainerField[],
  shown: readonly ExplainerField[],
  choice: FieldChoice,
  values: FormValues,
  original: Record<string, unknown> | null,
): Record<string, unknown> {
  const shownNames = new Set(shown.map((f) => f.name));
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.readOnly) continue;
    if (shownNames.has(field.name) && isEditable(field, choice)) {
      const value = fromFormValue(field, values[field.name]);
      if (field.inputType === 'password' && value === null) continue;
      body[field.name] = value;
    } else if (original && field.name in original) {
      body[field.name] = original[field.name];
    }
  }
  if (original?._id !== undefined) body._id = original._id;
  // The version the form was filled from: the server refuses the write (409) if someone saved since.
  if (original?._version !== undefined) body._version = original._version;
  return body;
}

/** Whether two control values are the same (a multiselect's order does not count). */
export function sameFormValue(a: FormValue | undefined, b: FormValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y).join(',');
    return sorted(a) === sorted(b);
  }
  return a === b;
}
