import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../../src/server/db/database.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { appMigrations } from '../../../src/server/modules/migrations.js';

/**
 * A database every migration has already run on, made once per test run (vitest's globalSetup)
 * and copied for each test server: running the migrations took about 0.5 s per server on SQLite
 * and 3 s on PostgreSQL, against a few milliseconds for a file copy and about 0.1 s for
 * `CREATE DATABASE … TEMPLATE`.
 */
export type MigratedTemplate =
  | { engine: 'sqlite'; file: string }
  | { engine: 'postgres'; database: string; schema: string };

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplate: MigratedTemplate | null;
  }
}

const SQLITE_FILE = 'associa.db';

/** The connection string of DATABASE_URL's server with another database name. */
function urlWithDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `work` on a client of DATABASE_URL's own database (never on a template, which must have no connections). */
async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createMigratedTemplate(engine: 'sqlite' | 'postgres'): Promise<MigratedTemplate> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-template-'));
    const database = await openDatabase({ dataDir: dir, databaseUrl: undefined, sqliteFile: SQLITE_FILE });
    await migrate(database.db, database.engine, appMigrations);
    // Closing checkpoints the WAL into the file, so the file alone is the whole database.
    await database.close();
    return { engine, file: path.join(dir, SQLITE_FILE) };
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('ASSOCIA_TEST_ENGINE=postgres needs DATABASE_URL');
  const name = `associa_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
  const schema = 'tpl';
  await withAdminClient(async (client) => {
    await client.query(`CREATE DATABASE ${name}`);
    await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  const database = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: urlWithDatabase(databaseUrl, name), pgSchema: schema });
  await migrate(database.db, database.engine, appMigrations);
  await database.close();
  return { engine, database: name, schema };
}

export async function dropMigratedTemplate(template: MigratedTemplate): Promise<void> {
  if (template.engine === 'sqlite') {
    fs.rmSync(path.dirname(template.file), { recursive: true, force: true });
    return;
  }
  await withAdminClient(async (client) => {
    // A spare copy a worker was still making when it ended (copyMigratedTemplate) goes on being
    // made on the server's side: waited for, or it would appear after the sweep below.
    for (let waited = 0; waited < 30_000; waited += 100) {
      const making = await client.query("SELECT 1 FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND state = 'active' AND query LIKE $1", [`CREATE DATABASE ${template.database}%`]);
      if (making.rowCount === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Copies a test left behind (a crashed worker never closed its servers) go with their template.
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${template.database}%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}

// Test databases commit without waiting for the WAL to reach the disk (synchronous_commit = off):
// a committed transaction is as visible to every other connection as before, and only a crash of
// the PostgreSQL server itself could lose the last commits of a database thrown away anyway.
// Measured here: 500 single-row commits took 3.4 s waiting on the disk, 0.6 s without, and
// the server tests commit at every action.

/** A copy of the template for one test server, in its data directory or as a new database. */
export interface TemplateCopy {
  /** Config overrides that point a server at the copy. */
  databaseUrl: string | undefined;
  pgSchema: string | undefined;
  drop(): Promise<void>;
}

let copies = 0;

/** A new database copied from the template, its schema renamed (see copyMigratedTemplate). */
interface PostgresCopy {
  name: string;
  schema: string;
  url: string;
}

async function makePostgresCopy(template: Extract<MigratedTemplate, { engine: 'postgres' }>): Promise<PostgresCopy> {
  copies += 1;
  const suffix = `${process.pid}_${copies}_${randomBytes(3).toString('hex')}`;
  const name = `${template.database}_${suffix}`;
  // Each copy gets a schema name of its own, as the servers had when each made its own schema:
  // the realtime channel is named after it, and tests find an instance's listener by it.
  const schema = `t_${suffix}`;
  await withAdminClient(async (client) => {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template.database}`);
    await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  const url = urlWithDatabase(process.env.DATABASE_URL!, name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`ALTER SCHEMA ${template.schema} RENAME TO ${schema}`);
  } finally {
    await client.end();
  }
  return { name, schema, url };
}

/**
 * The copy made ahead for this process's next test server: a copy took 0.4-0.6 s of waiting
 * (CREATE DATABASE, the first connection, the rename), mostly on PostgreSQL's side, and about
 * 500 servers start in the PostgreSQL pass, two at a time. Made while the previous server's
 * tests run, it is ready when asked for. Kept on globalThis, which a test file's fresh module
 * registry (vi.mock) does not reset; one a process never takes is dropped with its template at
 * the end of the run (dropMigratedTemplate).
 */
const SPARE = Symbol.for('associa.test.spareTemplateCopy');
const holder = globalThis as { [SPARE]?: { template: string; copy: Promise<PostgresCopy> } };

async function takePostgresCopy(template: Extract<MigratedTemplate, { engine: 'postgres' }>): Promise<PostgresCopy> {
  const spare = holder[SPARE];
  holder[SPARE] = undefined;
  // A spare that failed (the server refused a connection for a moment) is made again, now.
  const copy = spare?.template === template.database ? await spare.copy.catch(() => makePostgresCopy(template)) : await makePostgresCopy(template);
  const next = makePostgresCopy(template);
  // Awaited by whoever takes it; a failure meanwhile is no unhandled rejection.
  next.catch(() => undefined);
  holder[SPARE] = { template: template.database, copy: next };
  return copy;
}

export async function copyMigratedTemplate(template: MigratedTemplate, dataDir: string): Promise<TemplateCopy> {
  if (template.engine === 'sqlite') {
    fs.copyFileSync(template.file, path.join(dataDir, SQLITE_FILE));
    return { databaseUrl: undefined, pgSchema: undefined, drop: async () => undefined };
  }
  const { name, schema, url } = await takePostgresCopy(template);
  return {
    databaseUrl: url,
    pgSchema: schema,
    // Not awaited: dropping a database waits for a checkpoint (0.1-2 s here), and nothing waits
    // on it; a drop cut short by the end of a test file is finished by the run's teardown.
    drop: async () => {
      withAdminClient((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => undefined);
    },
  };
}
