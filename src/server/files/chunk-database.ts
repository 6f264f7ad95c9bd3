import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { ChunkDb } from './database-store.js';

/**
 * Connections the database store has to itself. A receipt's PDF is written, and a logo read,
 * inside a request's transaction: through the requests' connections, ten such transactions at
 * once would each wait for an eleventh connection (PostgreSQL's pool), and on SQLite the one
 * connection the transaction holds would wait for itself. The store's own connections never
 * wait for a request, so neither can happen.
 */
const STORE_CONNECTIONS = 4;

/** The SQLite file of the database store on SQLite, beside the database's (whose one connection is the requests'). */
export const SQLITE_CHUNKS_FILE = 'files.db';

function postgresChunks(config: Config, database: Database): { db: ChunkDb; close(): Promise<void> } {
  const schema = database.schema;
  const pool = new pg.Pool({
    connectionString: config.databaseUrl,
    max: STORE_CONNECTIONS,
    // Idle ones close, so an instance that stores few files holds no connection for them.
    idleTimeoutMillis: 10_000,
    options: `-c jit=off${schema ? ` -c search_path=${schema},public` : ''}`,
  });
  pool.on('error', (error) => console.error(`PostgreSQL closed an idle file store connection (${error.message}); a new one is opened when needed.`));
  const db: ChunkDb = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return { db, close: () => db.destroy() };
}

function sqliteChunks(config: Config): { db: ChunkDb; close(): Promise<void> } {
  const conn = new SQLite(path.join(config.dataDir, SQLITE_CHUNKS_FILE));
  conn.pragma('journal_mode = WAL');
  conn.pragma('synchronous = NORMAL');
  conn.pragma('busy_timeout = 5000');
  // Its own file, so its own schema: the same table the PostgreSQL migration makes (files/039).
  conn.exec('CREATE TABLE IF NOT EXISTS stored_file_chunks (storage_key varchar(64) NOT NULL, seq integer NOT NULL, bytes blob NOT NULL, PRIMARY KEY (storage_key, seq))');
  const db: ChunkDb = new Kysely({ dialect: new SqliteDialect({ database: conn }) });
  return { db, close: () => db.destroy() };
}

const opened = new WeakMap<Database, ChunkDb>();

/** The database store's handle for this server's database: one per database however often asked for, closed with it. */
export function chunkDatabase(config: Config, database: Database): ChunkDb {
  const known = opened.get(database);
  if (known) return known;
  const chunks = database.engine === 'postgres' ? postgresChunks(config, database) : sqliteChunks(config);
  opened.set(database, chunks.db);
  const closeDatabase = database.close;
  // Whoever closes the database (a server's shutdown, a test, a command) closes these too.
  database.close = async () => {
    opened.delete(database);
    await chunks.close();
    await closeDatabase();
  };
  return chunks.db;
}
