import { sql } from 'kysely';
import { openDatabase, type DatabaseOptions } from '../src/server/db/database.js';
import { appModules } from '../src/server/modules/index.js';
import { createRegistry } from '../src/server/resources/registry.js';
import { listOrder } from '../src/server/resources/text-order.js';

/**
 * The interface's CSV export of every member (GET /api/members/export.csv, the list's default
 * order, the columns a member list shows), read through the server to its last byte, beside the
 * bare ordered statement that reads the same rows and columns in the same order, in process,
 * without HTTP, formatting or reference names.
 */

/** The columns of the export: a member list's usual ones, two of them references written by name. */
const EXPORT_COLUMNS = ['number', 'name', 'email', 'phone', 'state', 'admission_date', 'fee_category', 'dues_exempt'] as const;
/** The list's default order, oldest first. */
const SORT = 'created_at';
const EXPORT_PATH = `/api/members/export.csv?_sort=${SORT}&_columns=${EXPORT_COLUMNS.join(',')}`;

/** The server's event loop during a run, as bench/loop-delay.ts measures it inside the server. */
interface LoopDelayProbe {
  reset(): Promise<void>;
  read(): Promise<{ maxMs: number }>;
}

export interface ExportTimes {
  /** Each run, seconds from the request to the file's last byte. */
  seconds: number[];
  bytes: number;
  /** Lines of the file less the header. */
  rows: number;
  /** The longest the server's event loop was held during the runs, when measured. */
  loopMaxMs?: number;
}

const LINE_FEED = 0x0a;
const QUOTE = 0x22;

/** Runs of the export through the server, `acceptEncoding` as a browser would send it ('identity' for none). */
export async function timeServerExport(url: string, access: string, runs: number, acceptEncoding: string, probe?: LoopDelayProbe): Promise<ExportTimes> {
  const seconds: number[] = [];
  let bytes = 0;
  let rows = 0;
  let loopMaxMs: number | undefined;
  for (let run = 0; run < runs; run += 1) {
    await probe?.reset();
    const started = performance.now();
    const response = await fetch(url + EXPORT_PATH, { headers: { authorization: `Bearer ${access}`, 'accept-encoding': acceptEncoding } });
    if (!response.ok || !response.body) throw new Error(`${EXPORT_PATH}: ${response.status} ${await response.text()}`);
    bytes = 0;
    let lines = 0;
    let quoted = false;
    // Counted as it arrives (fetch decompresses): lines outside quoted cells, as the interface
    // counts them. By index: iterating a chunk's bytes (for…of) cost this reader 20 to 40 ms a
    // megabyte, more than the server took to write them, and the server waited for it.
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i += 1) {
        const byte = chunk[i];
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === LINE_FEED && !quoted) lines += 1;
      }
    }
    seconds.push((performance.now() - started) / 1000);
    rows = lines - 1;
    if (probe) loopMaxMs = Math.max(loopMaxMs ?? 0, (await probe.read()).maxMs);
  }
  return { seconds, bytes, rows, ...(loopMaxMs === undefined ? {} : { loopMaxMs }) };
}

// As the server serves it (its registry): with the fields other modules add.
const members = createRegistry(appModules).resourceByName('members')!;

/**
 * The bare reference: the export's statement (its columns, and `_id` and the sort column that
 * its pages continue from, list-stream.ts) in the list's order (the same ORDER BY the list
 * writes), run once without a LIMIT, all rows into memory through the same driver. It makes no
 * CSV and reads no names: beside it the export pays its paging, formatting, names and HTTP.
 * Opens the database itself: on SQLite, only once the server has stopped (it holds the file).
 */
export async function timeBareExport(options: DatabaseOptions, runs: number): Promise<{ seconds: number[]; cpuSeconds: number[]; rows: number }> {
  const database = await openDatabase(options);
  const seconds: number[] = [];
  // This process's processor time per run: on SQLite the whole work, on PostgreSQL the driver's share.
  const cpuSeconds: number[] = [];
  let rows = 0;
  try {
    const order = listOrder(database.engine, members.field(SORT)!, false);
    const columns = [...EXPORT_COLUMNS, '_id', SORT];
    const statement = sql<Record<string, unknown>>`SELECT ${sql.join(columns.map((c) => sql.ref(c)))} FROM members ORDER BY ${order}`;
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      rows = (await statement.execute(database.db)).rows.length;
      seconds.push((performance.now() - started) / 1000);
      const used = process.cpuUsage(cpu);
      cpuSeconds.push((used.user + used.system) / 1e6);
    }
  } finally {
    await database.close();
  }
  return { seconds, cpuSeconds, rows };
}
