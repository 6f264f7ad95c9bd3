import fs from 'node:fs';
import readline from 'node:readline';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

const BATCH = 500;
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The schema's tables, each after the tables it refers to (a cycle, if any, in name order). */
export async function tablesInLoadOrder(db: Db, tables: readonly string[]): Promise<string[]> {
  const edges = await sql<{ child: string; parent: string }>`
    SELECT (SELECT relname FROM pg_class WHERE oid = c.conrelid) AS child, (SELECT relname FROM pg_class WHERE oid = c.confrelid) AS parent
    FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`.execute(db);
  const needs = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges.rows) if (child !== parent && needs.has(child) && needs.has(parent)) needs.get(child)!.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = [...needs.keys()].filter((t) => !placed.has(t) && [...needs.get(t)!].every((p) => placed.has(p))).sort();
    const next = ready.length > 0 ? ready : [...needs.keys()].filter((t) => !placed.has(t)).sort().slice(0, 1);
    for (const table of next) {
      placed.add(table);
      ordered.push(table);
    }
  }
  return ordered;
}

/** Columns a row is written through: all but generated ones, which PostgreSQL computes again. */
async function writableColumns(db: Db, table: string): Promise<string[]> {
  const result = await sql<{ name: string }>`
    SELECT column_name AS name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER' ORDER BY ordinal_position`.execute(db);
  return result.rows.map((row) => row.name);
}

/**
 * Loads a dumped table's JSON lines (postgres-dump.ts) into the empty table, a batch at a time,
 * PostgreSQL reading each row back from its own JSON (jsonb_populate_recordset), keys and all.
 */
export async function loadTable(db: Db, table: string, file: string): Promise<number> {
  const columns = (await writableColumns(db, table)).map(quote).join(', ');
  let batch: string[] = [];
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const json = `[${batch.join(',')}]`;
    await sql`${sql.raw(`INSERT INTO ${quote(table)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM jsonb_populate_recordset(NULL::${quote(table)}, `)}${json}::jsonb)`.execute(db);
    rows += batch.length;
    batch = [];
  };
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return rows;
}

/** Every identity column's sequence set past the largest key loaded, so the next insert takes a new one. */
export async function resetIdentities(db: Db): Promise<void> {
  const identities = await sql<{ table: string; column: string }>`
    SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
    WHERE table_schema = current_schema() AND is_identity = 'YES'`.execute(db);
  for (const { table, column } of identities.rows) {
    await sql
      .raw(
        `SELECT setval(pg_get_serial_sequence(${`'${quote(table).replace(/'/g, "''")}'`}, '${column.replace(/'/g, "''")}'), COALESCE((SELECT max(${quote(column)}) FROM ${quote(table)}), 0) + 1, false)`,
      )
      .execute(db);
  }
}

/** Empties every table of the schema (what migrations seeded is replaced by the backup's rows). */
export async function emptyTables(db: Db, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await sql.raw(`TRUNCATE ${tables.map(quote).join(', ')} RESTART IDENTITY CASCADE`).execute(db);
}
