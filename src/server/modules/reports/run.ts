import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ReportDefinition } from './definitions.js';
import type { ReportParams } from './params.js';

/**
 * Runs a report's statements in one read transaction, so its figures come from one snapshot and
 * agree with each other while payments are being recorded. On PostgreSQL without JIT: a report
 * reads tens of thousands of rows through indexes, which the planner costs high enough to
 * compile, and compiling took longer than the query (1.8 s of 3.9 s for owedPerYear at 100,000
 * members).
 */
export async function runReport(database: Database, report: ReportDefinition, params: ReportParams): Promise<object> {
  return database.db.transaction().execute(async (trx) => {
    if (database.engine === 'postgres') {
      await sql`SET LOCAL jit = off`.execute(trx);
      // Grouping tens of thousands of debts by year spilled to disk at the default 4 MB.
      await sql`SET LOCAL work_mem = '32MB'`.execute(trx);
    }
    return report.run(trx, params);
  });
}
