import type { ExportedResource } from './resources.js';
import type { ExportedFiles } from './stored-files.js';
import type { ZipEntrySum } from '../../zip/writer.js';

/** The manifest's format: raised when its shape changes, so a program reading it can tell. */
export const MANIFEST_FORMAT = 1;

/** `manifest.json`, the zip's last entry: what it holds, how many of each, and every other entry's hash. */
export interface ExportManifest {
  format: typeof MANIFEST_FORMAT;
  /** ISO-8601 UTC, when the export began. */
  createdAt: string;
  engine: 'sqlite' | 'postgres';
  resources: ExportedResource[];
  files: ExportedFiles;
  entries: ZipEntrySum[];
}
