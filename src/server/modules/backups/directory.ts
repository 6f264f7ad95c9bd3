import path from 'node:path';
import type { Config } from '../../config.js';

/** Where this server writes its backups: ASSOCIA_BACKUP_DIR, or `backups` inside the data directory. */
export const backupDirectory = (config: Pick<Config, 'dataDir' | 'backupDir'>): string => config.backupDir ?? path.join(config.dataDir, 'backups');

/** A backup's file name from its moment: sorted by name is sorted by time, and rotation reads the time back from it. */
export const backupFileName = (at: number): string => `associa-${new Date(at).toISOString().replace(/[:.]/g, '-')}.zip`;

const NAME = /^associa-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.zip$/;

/** The moment a file named by backupFileName was made, or null for any other file (never touched by rotation). */
export function backupTimeOf(name: string): number | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, day, h, m, s, ms] = match;
  const time = Date.parse(`${day}T${h}:${m}:${s}.${ms}Z`);
  return Number.isNaN(time) ? null : time;
}
