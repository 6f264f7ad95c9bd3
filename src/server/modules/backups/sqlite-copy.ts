import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { runInThread } from '../../threads/run-in-thread.js';
import type { Inspection, InspectionRequest } from './copy-inspection-thread.js';
import type { CopyRequest } from './sqlite-copy-thread.js';

/**
 * The server's SQLite database copied into `file` by SQLite's online backup, in a worker thread
 * on a connection of its own (sqlite-copy-thread.ts), as of one moment: requests and jobs go on
 * writing meanwhile (WAL). On the server's connection, in steps, the last step committed the copy
 * and synced it to disk on the event loop: 1.05 s at 100,000 members (an 870 MB file), every
 * request waiting (decision 0055, amended). Without the server's connection at hand (a database
 * opened some other way), `VACUUM INTO` through Kysely.
 */
export async function copySqlite(database: Pick<Database, 'db' | 'sqlite'>, file: string): Promise<void> {
  if (database.sqlite) await runInThread<null>(import.meta.url, 'sqlite-copy-thread', { source: database.sqlite.name, file } satisfies CopyRequest);
  else await sql`VACUUM INTO ${file}`.execute(database.db);
}

/**
 * A copied database read in a worker thread (copy-inspection-thread.ts): its tables' counts,
 * migrations and, when asked, SQLite's integrity check and the storage keys its `files` table
 * names. Synchronous work of minutes on a database of a gigabyte, which on the event loop held
 * every request meanwhile.
 */
export const inspectCopy = (request: InspectionRequest): Promise<Inspection> => runInThread<Inspection>(import.meta.url, 'copy-inspection-thread', request);
