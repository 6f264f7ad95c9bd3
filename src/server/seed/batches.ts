import { loose, type Db, type Row } from '../db/database.js';

/**
 * Rows per INSERT: large enough that a million rows take seconds, small enough to stay
 * under SQLite's and PostgreSQL's bound-parameter limits (32,766 and 65,535) at ~16 columns.
 */
export const INSERT_BATCH_ROWS = 1000;

/** Inserts rows with multi-row INSERTs; call it inside a transaction so it is one commit. */
export async function insertInBatches(db: Db, table: string, rows: readonly Row[], batchRows = INSERT_BATCH_ROWS): Promise<void> {
  for (let start = 0; start < rows.length; start += batchRows) {
    await loose(db)
      .insertInto(table)
      .values(rows.slice(start, start + batchRows))
      .execute();
  }
}
