import SQLite from 'better-sqlite3';

/**
 * The file beside a SQLite database whose lock says a server has that database open: a tiny
 * SQLite database of its own, `associa.db-lock`. It is left in place when the server stops:
 * deleting a lock file can let a process that opened it just before hold a lock on a file no
 * one else sees any more, and two servers would then share the database.
 */
const serverLockFile = (databaseFile: string): string => `${databaseFile}-lock`;

/**
 * Takes the lock that keeps a second server off `databaseFile`, for as long as the answered
 * connection stays open: exclusive locking mode keeps the write lock one empty transaction took.
 * SQLite's own POSIX locks do the work, with its bookkeeping of locks between the connections
 * of one process (where POSIX locks alone would not conflict), so a second open in this process
 * is refused as one in another; the kernel drops the lock when the process dies, so a crash
 * leaves none behind. Throws SQLite's SQLITE_BUSY at once (no waiting) when another holds it.
 *
 * The database's own connection used to hold this lock (locking_mode = EXCLUSIVE on the database
 * itself), which forbids any other connection to it, the checkpoint thread's too (0059).
 */
export function holdServerLock(databaseFile: string): SQLite.Database {
  const lock = new SQLite(serverLockFile(databaseFile), { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    // No journal file beside it: the transaction writes nothing.
    lock.pragma('journal_mode = MEMORY');
    lock.exec('BEGIN IMMEDIATE; COMMIT');
    return lock;
  } catch (error) {
    lock.close();
    throw error;
  }
}
