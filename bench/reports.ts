import type { Database } from '../src/server/db/database.js';
import { REPORTS } from '../src/server/modules/reports/definitions.js';
import { parseReportParams } from '../src/server/modules/reports/params.js';
import { runReport } from '../src/server/modules/reports/run.js';
import { lisbonDay } from '../src/core/days.js';

/** Sequential runs of each report's query; the median is its bare time. */
const BARE_RUNS = 9;

export interface ReportPath {
  query: string;
  path: string;
}

/**
 * Each report over its default range, the range named (`to`) so the load can add its own
 * parameter: reports are not cached, but every request then carries a distinct address anyway.
 */
export function reportPaths(now: number): ReportPath[] {
  const year = lisbonDay(now).slice(0, 4);
  return REPORTS.map((report) => ({ query: `report ${report.name}`, path: `/api/reports/${report.name}?to=${year}` }));
}

/**
 * The database's own time for each report at `paths`: the report's queries run through the same
 * code as the server's route, without HTTP, authentication or JSON, on the bench's own connection
 * before the server starts (on SQLite the server then holds the file). Milliseconds by path.
 */
export async function timeBareReports(database: Database, paths: readonly string[]): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  for (const path of paths) {
    const url = new URL(path, 'http://bench');
    const report = REPORTS.find((r) => url.pathname === `/api/reports/${r.name}`);
    if (!report) continue;
    const params = parseReportParams(Object.fromEntries(url.searchParams), Date.now(), report.defaultYears);
    await runReport(database, report, params);
    const runs: number[] = [];
    for (let run = 0; run < BARE_RUNS; run += 1) {
      const started = performance.now();
      await runReport(database, report, params);
      runs.push(performance.now() - started);
    }
    runs.sort((a, b) => a - b);
    times.set(path, runs[Math.floor(runs.length / 2)]!);
  }
  return times;
}
