import path from 'node:path';
import type { Readable } from 'node:stream';

/** The bytes of a key are not in the store (removed, lost, or never migrated here). */
export class StoredFileMissing extends Error {
  constructor(readonly key: string) {
    super(`stored file ${key} has no bytes in the store`);
    this.name = 'StoredFileMissing';
  }
}

/** Where the bytes live: `<dataDir>/files` (one instance), the database (every instance of it), or S3. */
export type FileStoreKind = 'directory' | 'database' | 's3';

export const FILE_STORE_KINDS: readonly FileStoreKind[] = ['directory', 'database', 's3'];

/**
 * The bytes of stored files (uploads, PDFs, exports), each under a random key (never a name the
 * client chose). Which store a server uses is its configuration (ASSOCIA_FILE_STORE, create-store.ts);
 * every module reaches it as `ctx.files`, so a file written by one instance reads on every other.
 */
export interface FileStore {
  readonly kind: FileStoreKind;
  /** Writes the bytes under a new key (32 hex) and returns it; the file appears whole or not at all. */
  write(bytes: Buffer): Promise<string>;
  /** Writes a stream under a new key, never holding it whole (a large download's zip); answers the key, size and SHA-256. Failed: nothing is left under any key. */
  writeStream(source: Readable): Promise<{ key: string; size: number; sha256: string }>;
  /** The bytes as a stream. Rejects with StoredFileMissing BEFORE any byte when the key has no bytes, so a route answers 404, never a 500 mid-stream. */
  open(key: string): Promise<Readable>;
  /** Removes the bytes; an absent key is no error. */
  remove(key: string): Promise<void>;
  /** Every stored key (a migration between stores, backups). */
  keys(): AsyncIterable<string>;
}

/**
 * The bytes under `key`, or null when the store has none (removed, lost): for callers that go on
 * without them. Any other failure (the store unreachable) is thrown as it is.
 */
export async function openIfStored(store: FileStore, key: string): Promise<Readable | null> {
  try {
    return await store.open(key);
  } catch (error) {
    if (error instanceof StoredFileMissing) return null;
    throw error;
  }
}

/** A storage key as every store makes it: 16 random bytes in hex. */
export const STORAGE_KEY = /^[0-9a-f]{32}$/;

/** The directory holding the uploaded files of a server whose data directory is `dataDir` (the setting filesDir shows it). */
export const filesDirectory = (dataDir: string): string => path.join(dataDir, 'files');
