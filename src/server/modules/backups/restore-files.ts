import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/database.js';
import type { FileStore } from '../../files/store.js';
import type { BackupManifest } from './manifest.js';
import { keyOfPart } from './stored-files.js';

/**
 * The backup's stored files, checked and extracted under `<staging>/files/`, written through
 * the target's file store, whichever it is. A store gives each file a new key (FileStore.write
 * has no other), so the restored `files` row is pointed at it: the key is where the bytes are,
 * never what the rest of the data refers to (files are named by _id everywhere else). A part
 * no row names (a stray file an older backup took from the directory) is left out. Each
 * file's SHA-256 as the store received it is checked against the manifest's. On failure, what
 * was written is removed again (an S3 bucket stays as empty as it was) and the error thrown.
 */
export async function restoreStoredFiles(store: FileStore, db: Db, staging: string, manifest: BackupManifest): Promise<number> {
  const written: string[] = [];
  try {
    for (const part of manifest.parts) {
      const key = keyOfPart(part.name);
      if (key === null) continue;
      const row = await db.selectFrom('files').select('_id').where('storage_key', '=', key).executeTakeFirst();
      if (!row) continue;
      const stored = await store.writeStream(fs.createReadStream(path.join(staging, part.name)));
      written.push(stored.key);
      if (stored.sha256 !== part.sha256 || stored.size !== part.size) throw new Error(`The file store kept other bytes than the backup's part ${part.name}.`);
      await db.updateTable('files').set({ storage_key: stored.key }).where('_id', '=', row._id).execute();
    }
    return written.length;
  } catch (error) {
    for (const key of written) await store.remove(key).catch(() => undefined);
    throw error;
  }
}
