import type { ExplainerField } from '../../core/index.js';
import { sameFormValue, type FormValue, type FormValues } from './form-values.js';

/**
 * Who changed a field since the form was filled: only the user ('mine', kept), only the
 * other person ('theirs', taken), both to the same value ('same'), or both differently
 * ('both': the user chooses).
 */
export type MergeKind = 'mine' | 'theirs' | 'same' | 'both';

export type MergeChoice = 'mine' | 'theirs';

export interface FieldMerge {
  field: ExplainerField;
  /** The value when the form was filled (opened, or last saved). */
  base: FormValue;
  /** What the user has in the form. */
  mine: FormValue;
  /** What is stored now. */
  theirs: FormValue;
  kind: MergeKind;
}

/** The fields someone changed, in the order shown, with who changed them. */
export function fieldMerges(fields: readonly ExplainerField[], base: FormValues, mine: FormValues, theirs: FormValues): FieldMerge[] {
  const merges: FieldMerge[] = [];
  for (const field of fields) {
    const b = base[field.name] ?? '';
    const m = mine[field.name] ?? b;
    const t = theirs[field.name] ?? '';
    const mineChanged = !sameFormValue(m, b);
    const theirsChanged = !sameFormValue(t, b);
    if (!mineChanged && !theirsChanged) continue;
    const kind: MergeKind = mineChanged && theirsChanged ? (sameFormValue(m, t) ? 'same' : 'both') : mineChanged ? 'mine' : 'theirs';
    merges.push({ field, base: b, mine: m, theirs: t, kind });
  }
  return merges;
}

/** Whether the other person changed nothing the form shows (nothing to show the user, nothing to choose). */
export function nothingOfTheirs(merges: readonly FieldMerge[]): boolean {
  return merges.every((m) => m.kind === 'mine' || m.kind === 'same');
}

/** Fields both people changed for which the user has not chosen yet. */
export function unresolved(merges: readonly FieldMerge[], choices: Readonly<Record<string, MergeChoice>>): FieldMerge[] {
  return merges.filter((m) => m.kind === 'both' && !choices[m.field.name]);
}

/** The form's values after merging: what is stored, with the user's changes kept or chosen. */
export function mergedValues(theirs: FormValues, merges: readonly FieldMerge[], choices: Readonly<Record<string, MergeChoice>>): FormValues {
  const values = { ...theirs };
  for (const m of merges) {
    if (m.kind === 'mine' || (m.kind === 'both' && choices[m.field.name] === 'mine')) values[m.field.name] = m.mine;
  }
  return values;
}

/** The edits that turn `stored` into `values`: what the form still has to save. */
export function editsFrom(values: FormValues, stored: FormValues): FormValues {
  const edits: FormValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (!sameFormValue(value, stored[name])) edits[name] = value;
  }
  return edits;
}
