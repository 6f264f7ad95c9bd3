import { sql } from 'kysely';
import type { Database } from './database.js';

/** Rows a single operation changes from which it tidies after itself; fewer are left to autovacuum. */
export const BULK_CHANGE_ROWS = 1000;

/**
 * After a bulk load or rewrite, PostgreSQL's VACUUM (ANALYZE) of the tables it touched (all of
 * the schema's when none are named): until autovacuum comes by, index scans fetch every row
 * from the heap to check its visibility and the planner works from old statistics (measured at
 * 1,000,000 members: a deep page's bare query 279 ms before, 58 ms after). SQLite updates in
 * place and keeps no visibility map: nothing to do. Runs outside any transaction, as VACUUM must.
 */
export async function vacuumAnalyze(database: Database, tables?: readonly string[]): Promise<void> {
  if (database.engine !== 'postgres') return;
  const names =
    tables ??
    (
      await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(
        database.db,
      )
    ).rows.map((row) => row.name);
  if (names.length === 0) return;
  await sql`VACUUM (ANALYZE) ${sql.join(names.map((name) => sql.table(name)))}`.execute(database.db);
}
