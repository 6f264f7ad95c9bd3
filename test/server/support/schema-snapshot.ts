import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type Database, type Db } from '../../../src/server/db/database.js';
import { testEngine } from './server.js';

/** A fresh, empty database on the test engine (a temporary SQLite file or a new PostgreSQL schema). */
export async function openFreshDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-schema-'));
  if (testEngine === 'postgres' && !process.env.DATABASE_URL) throw new Error('ASSOCIA_TEST_ENGINE=postgres needs DATABASE_URL');
  const pgSchema = testEngine === 'postgres' ? `s_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({ dataDir, databaseUrl: pgSchema ? process.env.DATABASE_URL : undefined, pgSchema });
  return {
    ...database,
    async drop() {
      await database.close();
      if (pgSchema) {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Everything migrations create, as text that can be compared: tables, columns, virtual tables,
 * triggers and indexes (sqlite_master on SQLite; the catalogue on PostgreSQL, the random
 * schema name replaced so two databases compare equal).
 */
export async function schemaSnapshot(database: Database): Promise<string[]> {
  const rows = database.engine === 'sqlite' ? await sqliteSchema(database.db) : await postgresSchema(database.db, database.schema!);
  return rows.sort();
}

async function sqliteSchema(db: Db): Promise<string[]> {
  const { rows } = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
    SELECT type, name, tbl_name, sql FROM sqlite_master`.execute(db);
  return rows.map((r) => `${r.type} ${r.name} ON ${r.tbl_name}: ${r.sql ?? ''}`);
}

async function postgresSchema(db: Db, schema: string): Promise<string[]> {
  const anonymous = (text: string) => text.split(`${schema}.`).join('<schema>.');
  const columns = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>`
    SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
    WHERE table_schema = ${schema}`.execute(db);
  const constraints = await sql<{ table_name: string; constraint_name: string; constraint_type: string }>`
    SELECT table_name, constraint_name, constraint_type FROM information_schema.table_constraints
    WHERE table_schema = ${schema} AND constraint_type <> 'CHECK'`.execute(db);
  const indexes = await sql<{ indexname: string; indexdef: string }>`
    SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = ${schema}`.execute(db);
  const triggers = await sql<{ tgname: string; def: string }>`
    SELECT t.tgname, pg_get_triggerdef(t.oid) AS def FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${schema} AND NOT t.tgisinternal`.execute(db);
  const functions = await sql<{ proname: string; def: string }>`
    SELECT p.proname, pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = ${schema}`.execute(db);
  return [
    ...columns.rows.map((c) => `column ${c.table_name}.${c.column_name} ${c.data_type} ${c.is_nullable} ${c.column_default ?? ''}`),
    ...constraints.rows.map((c) => `constraint ${c.table_name} ${c.constraint_name} ${c.constraint_type}`),
    ...indexes.rows.map((i) => `index ${i.indexname}: ${anonymous(i.indexdef)}`),
    ...triggers.rows.map((t) => `trigger ${t.tgname}: ${anonymous(t.def)}`),
    ...functions.rows.map((f) => `function ${f.proname}: ${anonymous(f.def)}`),
  ].map(anonymous);
}

/** The columns of a table's trigram search index `<table>_search` (none when it has none), as the engine keeps them. */
export async function searchIndexColumns(database: Pick<Database, 'db' | 'engine'>, table: string): Promise<string[]> {
  const index = `${table}_search`;
  if (database.engine === 'sqlite') return (await sql<{ name: string }>`SELECT name FROM pragma_table_info(${index})`.execute(database.db)).rows.map((r) => r.name);
  const { rows } = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE indexname = ${index} AND schemaname = current_schema()`.execute(database.db);
  // Each column appears once in the indexed document as COALESCE(column, '') or COALESCE((column)::text, '').
  return [...(rows[0]?.indexdef ?? '').matchAll(/COALESCE\(\(?(\w+)/g)].map((m) => m[1]!);
}
