import type { ExplainerField } from '../../core/index.js';
import type { ReferenceOption } from '../shared/reference-cache.js';
import { RESOURCE_TEXTS } from '../shared/texts.js';
import { CONFLICT_TEXTS } from './conflict-texts.js';
import type { FormValue } from './form-values.js';

export interface ReferenceNames {
  options: Record<string, ReferenceOption[]>;
  labels: Record<string, Record<string, string>>;
}

function referenceName(ref: string | undefined, id: string, names: ReferenceNames): string {
  if (!ref) return `#${id}`;
  return names.options[ref]?.find((o) => String(o.value) === id)?.label ?? names.labels[ref]?.[id] ?? `#${id}`;
}

/** A control's value as a person reads it: names for references and options, Sim/Não, '—' for nothing. */
export function describeValue(field: ExplainerField, value: FormValue | undefined, names: ReferenceNames): string {
  if (field.inputType === 'checkbox') return value === true ? RESOURCE_TEXTS.yes : RESOURCE_TEXTS.no;
  if (Array.isArray(value)) return value.length === 0 ? RESOURCE_TEXTS.none : value.map((id) => referenceName(field.ref, String(id), names)).join(', ');
  const text = typeof value === 'string' ? value : '';
  if (text === '') return RESOURCE_TEXTS.none;
  // Never shown back: only that one was typed.
  if (field.inputType === 'password') return CONFLICT_TEXTS.newPassword;
  if (field.inputType === 'select') {
    if (field.ref) return referenceName(field.ref, text, names);
    return field.options?.find((o) => o.value === text)?.label ?? text;
  }
  if (field.inputType === 'datetime-local') return text.replace('T', ' ');
  return text;
}
