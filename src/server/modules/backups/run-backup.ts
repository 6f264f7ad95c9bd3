import fs from 'node:fs';
import path from 'node:path';
import type { Insertable } from 'kysely';
import type { ServerContext } from '../../context.js';
import type { Tables } from '../../db/database.js';
import { readSettings } from '../../settings/read.js';
import { DamagedBackupError } from './archive-read.js';
import { backupDirectory, backupFileName } from './directory.js';
import { FILES_PREFIX, totalRows } from './manifest.js';
import { rotateBackups } from './rotation.js';
import { verifyBackup } from './verify-backup.js';
import { writeBackup } from './write-backup.js';

type BackupContext = Pick<ServerContext, 'config' | 'database' | 'files' | 'now'>;

export interface BackupOutcome {
  id: number;
  file: string;
  state: 'ok' | 'failed';
  size: number;
  rows: number;
  files: number;
  problem: string | null;
  /** Files rotation deleted after this one was made. */
  rotated: string[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** pt-PT: why a backup failed, for the data page. */
function problemOf(error: unknown, file: string): string {
  if (error instanceof DamagedBackupError) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC') return 'Não há espaço no disco para a cópia de segurança.';
  // EEXIST, ENOTDIR: a file stands where a directory of the path should be.
  if (code === 'EACCES' || code === 'EPERM' || code === 'ENOTDIR' || code === 'EEXIST') return `O servidor não pode escrever na pasta ${path.dirname(file)}: confirme que existe e que o servidor lá pode escrever.`;
  return `A cópia de segurança falhou: ${error instanceof Error ? error.message : String(error)}`;
}

async function record(ctx: BackupContext, key: string, values: Omit<Insertable<Tables['backups']>, 'key'>): Promise<number> {
  const { db } = ctx.database;
  const row = await db
    .insertInto('backups')
    .values({ key, ...values })
    .onConflict((oc) => oc.column('key').doUpdateSet(values))
    .returning('_id')
    .executeTakeFirstOrThrow();
  return Number(row._id);
}

/**
 * One backup, keyed (`key`: a job run's, so a run attempted again writes the same row and file):
 * written, read back whole and checked, recorded in `backups`, then, when `rotate`, the backup
 * directory's rotation. A key already recorded good with its file in place is not done again.
 * A failed backup's file is deleted (it is no backup) and its row says why; the error is thrown
 * again so the job is attempted again.
 */
export async function runBackup(ctx: BackupContext, options: { key: string; at: number; file?: string; rotate?: boolean }): Promise<BackupOutcome> {
  const { db } = ctx.database;
  const done = await db.selectFrom('backups').selectAll().where('key', '=', options.key).executeTakeFirst();
  if (done?.state === 'ok' && fs.existsSync(done.file)) {
    return { id: Number(done._id), file: done.file, state: 'ok', size: Number(done.size), rows: Number(done.rows), files: done.files, problem: null, rotated: [] };
  }
  const file = path.resolve(options.file ?? path.join(backupDirectory(ctx.config), backupFileName(options.at)));
  const startedAt = iso(ctx.now());
  try {
    await writeBackup(ctx, file);
    const { manifest, size } = await verifyBackup(file);
    const files = manifest.parts.filter((part) => part.name.startsWith(FILES_PREFIX)).length;
    const rows = totalRows(manifest);
    const values = { file, state: 'ok' as const, engine: ctx.database.engine, size, tables: Object.keys(manifest.tables).length, rows, files, problem: null, started_at: startedAt, finished_at: iso(ctx.now()), removed_at: null };
    const id = await record(ctx, options.key, values);
    let rotated: string[] = [];
    if (options.rotate) {
      const keep = await readSettings(db, ['backupKeepDaily', 'backupKeepWeekly']);
      rotated = await rotateBackups(path.dirname(file), { daily: keep.backupKeepDaily, weekly: keep.backupKeepWeekly });
      if (rotated.length > 0) await db.updateTable('backups').set({ removed_at: iso(ctx.now()) }).where('file', 'in', rotated).where('removed_at', 'is', null).execute();
    }
    return { id, file, state: 'ok', size, rows, files, problem: null, rotated };
  } catch (error) {
    // Whatever was written is no backup (a path that cannot be one has nothing to remove).
    await fs.promises.rm(file, { force: true }).catch(() => undefined);
    await record(ctx, options.key, { file, state: 'failed', engine: ctx.database.engine, size: 0, tables: 0, rows: 0, files: 0, problem: problemOf(error, file), started_at: startedAt, finished_at: iso(ctx.now()), removed_at: null });
    throw error;
  }
}
