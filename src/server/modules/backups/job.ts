import { BACKUP_JOB } from '../../../core/backup-status.js';
import type { JobDefinition } from '../../jobs/types.js';
import { readSetting } from '../../settings/read.js';
import { runBackup } from './run-backup.js';

/** The daily pattern of the `backupTime` setting (HH:MM, Lisbon): croner's "M H * * *". */
function dailyPattern(time: string): string | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  return match ? `${Number(match[2])} ${Number(match[1])} * * *` : null;
}

const atOf = (payload: unknown, fallback: number): number => {
  const at = (payload as { at?: unknown } | null)?.at;
  return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? Date.parse(at) : fallback;
};

/**
 * A backup: daily at `backupTime`, and whenever an admin asks (*Fazer cópia agora*). One per
 * run: the run's key names the backup's row and its file the moment it was asked for, so an
 * attempt made again rewrites the same one (runBackup). Rotation follows each.
 */
export const backupJob: JobDefinition = {
  name: BACKUP_JOB,
  label: 'Cópia de segurança',
  schedule: async (_ctx, db) => dailyPattern(await readSetting(db, 'backupTime')),
  scheduledPayload: (at) => ({ at: at.toISOString() }),
  // A disk that is full stays full for a while: three attempts, then the page says so.
  maxAttempts: 3,
  // Minutes at 100,000 members, spent waiting for the disk, zlib's threads and the worker
  // thread that checks the copy (sqlite-inspect.ts), never in a transaction: it does not hold
  // the other jobs meanwhile.
  lane: 'backup',
  async run({ ctx, job, payload, progress }) {
    await progress(0, 1);
    const outcome = await runBackup(ctx, { key: job.key, at: atOf(payload, Date.parse(job.run_at)), rotate: true });
    await progress(1, 1);
    return { file: outcome.file, size: outcome.size, rows: outcome.rows, files: outcome.files, rotated: outcome.rotated.length };
  },
};
