import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import { DatabaseLockedError, openDatabase, type Database, type Engine } from '../../db/database.js';
import { migrate, migrationOrder, type Migration } from '../../db/migrate.js';
import { SQLITE_CHUNKS_FILE } from '../../files/chunk-database.js';
import { createFileStore } from '../../files/create-store.js';
import { s3FileStore } from '../../files/s3-store.js';
import { filesDirectory, type FileStoreKind } from '../../files/store.js';
import { appMigrations } from '../migrations.js';
import { SQLITE_PART, tablePart, totalRows, type BackupManifest } from './manifest.js';
import { emptyTables, loadTable, resetIdentities, tablesInLoadOrder } from './postgres-load.js';
import { schemaTables } from './postgres-dump.js';
import { restoreStoredFiles } from './restore-files.js';
import { readManifest, verifyBackup } from './verify-backup.js';

/** A restore refused before anything was changed: the message (pt-PT) says why and what to do. */
export class RestoreRefusedError extends Error {}

export interface RestoreReport {
  engine: Engine;
  createdAt: string;
  rows: number;
  files: number;
  /** Where the files went: this configuration's store. */
  fileStore: FileStoreKind;
  /** Migrations this build ran on the restored data (the backup was made by an older one). */
  migrated: string[];
}

const SQLITE_FILE = 'associa.db';
const engineName = (engine: Engine) => (engine === 'sqlite' ? 'SQLite' : 'PostgreSQL');

/** Refuses a backup this build cannot take: another engine, or a schema newer than its migrations. */
function checkCompatible(manifest: BackupManifest, config: Config, known: readonly Migration[]): void {
  const engine: Engine = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.engine !== engine) {
    throw new RestoreRefusedError(
      `Esta cópia é de uma base de dados ${engineName(manifest.engine)} e este servidor usa ${engineName(engine)}` +
        `${engine === 'postgres' ? ' (DATABASE_URL)' : ''}. Restaure-a num servidor configurado com ${engineName(manifest.engine)}.`,
    );
  }
  const names = new Set(known.map((m) => m.name));
  const unknown = manifest.migrations.filter((name) => !names.has(name));
  if (unknown.length > 0) {
    throw new RestoreRefusedError(
      `Esta cópia foi feita por uma versão mais recente do Associa: a base de dados tem ${unknown.length} ${unknown.length === 1 ? 'alteração' : 'alterações'} ` +
        `que esta versão não conhece (${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', …' : ''}). Atualize o Associa e restaure a cópia de novo. Nada foi alterado.`,
    );
  }
}

