import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { runInThread } from '../../threads/run-in-thread.js';
import type { Inspection, InspectionRequest } from './copy-inspection-thread.js';

/** Pages copied per step of the online backup: about a megabyte, a few milliseconds of work. */
const PAGES_PER_STEP = 256;

/**
 * The server's SQLite database copied into `file` by SQLite's online backup, through the server's
 * own connection, in steps with the event loop free between them: requests and jobs go on
 * meanwhile, and what they write through this connection reaches the copy too (SQLite updates
 * or restarts the backup), so the copy is the database as of the step that ends it. `VACUUM
 * INTO` made the same copy in one synchronous call, holding every request for as long as it
 * took (about a second per 100 MB: at 100,000 members with seven years of dues, requests
 * waiting behind it were cut off; issue 32). Without the connection at hand, it is still used.
 */
export async function copySqlite(database: Pick<Database, 'db' | 'sqlite'>, file: string): Promise<void> {
  if (database.sqlite) await database.sqlite.backup(file, { progress: () => PAGES_PER_STEP });
  else await sql`VACUUM INTO ${file}`.execute(database.db);
}

/**
 * A copied database read in a worker thread (copy-inspection-thread.ts): its tables' counts,
 * migrations and, when asked, SQLite's integrity check and the storage keys its `files` table
 * names. Synchronous work of minutes on a database of a gigabyte, which on the event loop held
 * every request meanwhile.
 */
export const inspectCopy = (request: InspectionRequest): Promise<Inspection> => runInThread<Inspection>(import.meta.url, 'copy-inspection-thread', request);
