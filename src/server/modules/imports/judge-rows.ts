import type { ImportRowResult } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import type { Judged, ParsedRow, RowHandler } from './kind.js';

/** The key (field and value) of every row read so far, to the line that first had it. */
export type SeenKeys = Map<string, number>;

/**
 * A row that repeats a key of an earlier row of the file (the same NIF, number or e-mail) is a
 * duplicate: reported, never written, so a file cannot create one person twice or update a
 * member twice with different values. Otherwise its keys are remembered; null means "judge it".
 */
export function inFileDuplicate(handler: RowHandler, row: ParsedRow, seen: SeenKeys): ImportRowResult | null {
  const keys = handler.keysOf(row);
  for (const key of keys) {
    const line = seen.get(`${key.field}\u0000${key.value}`);
    if (line !== undefined) return { line: row.line, outcome: 'duplicate', errors: [{ field: key.field, message: `${key.label} já está na linha ${line} do ficheiro.` }] };
  }
  for (const key of keys) seen.set(`${key.field}\u0000${key.value}`, row.line);
  return null;
}

/** A chunk of rows judged in `trx`, in file order: duplicates inside the file, or what the kind's handler says. */
export async function judgeChunk(handler: RowHandler, trx: Db, rows: readonly ParsedRow[], seen: SeenKeys): Promise<Judged[]> {
  const duplicates = rows.map((row) => inFileDuplicate(handler, row, seen));
  await handler.prepareChunk?.(trx, rows.filter((_, i) => duplicates[i] === null));
  const judged: Judged[] = [];
  for (const [i, row] of rows.entries()) {
    const duplicate = duplicates[i];
    judged.push(duplicate ? { result: duplicate } : await handler.judge(trx, row));
  }
  return judged;
}
