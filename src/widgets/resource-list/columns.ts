import type { ExplainerField } from '../../core/index.js';

/** The record columns every resource has (id, timestamps): offered, but not shown by default. */
const RECORD_GROUP = 'Registo';
const DEFAULT_COLUMN_COUNT = 6;

/** Fields that can be a column: everything the server returns (never passwords). */
export function listableFields(fields: readonly ExplainerField[]): ExplainerField[] {
  return fields.filter((f) => f.type !== 'password');
}

/** Without a choice: the `columns` attribute, else the first few short fields of the resource. */
export function defaultColumns(fields: readonly ExplainerField[], preferred: readonly string[]): string[] {
  const listable = listableFields(fields);
  const named = preferred.filter((name) => listable.some((f) => f.name === name));
  if (named.length > 0) return named;
  return listable
    .filter((f) => f.group !== RECORD_GROUP && f.inputType !== 'textarea')
    .slice(0, DEFAULT_COLUMN_COUNT)
    .map((f) => f.name);
}

/** The visible columns, in the order of the explainer; unknown stored names are dropped. */
export function visibleColumns(fields: readonly ExplainerField[], chosen: readonly string[] | null, defaults: readonly string[]): ExplainerField[] {
  const listable = listableFields(fields);
  const wanted = new Set(chosen ?? defaults);
  const visible = listable.filter((f) => wanted.has(f.name));
  // A stale choice (fields renamed since) must not leave an empty table.
  return visible.length > 0 ? visible : listable.filter((f) => defaults.includes(f.name));
}

/** Fields the filter panel offers: filterable ones, the record columns aside. */
export function filterFields(fields: readonly ExplainerField[]): ExplainerField[] {
  return fields.filter((f) => f.filterable && f.group !== RECORD_GROUP && f.type !== 'password');
}
