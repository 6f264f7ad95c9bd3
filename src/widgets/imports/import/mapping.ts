// What a mapping lacks before it is checked: a required field no column (nor a value for every
// row) fills, or a field that takes one value filled by two columns. The server checks the same;
// saying it here spares a round trip and names the field.
import type { ImportColumn, ImportDefaults, ImportField, ImportMapping } from '../../../core/index.js';
import { IMPORT_TEXTS as T } from '../texts.js';

export const headerOf = (column: ImportColumn): string => column.header.trim() || T.untitled(column.index);

/** The required fields a mapping leaves without a column and without a value for every row. */
function unmappedRequired(fields: readonly ImportField[], mapping: ImportMapping, defaults: ImportDefaults): ImportField[] {
  const mapped = new Set(Object.values(mapping).filter((key): key is string => Boolean(key)));
  return fields.filter((field) => field.required && !mapped.has(field.key) && !(defaults[field.key] ?? '').trim());
}

/** The mapping's problems, in pt-PT, the first thing to fix first. */
export function mappingProblems(columns: readonly ImportColumn[], fields: readonly ImportField[], mapping: ImportMapping, defaults: ImportDefaults): string[] {
  const problems: string[] = [];
  const missing = unmappedRequired(fields, mapping, defaults);
  if (missing.length > 0) problems.push(T.missingRequired(missing.map((field) => field.label)));
  for (const field of fields) {
    if (field.joins) continue;
    const filling = columns.filter((column) => mapping[String(column.index)] === field.key);
    if (filling.length > 1) problems.push(T.usedTwice(field.label, filling.map(headerOf)));
  }
  return problems;
}

/** A mapping with every column named (null: not imported), as the server takes it. */
export function fullMapping(columns: readonly ImportColumn[], mapping: ImportMapping): ImportMapping {
  return Object.fromEntries(columns.map((column) => [String(column.index), mapping[String(column.index)] || null]));
}

/** The values for every row that say something (blank ones left out). */
export const givenDefaults = (defaults: ImportDefaults): ImportDefaults => Object.fromEntries(Object.entries(defaults).filter(([, value]) => value.trim() !== ''));
