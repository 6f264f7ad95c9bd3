// GET /api/backups/status as the server answers it and <associa-backup-status> reads it.

/** One backup as the data page shows it. */
export interface BackupSummary {
  /** The backup's file name (inside `directory`, or a path the operator gave). */
  file: string;
  state: 'ok' | 'failed';
  /** Bytes of the file. */
  size: number;
  tables: number;
  rows: number;
  files: number;
  /** pt-PT: what went wrong, when it failed. */
  problem: string | null;
  finishedAt: string;
  /** The file was deleted by rotation. */
  removed: boolean;
}

export interface BackupStatus {
  /** Where backups are written. */
  directory: string;
  /** The latest backup, good or not. */
  last: BackupSummary | null;
  /** The latest backup written and checked. */
  lastGood: BackupSummary | null;
  /** No good backup in the last day (or never): the page warns. */
  stale: boolean;
  /** A backup queued or running now. */
  running: boolean;
  /** When the next scheduled one runs (ISO), or null. */
  nextRun: string | null;
}

export interface BackupStatusAnswer {
  data: BackupStatus;
}

/** Older than this, the last good backup is a warning. */
export const BACKUP_STALE_MS = 24 * 3_600_000;

export const BACKUP_STATUS_PATH = 'backups/status';
export const BACKUP_RUN_PATH = 'backups/run';
export const BACKUP_JOB = 'backups.run';
