import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

const BATCH = 1000;
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The schema's own tables, by name. */
export async function schemaTables(db: Db): Promise<string[]> {
  const result = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  return result.rows.map((row) => row.name);
}

/** A table's primary key columns, in key order (empty for a table without one). */
async function keyColumns(db: Db, table: string): Promise<string[]> {
  const result = await sql<{ name: string }>`
    SELECT a.attname AS name
    FROM pg_index i
    JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position) ON true
    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
    WHERE i.indrelid = (quote_ident(current_schema()) || '.' || quote_ident(${table}))::regclass AND i.indisprimary
    ORDER BY k.position`.execute(db);
  return result.rows.map((row) => row.name);
}

/**
 * A table's rows, each as PostgreSQL's own JSON of it (to_jsonb: numbers, text and bytes as it
 * would read them back with jsonb_populate_recordset), in key order so a row referring to an
 * earlier one of its table is restored after it. Read through a cursor, a batch at a time,
 * inside the caller's transaction: the dump's snapshot.
 */
export async function* tableRows(trx: Db, table: string): AsyncGenerator<string> {
  const keys = await keyColumns(trx, table);
  const order = keys.length > 0 ? ` ORDER BY ${keys.map((k) => `t.${quote(k)}`).join(', ')}` : '';
  await sql.raw(`DECLARE associa_backup NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS j FROM ${quote(table)} t${order}`).execute(trx);
  try {
    for (;;) {
      const batch = await sql.raw<{ j: string }>(`FETCH ${BATCH} FROM associa_backup`).execute(trx);
      for (const row of batch.rows) yield row.j;
      if (batch.rows.length < BATCH) break;
    }
  } finally {
    await sql.raw('CLOSE associa_backup').execute(trx);
  }
}

/**
 * Runs `work` in one REPEATABLE READ, READ ONLY transaction: every table it reads is read as of
 * one moment, while writers carry on (they never wait for it, nor it for them).
 */
export function inSnapshot<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY`.execute(trx);
    return work(trx);
  });
}
