import { CompiledQuery } from 'kysely';
import type { Caller } from '../src/server/auth/caller.js';
import { openDatabase, type DatabaseOptions } from '../src/server/db/database.js';
import { appModules } from '../src/server/modules/index.js';
import { createRegistry } from '../src/server/resources/registry.js';
import { createMemoryBus } from '../src/server/realtime/bus.js';
import { createChangeCache } from '../src/server/resources/change-cache.js';
import { parseListParams } from '../src/server/resources/list-params.js';
import { listAnswer } from '../src/server/resources/list-answer.js';

/**
 * Sequential runs of each page's statements, at least BARE_RUNS and for at least BARE_MS; the
 * median is its bare time. A fixed 30 runs of a 0.5 ms page took 15 ms, short enough for one
 * slow moment of this shared machine to double the median between two runs of the bench.
 */
const BARE_RUNS = 30;
const BARE_MS = 1000;

/** The bench loads lists as the administrator, who reads every field. */
const ADMIN: Caller = { kind: 'user', id: 1, name: 'admin', role: 'admin', memberId: null };

// As the server serves them (its registry): with other modules' extensions and searches through references.
const registry = createRegistry(appModules);

/**
 * The database's own time for list pages: the statements the server's list code runs for the
 * page at `path` (`/api/{resource}?…`), recorded from that code as the server calls it (an
 * estimated total already known, as between changes), then run again through the same driver
 * without HTTP, authentication, record conversion or JSON text. By path: the median milliseconds
 * and the statements (the bare route runs them, bare-route.ts); paths that are not a generic list
 * are left out. Opens the database itself: on SQLite, only once the server has stopped (it holds
 * the file).
 */
export async function timeBareQueries(options: DatabaseOptions, paths: readonly string[]): Promise<Map<string, { ms: number; statements: CompiledQuery[] }>> {
  const recorded: CompiledQuery[] = [];
  const database = await openDatabase({ ...options, log: (event) => event.level === 'query' && recorded.push(event.query) });
  const totals = createChangeCache<number>(createMemoryBus(), Date.now, { ttlMs: Infinity, maxEntries: 100 });
  const times = new Map<string, { ms: number; statements: CompiledQuery[] }>();
  try {
    for (const path of paths) {
      const url = new URL(path, 'http://bench');
      const resource = registry.resourceByName(url.pathname.replace(/^\/api\//, ''));
      if (!resource) continue;
      const query = Object.fromEntries(url.searchParams);
      const page = () => listAnswer(database, resource, parseListParams(resource, query), ADMIN, undefined, totals);
      await page();
      recorded.length = 0;
      await page();
      const statements = recorded.splice(0);
      const runs: number[] = [];
      const began = performance.now();
      while (runs.length < BARE_RUNS || performance.now() - began < BARE_MS) {
        const started = performance.now();
        for (const statement of statements) await database.db.executeQuery(CompiledQuery.raw(statement.sql, [...statement.parameters]));
        runs.push(performance.now() - started);
      }
      runs.sort((a, b) => a - b);
      times.set(path, { ms: runs[Math.floor(runs.length / 2)]!, statements });
    }
  } finally {
    totals.close();
    await database.close();
  }
  return times;
}
