import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * The columns a table has in this database (empty when the table does not exist), so an
 * operator command works on a database whatever later migrations have added.
 */
export async function tableColumns(database: Database, table: string): Promise<Set<string>> {
  const { db, engine } = database;
  if (engine === 'sqlite') {
    const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db);
    return new Set(rows.map((row) => row.name));
  }
  const { rows } = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table}`.execute(db);
  return new Set(rows.map((row) => row.column_name));
}
