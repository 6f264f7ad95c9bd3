import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { chunkDatabase } from './chunk-database.js';
import { databaseFileStore } from './database-store.js';
import { directoryFileStore } from './directory-store.js';
import { s3FileStore } from './s3-store.js';
import { filesDirectory, STORAGE_KEY, StoredFileMissing, type FileStore } from './store.js';

/** Whether `<dataDir>/files` holds at least one stored file (read once, at start). */
function directoryHoldsFiles(dataDir: string): boolean {
  const root = filesDirectory(dataDir);
  let folders: string[];
  try {
    folders = fs.readdirSync(root);
  } catch {
    return false;
  }
  return folders.some((folder) => {
    try {
      return /^[0-9a-f]{2}$/.test(folder) && fs.readdirSync(path.join(root, folder)).some((name) => STORAGE_KEY.test(name));
    } catch {
      return false;
    }
  });
}

/**
 * `store`, reading a key it lacks from the directory as the server stored files before: a
 * PostgreSQL deployment whose files are still in `<dataDir>/files` keeps serving them until
 * files-migrate copies them. Read-only: writes go to `store` alone, removals to both (a removed
 * file must not come back from the directory), and keys() are `store`'s.
 */
function withDirectoryFallback(store: FileStore, directory: FileStore): FileStore {
  return {
    kind: store.kind,
    write: (bytes) => store.write(bytes),
    writeStream: (source) => store.writeStream(source),
    async open(key) {
      try {
        return await store.open(key);
      } catch (error) {
        if (!(error instanceof StoredFileMissing)) throw error;
        return directory.open(key);
      }
    },
    async remove(key) {
      await store.remove(key);
      await directory.remove(key);
    },
    keys: () => store.keys(),
  };
}

/** The store the configuration names, on its own: no fallback, not remembered (files-migrate copies into it). */
export function configuredStore(config: Config, database: Database): FileStore {
  switch (config.fileStore) {
    case 'directory':
      return directoryFileStore(config.dataDir);
    case 'database':
      return databaseFileStore(chunkDatabase(config, database));
    case 's3':
      if (!config.s3) throw new Error('ASSOCIA_FILE_STORE=s3 needs the ASSOCIA_S3_* settings');
      return s3FileStore(config.s3);
  }
}

const stores = new WeakMap<Database, FileStore>();

/**
 * The file store this configuration names (ASSOCIA_FILE_STORE), reached as `ctx.files`: one per
 * database, so whatever asks again for the same database (the first start's demo seed, a command)
 * gets the server's own. When it is not the directory and the directory still holds files, `log`
 * (the server's start) gets one line naming files-migrate, and those files stay readable through
 * a read-only fallback.
 */
export function createFileStore(config: Config, database: Database, log?: (line: string) => void): FileStore {
  const known = stores.get(database);
  if (known) return known;
  let store = configuredStore(config, database);
  if (store.kind !== 'directory' && directoryHoldsFiles(config.dataDir)) {
    log?.(
      `Stored files remain in ${filesDirectory(config.dataDir)}: they are read from there, but other instances do not see them. ` +
        `Copy them into the ${store.kind} file store with: npm run admin -- files-migrate`,
    );
    store = withDirectoryFallback(store, directoryFileStore(config.dataDir));
  }
  stores.set(database, store);
  return store;
}
