import type { Db } from '../../db/database.js';
import { STORAGE_KEY } from '../../files/store.js';
import { FILES_PREFIX } from './manifest.js';

/**
 * The database file store's table of bytes (src/server/files/database-store.ts), a table of the
 * schema on PostgreSQL (on SQLite it has a file of its own, files.db, which no backup copies).
 * A backup never holds it as a table: its bytes go in as `files/` parts, like the directory
 * store's, so one backup restores into any store.
 */
export const STORED_CHUNKS_TABLE = 'stored_file_chunks';

/** A stored file's part: `files/<first two characters>/<key>`, the directory store's layout (what backups have always held). */
export const storedPartName = (key: string): string => `${FILES_PREFIX}${key.slice(0, 2)}/${key}`;

/** The key a `files/` part holds, or null for a name that is not one (never restored). */
export function keyOfPart(name: string): string | null {
  if (!name.startsWith(FILES_PREFIX)) return null;
  const [shelf, key, ...rest] = name.slice(FILES_PREFIX.length).split('/');
  return rest.length === 0 && key !== undefined && STORAGE_KEY.test(key) && shelf === key.slice(0, 2) ? key : null;
}

/**
 * The storage keys the `files` table names, in key order. Read in the dump's own snapshot (or
 * from the SQLite copy), so the backup's files are exactly those its database names: not a stray
 * write whose row never committed, and a key still served by the directory fallback of a store
 * not yet migrated (files-migrate) is named all the same, which the store's own keys() would
 * not. About 50 bytes a key in memory: 20,000 files are 1 MB.
 */
export async function storedKeys(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('files').select('storage_key').orderBy('storage_key').execute();
  return rows.map((row) => row.storage_key);
}
