import fs from 'node:fs';
import path from 'node:path';
import { lisbonDay } from '../../../core/days.js';
import { backupTimeOf } from './directory.js';

export interface Keep {
  daily: number;
  weekly: number;
}

/** Monday of the Lisbon day's week: the week a backup counts for. */
function weekOf(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/**
 * Which backups (by their times) to keep: the newest of each of the latest `daily` Lisbon days
 * that have one, and the newest of each of the latest `weekly` weeks that have one (a backup may
 * count for both). The newest backup is always kept.
 */
export function backupsToKeep(times: readonly number[], keep: Keep): Set<number> {
  const newestFirst = [...times].sort((a, b) => b - a);
  const kept = new Set<number>(newestFirst.slice(0, 1));
  const pick = (bucket: (time: number) => string, count: number) => {
    const seen = new Set<string>();
    for (const time of newestFirst) {
      const key = bucket(time);
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      kept.add(time);
    }
  };
  pick((time) => lisbonDay(time), keep.daily);
  pick((time) => weekOf(lisbonDay(time)), keep.weekly);
  return kept;
}

/** Deletes the backups of `directory` rotation no longer keeps; only files named as backups are ever looked at. Answers the deleted paths. */
export async function rotateBackups(directory: string, keep: Keep): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const timed = names.flatMap((name) => {
    const time = backupTimeOf(name);
    return time === null ? [] : [{ name, time }];
  });
  const kept = backupsToKeep(
    timed.map((t) => t.time),
    keep,
  );
  const deleted: string[] = [];
  for (const { name, time } of timed) {
    if (kept.has(time)) continue;
    const file = path.join(directory, name);
    await fs.promises.rm(file, { force: true });
    deleted.push(file);
  }
  return deleted;
}
