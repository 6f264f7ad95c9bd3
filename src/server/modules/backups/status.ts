import { BACKUP_JOB, BACKUP_STALE_MS, type BackupStatus, type BackupSummary } from '../../../core/backup-status.js';
import type { ServerContext } from '../../context.js';
import type { Jobs } from '../../jobs/engine.js';
import { backupDirectory } from './directory.js';

type BackupRow = { file: string; state: 'ok' | 'failed'; size: number; tables: number; rows: number; files: number; problem: string | null; finished_at: string; removed_at: string | null };

const summary = (row: BackupRow | undefined): BackupSummary | null =>
  row
    ? {
        file: row.file,
        state: row.state,
        size: Number(row.size),
        tables: Number(row.tables),
        rows: Number(row.rows),
        files: Number(row.files),
        problem: row.problem,
        finishedAt: row.finished_at,
        removed: row.removed_at !== null,
      }
    : null;

/** The data page's view of backups: the last, the last good one, and whether that is too old. */
export async function backupStatus(ctx: ServerContext, jobs: Jobs): Promise<BackupStatus> {
  const { db } = ctx.database;
  const columns = ['file', 'state', 'size', 'tables', 'rows', 'files', 'problem', 'finished_at', 'removed_at'] as const;
  const last = await db.selectFrom('backups').select(columns).orderBy('finished_at', 'desc').orderBy('_id', 'desc').limit(1).executeTakeFirst();
  const lastGood = await db.selectFrom('backups').select(columns).where('state', '=', 'ok').orderBy('finished_at', 'desc').orderBy('_id', 'desc').limit(1).executeTakeFirst();
  const running = await db.selectFrom('jobs').select('_id').where('name', '=', BACKUP_JOB).where('state', 'in', ['queued', 'running']).limit(1).executeTakeFirst();
  const entry = (await jobs.schedule()).find((one) => one.name === BACKUP_JOB);
  return {
    directory: backupDirectory(ctx.config),
    last: summary(last),
    lastGood: summary(lastGood),
    stale: !lastGood || ctx.now() - Date.parse(lastGood.finished_at) > BACKUP_STALE_MS,
    running: running !== undefined,
    nextRun: entry?.nextRun ?? null,
  };
}