async function isEmptyDirectory(dir: string): Promise<boolean> {
  try {
    return (await fs.promises.readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** The data directory takes a restore only when it holds no database (SQLite) and no stored file. */
async function checkEmptyDataDirectory(config: Config): Promise<void> {
  const { dataDir } = config;
  if (!config.databaseUrl) {
    const file = path.join(dataDir, SQLITE_FILE);
    if (fs.existsSync(file)) {
      let database: Database | undefined;
      try {
        database = await openDatabase({ dataDir, databaseUrl: undefined });
      } catch (error) {
        if (error instanceof DatabaseLockedError) {
          throw new RestoreRefusedError(`A base de dados ${file} está a ser usada por um servidor Associa em funcionamento. Pare o servidor e restaure para uma pasta de dados vazia.`);
        }
        throw error;
      } finally {
        await database?.close();
      }
      throw new RestoreRefusedError(
        `A pasta de dados ${dataDir} já tem uma base de dados. A cópia só é restaurada para uma pasta vazia: indique outra em ASSOCIA_DATA (ou mova esta) e repita. Nada foi alterado.`,
      );
    }
  }
  if (!(await isEmptyDirectory(filesDirectory(dataDir)))) {
    throw new RestoreRefusedError(`A pasta ${filesDirectory(dataDir)} já tem ficheiros. A cópia só é restaurada para uma pasta de dados vazia. Nada foi alterado.`);
  }
  // The database store's own file on SQLite (files/chunk-database.ts): a store holding keys, or one that did.
  if (fs.existsSync(path.join(dataDir, SQLITE_CHUNKS_FILE))) {
    throw new RestoreRefusedError(`A pasta de dados ${dataDir} já tem ficheiros guardados na base de dados (${SQLITE_CHUNKS_FILE}). A cópia só é restaurada para uma pasta de dados vazia. Nada foi alterado.`);
  }
}

async function checkEmptySchema(database: Database): Promise<void> {
  const tables = await schemaTables(database.db);
  if (tables.length > 0) {
    throw new RestoreRefusedError(
      `A base de dados PostgreSQL${database.schema ? ` (esquema ${database.schema})` : ''} já tem ${tables.length} tabelas. ` +
        'A cópia só é restaurada para uma base de dados (ou um esquema, ASSOCIA_PG_SCHEMA) vazia. Nada foi alterado.',
    );
  }
}

/**
 * The backup's database, in one transaction: the schema as the backup's own migrations made it,
 * every table emptied of what they seeded, the backup's rows (schema_migrations too) loaded in
 * the order foreign keys need, identities moved past the keys loaded. Any failure leaves the
 * schema as empty as it was.
 */
async function loadPostgres(database: Database, manifest: BackupManifest, staging: string, known: readonly Migration[]): Promise<void> {
  const applied = new Set(manifest.migrations);
  await database.db.transaction().execute(async (trx) => {
    await trx.schema.createTable('schema_migrations').addColumn('name', 'varchar(200)', (c) => c.primaryKey()).addColumn('applied_at', 'varchar(40)', (c) => c.notNull()).execute();
    for (const migration of migrationOrder(known.filter((m) => applied.has(m.name)))) await migration.up(trx, 'postgres');
    const tables = await schemaTables(trx);
    const missing = Object.keys(manifest.tables).filter((table) => !tables.includes(table));
    if (missing.length > 0) throw new RestoreRefusedError(`A cópia tem tabelas que as suas próprias alterações não criam (${missing.join(', ')}): não pode ser restaurada por esta versão.`);
    await emptyTables(trx, tables);
    for (const table of await tablesInLoadOrder(trx, tables)) {
      if (manifest.tables[table] === undefined) continue;
      const loaded = await loadTable(trx, table, path.join(staging, tablePart(table)));
      if (loaded !== manifest.tables[table]) throw new Error(`table ${table}: ${loaded} rows loaded, the manifest says ${manifest.tables[table]}`);
    }
    await resetIdentities(trx);
  });
}

/**
 * An S3 bucket (and prefix) takes a restore only when it holds no file: a restore never mixes
 * its files with another server's. Asked before anything else is touched (a PostgreSQL schema is
 * created by opening it). A directory store's emptiness is the data directory's (above); the
 * database store's, the empty database's (an empty schema, or no files.db).
 */
async function checkEmptyBucket(config: Config): Promise<void> {
  if (config.fileStore !== 's3' || !config.s3) return;
  for await (const key of s3FileStore(config.s3).keys()) {
    void key;
    throw new RestoreRefusedError(
      'O armazenamento de ficheiros S3 (ASSOCIA_S3_BUCKET, ASSOCIA_S3_PREFIX) já tem ficheiros. A cópia só é restaurada para um armazenamento vazio: indique outro bucket ou prefixo e repita. Nada foi alterado.',
    );
  }
}

/** Drops the tables a failed restore loaded into the schema (empty when it began), so the restore can be run again. */
async function dropRestoredTables(database: Database): Promise<void> {
  const tables = await schemaTables(database.db);
  if (tables.length > 0) await sql.raw(`DROP TABLE IF EXISTS ${tables.map((t) => `"${t.replace(/"/g, '""')}"`).join(', ')} CASCADE`).execute(database.db);
}

/**
 * Restores a backup into this configuration's empty data directory (and, on PostgreSQL, its
 * empty schema). Reads and checks the whole file first, into a staging directory inside the
 * data directory, and refuses (RestoreRefusedError, DamagedBackupError) before changing anything:
 * another engine, a newer schema, a target that is not empty, a part that does not match its
 * manifest. Then runs this build's pending migrations on the restored data, and writes the
 * stored files through this configuration's file store (ASSOCIA_FILE_STORE), whichever the
 * backup was made with: the directory store is built in the staging directory and moved into
 * place, the database store writes into the database being restored (on SQLite the staged copy,
 * which appears last), the S3 store into its bucket, which must be empty.
 */
export async function restoreBackup(config: Config, file: string, known: readonly Migration[] = appMigrations): Promise<RestoreReport> {
  const manifest = await readManifest(file);
  checkCompatible(manifest, config, known);
  await checkEmptyDataDirectory(config);
  await checkEmptyBucket(config);
  const createdDataDir = !fs.existsSync(config.dataDir);
  let staging: string | undefined;
  let database: Database | undefined;
  let staged: Database | undefined;
  let loaded = false;
  try {
    await fs.promises.mkdir(config.dataDir, { recursive: true });
    staging = await fs.promises.mkdtemp(path.join(config.dataDir, '.restore-'));
    await verifyBackup(file, { extractTo: staging });
    // Only a backup that checks reaches PostgreSQL (opening creates a missing schema).
    if (config.databaseUrl) {
      database = await openDatabase(config);
      await checkEmptySchema(database);
    } else {
      staged = await openDatabase({ dataDir: path.join(staging, path.dirname(SQLITE_PART)), databaseUrl: undefined, sqliteFile: path.basename(SQLITE_PART) });
    }
    const target = (database ?? staged)!;
    // The store's own staging data directory (the directory store's files/, SQLite's files.db), moved into place at the end.
    const storeData = path.join(staging, 'store');
    await fs.promises.mkdir(storeData);
    const store = createFileStore({ ...config, dataDir: storeData }, target);
    if (database) {
      await loadPostgres(database, manifest, staging, known);
      loaded = true;
    }
    const migrated = await migrate(target.db, target.engine, known);
    const files = await restoreStoredFiles(store, target.db, staging, manifest);
    if (staged) {
      // Closing checkpoints the WAL into the file: the file alone is the database.
      await staged.close();
      staged = undefined;
    }
    // What the store wrote in its staging data directory (the directory store's files/, the
    // SQLite database store's files.db) moves into place first: on SQLite the database appearing
    // is what makes the directory restored.
    for (const entry of await fs.promises.readdir(storeData)) {
      await fs.promises.rm(path.join(config.dataDir, entry), { recursive: true, force: true });
      await fs.promises.rename(path.join(storeData, entry), path.join(config.dataDir, entry));
    }
    if (!database) await fs.promises.rename(path.join(staging, SQLITE_PART), path.join(config.dataDir, SQLITE_FILE));
    return { engine: manifest.engine, createdAt: manifest.createdAt, rows: totalRows(manifest), files, fileStore: store.kind, migrated };
  } catch (error) {
    if (loaded && database) await dropRestoredTables(database);
    throw error;
  } finally {
    await staged?.close();
    if (staging) await fs.promises.rm(staging, { recursive: true, force: true });
    if (createdDataDir && (await isEmptyDirectory(config.dataDir))) await fs.promises.rm(config.dataDir, { recursive: true, force: true });
    await database?.close();
  }
}
