import type { ImportDefaults, ImportMapping, ImportRowError } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import { cellValue, nameLookup, type NameLookup } from './cells.js';
import { columnsByField, type TargetField } from './fields.js';
import type { ParsedRow } from './kind.js';
import type { Sheet, SheetRow } from './read-file.js';

/** Reads data rows through a mapping: each field's cells (or the default for every row) as the API value. */
export interface RowReader {
  read(row: SheetRow): ParsedRow;
}

export async function rowReader(db: Db, sheet: Sheet, fields: readonly TargetField[], mapping: ImportMapping, defaults: ImportDefaults): Promise<RowReader> {
  const plan = columnsByField(mapping, sheet.header);
  const used = fields.filter((f) => plan.has(f.key) || (defaults[f.key] ?? '').trim() !== '');
  const lookups = new Map<string, NameLookup>();
  for (const field of used) if (field.target) lookups.set(field.key, await nameLookup(db, field));
  return {
    read({ line, cells }) {
      const body: Record<string, unknown> = {};
      const errors: ImportRowError[] = [];
      for (const field of used) {
        const texts = (plan.get(field.key) ?? []).map((column) => cells[column] ?? '');
        const fallback = defaults[field.key];
        let result = cellValue(field, texts, lookups);
        if (result === null && fallback !== undefined) result = cellValue(field, [fallback], lookups);
        if (result === null) continue;
        if (result.ok) body[field.key] = result.value;
        else errors.push({ field: field.key, message: result.message });
      }
      return { line, cells, body, errors };
    },
  };
}
