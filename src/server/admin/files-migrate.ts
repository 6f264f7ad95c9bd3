import path from 'node:path';
import type { Config } from '../config.js';
import { DatabaseLockedError, openDatabase, type Database } from '../db/database.js';
import { configuredStore } from '../files/create-store.js';
import { directoryFileStore } from '../files/directory-store.js';
import { filesDirectory, type FileStore } from '../files/store.js';
import type { AdminEnvironment } from './commands.js';

// `npm run admin -- files-migrate [--keep]`: the files a deployment kept in <dataDir>/files, copied
// into the store it is configured with (the database, S3), so every instance reads them. What it
// tells the operator is pt-PT, as the backup commands do.

const DONE = 0;
const FAILED = 1;
const WRONG_USAGE = 2;

const STORE_NAME: Record<FileStore['kind'], string> = { directory: 'a pasta files', database: 'a base de dados', s3: 'o S3' };

/** What one run did, file by file. */
interface FilesMigration {
  /** Copied, checked and now read from the configured store. */
  copied: number;
  /** In the directory but named by no row of `files` (a write that never committed, or a copy kept by --keep): left there. */
  unnamed: number;
  /** Copied bytes whose SHA-256 differs from the one recorded: the copy removed, the directory's kept. */
  mismatched: string[];
  /** Directory copies deleted (none with --keep). */
  deleted: number;
}

class MigrateRefused extends Error {}

/**
 * Every file of the directory whose key a row of `files` names: streamed into `target` (a new key
 * there, the store's own), its SHA-256 checked against the row's, then the row pointed at the
 * copy in one conditional update, and only then the directory's copy deleted (unless `keep`).
 * Re-runnable: a file already moved is no longer named by its old key. A file whose row changed
 * meanwhile (deleted) leaves its copy removed and the directory as it was.
 */
async function migrateDirectoryFiles(database: Database, dataDir: string, target: FileStore, keep: boolean): Promise<FilesMigration> {
  const { db } = database;
  const directory = directoryFileStore(dataDir);
  const result: FilesMigration = { copied: 0, unnamed: 0, mismatched: [], deleted: 0 };
  for await (const key of directory.keys()) {
    const row = await db.selectFrom('files').select(['_id', 'sha256']).where('storage_key', '=', key).executeTakeFirst();
    if (!row) {
      result.unnamed += 1;
      continue;
    }
    const copy = await target.writeStream(await directory.open(key));
    if (copy.sha256 !== row.sha256) {
      await target.remove(copy.key);
      result.mismatched.push(key);
      continue;
    }
    const moved = await db.updateTable('files').set({ storage_key: copy.key }).where('_id', '=', row._id).where('storage_key', '=', key).where('sha256', '=', row.sha256).executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) {
      await target.remove(copy.key);
      continue;
    }
    result.copied += 1;
    if (!keep) {
      await directory.remove(key);
      result.deleted += 1;
    }
  }
  return result;
}

async function openForMigration(config: Config): Promise<Database> {
  try {
    return await openDatabase(config);
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      throw new MigrateRefused(`A base de dados ${path.join(config.dataDir, 'associa.db')} está a ser usada por um servidor Associa em funcionamento. Pare o servidor e repita.`);
    }
    throw error;
  }
}

/** `files-migrate [--keep]`: the directory's files into the configured store, with counts. */
export async function filesMigrateCommand(args: readonly string[], env: AdminEnvironment): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--keep');
  if (unknown.length > 0) {
    env.output.error(`files-migrate takes only --keep: npm run admin -- files-migrate [--keep] (not ${unknown.join(' ')})`);
    return WRONG_USAGE;
  }
  const keep = args.includes('--keep');
  const { config, output } = env;
  try {
    if (config.fileStore === 'directory') {
      throw new MigrateRefused('Os ficheiros já estão guardados na pasta files (ASSOCIA_FILE_STORE=directory): não há nada a migrar.');
    }
    const database = await openForMigration(config);
    try {
      const target = configuredStore(config, database);
      const result = await migrateDirectoryFiles(database, config.dataDir, target, keep);
      const where = STORE_NAME[target.kind];
      output.log(`Ficheiros de ${filesDirectory(config.dataDir)} copiados para ${where} e verificados: ${result.copied.toLocaleString('pt-PT')}.`);
      output.log(keep ? `  Cópias na pasta mantidas (--keep).` : `  Cópias na pasta apagadas: ${result.deleted.toLocaleString('pt-PT')}.`);
      if (result.unnamed > 0) output.log(`  Deixados na pasta por não serem de nenhum registo: ${result.unnamed.toLocaleString('pt-PT')}.`);
      if (result.mismatched.length > 0) {
        output.error(`  Deixados na pasta porque o SHA-256 não corresponde ao registado: ${result.mismatched.length.toLocaleString('pt-PT')} (${result.mismatched.join(', ')}).`);
        return FAILED;
      }
      return DONE;
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof MigrateRefused) {
      output.error(error.message);
      return FAILED;
    }
    throw error;
  }
}
