import type { ImportRowResult } from '../../../core/contract.js';
import type { ImportKindDefinition, ImportRun } from './kind.js';
import { judgeChunk, type SeenKeys } from './judge-rows.js';
import { rowReader } from './parse-rows.js';
import type { Sheet } from './read-file.js';

/**
 * Rows judged per transaction. Each transaction is rolled back (a check writes nothing, even
 * by accident of a hook), and kept short: on SQLite the one connection serves every request.
 */
const CHECK_CHUNK = 500;

/** The dry run: every row judged by the rules a save applies, in file order; nothing is written. */
export async function runCheck(run: ImportRun, kind: ImportKindDefinition, sheet: Sheet): Promise<ImportRowResult[]> {
  const { db } = run.app.ctx.database;
  const reader = await rowReader(db, sheet, run.fields, run.mapping, run.defaults);
  const handler = await kind.handler(run);
  const seen: SeenKeys = new Map();
  const results: ImportRowResult[] = [];
  for (let start = 0; start < sheet.rows.length; start += CHECK_CHUNK) {
    const trx = await db.startTransaction().execute();
    try {
      const rows = sheet.rows.slice(start, start + CHECK_CHUNK).map((row) => reader.read(row));
      for (const judged of await judgeChunk(handler, trx, rows, seen)) results.push(judged.result);
    } finally {
      await trx.rollback().execute();
    }
  }
  return results;
}
