import type { Engine } from '../../db/database.js';
import type { PartDigest } from './archive-write.js';

/** The zip entry every backup starts from: what it holds and how to check it. */
export const MANIFEST_PART = 'manifest.json';
export const FORMAT = 'associa-backup';
export const FORMAT_VERSION = 1;
/** SQLite: the database file itself (copied by SQLite's online backup, sqlite-copy.ts). */
export const SQLITE_PART = 'database/associa.db';
/** PostgreSQL: one JSON-lines part per table, each line a row as PostgreSQL's to_jsonb writes it. */
export const tablePart = (table: string) => `database/${table}.jsonl`;
/** A stored file by its key, as the file store lays it out under `files/`. */
export const FILES_PREFIX = 'files/';

export interface BackupManifest {
  format: typeof FORMAT;
  version: number;
  engine: Engine;
  createdAt: string;
  /** schema_migrations of the copied database, in the order applied. */
  migrations: string[];
  /** Rows per table at the moment of the copy. */
  tables: Record<string, number>;
  /** Every other part (database and stored files), with its size and SHA-256. */
  parts: PartDigest[];
}

export function parseManifest(text: string): BackupManifest | null {
  try {
    const value = JSON.parse(text) as Partial<BackupManifest>;
    if (value.format !== FORMAT || typeof value.version !== 'number' || (value.engine !== 'sqlite' && value.engine !== 'postgres')) return null;
    if (!Array.isArray(value.migrations) || !Array.isArray(value.parts) || typeof value.tables !== 'object' || value.tables === null) return null;
    return value as BackupManifest;
  } catch {
    return null;
  }
}

export const totalRows = (manifest: Pick<BackupManifest, 'tables'>) => Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
