import SQLite from 'better-sqlite3';
import { threadMain } from '../../threads/thread-main.js';

/** What copySqlite asks of its thread: the server's database file, and the file to copy it into. */
export interface CopyRequest {
  source: string;
  file: string;
}

/** As many pages as SQLite's backup takes in one step: every page left. */
const EVERY_PAGE = 0x7fffffff;

/**
 * SQLite's online backup on a connection of this thread's own, every page in one step: a step
 * holds its read of the source for as long as it runs, so the copy is the database as of one
 * moment whatever the server writes meanwhile (WAL: its writers do not wait for this reader).
 */
threadMain<CopyRequest, null>(async ({ source, file }) => {
  const conn = new SQLite(source, { fileMustExist: true, timeout: 5000 });
  try {
    await conn.backup(file, { progress: () => EVERY_PAGE });
    return null;
  } finally {
    conn.close();
  }
});
