import fs from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql, type ColumnType, type Dialect, type Driver, type LogEvent, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { registerFold } from './fold.js';
import { preparingPool } from './pg-prepared.js';
import { rowBuilder } from './raw-rows.js';
import { holdServerLock } from './server-lock.js';
import type { ResourceTables } from './resource-tables.js';
import type { FixedTables, ModuleTables, NotNullColumns, StoredOnlyColumns } from './tables.js';
import { SqliteReader } from './sqlite-reader.js';
import type { ReaderThreadInput } from './sqlite-reader-thread.js';
import { takingTurns } from './sqlite-turns.js';
import { countingTransactions } from './transaction-scope.js';
import { checkpointInThread, type WalCheckpointOptions } from './wal-checkpoints.js';

export type Engine = 'sqlite' | 'postgres';

/** A row of a table whose name is known only at run time (the generic resource engine). */
export type Row = Record<string, unknown>;
/**
 * Every table, column by column as stored: the engine's own (tables.ts), the modules' own
 * (ModuleTables, declared next to each module's migration) and the resources' (resource-tables.ts,
 * inferred from their definitions, with StoredOnlyColumns; where the engine also describes a
 * resource's table, its declaration wins, as it lists the columns no field names).
 */
export type Tables = FixedTables & ModuleTables & ResourceTablesAsStored;
/**
 * A resource's table: its fields' columns, never null where the migration says NOT NULL
 * (NotNullColumns), and the columns only the code names (StoredOnlyColumns).
 */
type ResourceTablesAsStored = {
  [T in Exclude<keyof ResourceTables, keyof FixedTables>]: NotNull<ResourceTables[T], T extends keyof NotNullColumns ? NotNullColumns[T] : never> &
    (T extends keyof StoredOnlyColumns ? StoredOnlyColumns[T] : unknown);
};
// Optional on insert: many of these have a default (0, 'pending'), which the types do not know.
type NotNull<Row, Columns> = { [C in keyof Row]: C extends Columns ? ColumnType<NonNullable<Row[C]>, NonNullable<Row[C]> | undefined, NonNullable<Row[C]>> : Row[C] };
export type Db = Kysely<Tables>;
/**
 * Any table by a name known only at run time, each a loose Row: the generic resource engine
 * (records, lists, bulk writes), which works from a definition's fields, not a static type.
 */
export type LooseSchema = Record<string, Row>;
export type LooseDb = Kysely<LooseSchema>;
/** The same handle (or transaction) seen loosely, for queries on a table named at run time. */
export const loose = (db: Db): LooseDb => db as unknown as LooseDb;

export interface Database {
  db: Db;
  engine: Engine;
  /** The PostgreSQL pool, for LISTEN/NOTIFY; absent on SQLite. */
  pool: pg.Pool | undefined;
  /** The PostgreSQL schema in use (search_path), absent on SQLite. */
  schema: string | undefined;
  /** SQLite's connection itself, for its online backup (a copy made in steps); absent on PostgreSQL. */
  sqlite?: SQLite.Database;
  /** SQLite: long reads in a thread of their own (sqlite-reader.ts); absent on PostgreSQL, whose statements never hold the event loop. */
  reader?: SqliteReader;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  pgSchema?: string | undefined;
  /** SQLite file name inside dataDir. */
  sqliteFile?: string;
  /** Sees every statement run (the benchmark records a list's statements to time them bare). */
  log?: (event: LogEvent) => void;
  /** SQLite: its checkpoint thread's settings (tests: a thread that fails, events to wait on). */
  walCheckpoints?: WalCheckpointOptions;
  /** SQLite: how its reader thread starts (tests: one that fails). */
  startReader?: (input: ReaderThreadInput) => Worker;
}

export class DatabaseLockedError extends Error {
  constructor(file: string) {
    super(
      `Another Associa server is already using the database ${file}. ` +
        'Stop it first, or start this one with a different ASSOCIA_DATA directory.',
    );
    this.name = 'DatabaseLockedError';
  }
}

// PostgreSQL returns BIGINT (count(*)) and NUMERIC as strings; ours fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/**
 * SQLite's page cache, per connection (the default is 2 MB). Measured at 300,000 members (deep
 * page by offset, a name-sorted page halfway, a common-term search): 2 MB re-reads index pages
 * on every deep page (7-15 ms); 32 MB holds what those lists walk (about 3 ms), for 20-30 MB more
 * RSS, and 64 MB was no faster. No mmap_size: mapped pages count in the process's RSS (281 MB
 * at 300,000 members with 256 MB mapped) for no gain over this cache.
 */
const SQLITE_CACHE_KIB = 32 * 1024;

interface SqliteConnections {
  /** The server's connection. */
  conn: SQLite.Database;
  /** Held open for as long as the server runs: the lock that keeps a second server off the file (server-lock.ts). */
  lock: SQLite.Database;
}

function openSqlite(file: string): SqliteConnections {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let lock: SQLite.Database | undefined;
  let conn: SQLite.Database | undefined;
  try {
    // A second server process on the same file fails here at once; the kernel frees the lock if
    // this process dies, so a crash never leaves a stale lock behind.
    lock = holdServerLock(file);
    conn = new SQLite(file, { timeout: 0 });
    // Normal locking mode, so that the checkpoint thread can open the file too (0059). A server of
    // an earlier version holds the file itself in exclusive mode: reading it fails here with BUSY.
    conn.pragma('journal_mode = WAL');
  } catch (error) {
    conn?.close();
    lock?.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new DatabaseLockedError(file);
    throw error;
  }
  registerFold(conn);
  conn.pragma('foreign_keys = ON');
  conn.pragma('synchronous = NORMAL');
  conn.pragma('busy_timeout = 5000');
  conn.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  return { conn, lock };
}

// Kysely prepares every query afresh; with better-sqlite3 that preparation is a noticeable part
// of a short query, and the same few statements run over and over.
const STATEMENT_CACHE_SIZE = 500;

/**
 * A reading statement whose rows are built here from better-sqlite3's raw arrays. Its own row
 * objects are made in C++ through V8's API one property at a time: for a page of 100 members
 * (18 columns) that cost more than running the statement. The same objects (the same keys in
 * the same order, a repeated name keeping its last value) built in JavaScript cost about half.
 */
function rowsBuiltHere(statement: SQLite.Statement): SqliteStatement {
  const toRow = rowBuilder(statement.columns().map((column) => column.name));
  if (!toRow) return statement;
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield toRow(values);
    },
  };
}

const SCHEMA_CHANGE = /^\s*(?:ALTER|CREATE|DROP)\s/i;

/** The connection as Kysely sees it, with prepared statements reused by their SQL text. */
function withStatementCache(conn: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => conn.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) return statement;
      const prepared = conn.prepare(text);
      // A schema change may change what a cached `SELECT *` answers, and rowsBuiltHere names a
      // statement's columns once: every cached statement is prepared again after one. Schema
      // changes are never cached themselves, so each one clears, and the cache hits test nothing.
      if (SCHEMA_CHANGE.test(text)) {
        statements.clear();
        return prepared;
      }
      statement = prepared.reader ? rowsBuiltHere(prepared) : prepared;
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(text, statement);
      return statement;
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const schema = options.pgSchema;
    if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
      throw new Error(`Invalid PostgreSQL schema name "${schema}"`);
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // JIT compiles a statement whose estimated cost passes jit_above_cost: measured on list
      // pages at 300,000 members, 9-11 ms of compilation per run for no faster execution, and
      // large unvacuumed tables cross that cost on every list call. Our statements are short
      // lookups and pages, so it only costs.
      options: `-c jit=off${schema ? ` -c search_path=${schema},public` : ''}`,
    });
    // An idle connection the server closes (a restart, an administrator's terminate, a dropped
    // database) raises 'error' on the pool; unheard, that would end the process. The pool has
    // already let the connection go and opens another when one is next needed.
    pool.on('error', (error) => console.error(`PostgreSQL closed an idle connection (${error.message}); a new one is opened when needed.`));
    const db = new Kysely<Tables>({ dialect: countingTransactions(new PostgresDialect({ pool: preparingPool(pool) })), ...(options.log ? { log: options.log } : {}) });
    if (schema) await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(db);
    return {
      db,
      engine: 'postgres',
      pool,
      schema,
      close: () => db.destroy(),
    };
  }
  const file = path.join(options.dataDir, options.sqliteFile ?? 'associa.db');
  const { conn, lock } = openSqlite(file);
  let driver: Driver | undefined;
  const dialect = new SqliteDialect({ database: withStatementCache(conn) });
  // The driver Kysely makes, kept: holding its connection keeps every statement of the server
  // back (asynchronously) while a checkpoint copies the WAL's last frames (wal-checkpoints.ts).
  const recorded: Dialect = {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => (driver = takingTurns(dialect.createDriver())),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
  const db = new Kysely<Tables>({ dialect: countingTransactions(recorded), ...(options.log ? { log: options.log } : {}) });
  const holdConnection = async <T>(work: () => Promise<T>): Promise<T> => {
    if (!driver) return work();
    const held = await driver.acquireConnection();
    try {
      return await work();
    } finally {
      await driver.releaseConnection(held);
    }
  };
  const checkpoints = checkpointInThread(conn, file, holdConnection, options.walCheckpoints);
  // A database whose statements are logged (the benchmark recording a page's) reads them all itself.
  const reader = options.log ? undefined : new SqliteReader({ file, cacheKib: SQLITE_CACHE_KIB }, options.startReader);
  return {
    db,
    engine: 'sqlite',
    pool: undefined,
    schema: undefined,
    sqlite: conn,
    ...(reader ? { reader } : {}),
    // The threads' connections closed first: the last connection to close checkpoints the WAL and
    // removes it, so the file alone is the whole database again.
    close: async () => {
      await reader?.close();
      await checkpoints.stop();
      try {
        await db.destroy();
      } finally {
        // Kysely closes its driver only if a statement ever went through it.
        if (conn.open) conn.close();
        lock.close();
      }
    },
  };
}
