import { CompiledQuery, sql } from 'kysely';
import type { Database } from '../../../src/server/db/database.js';

/**
 * The plan the engine would run `query` with, as text: SQLite's EXPLAIN QUERY PLAN details, or
 * PostgreSQL's EXPLAIN. A test table is cheaper to scan than to seek, so PostgreSQL is asked, with
 * sequential scans off (and sorting too, `noSort`), whether an index *can* answer it.
 */
export async function planOf(database: Pick<Database, 'db' | 'engine'>, query: CompiledQuery, options: { noSort?: boolean } = {}): Promise<string> {
  const explain = (prefix: string) => CompiledQuery.raw(`${prefix} ${query.sql}`, [...query.parameters]);
  return database.db.transaction().execute(async (trx) => {
    if (database.engine === 'sqlite') return (await trx.executeQuery<{ detail: string }>(explain('EXPLAIN QUERY PLAN'))).rows.map((r) => r.detail).join('\n');
    if (options.noSort) await sql`SET LOCAL enable_sort = off`.execute(trx);
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    return (await trx.executeQuery<{ 'QUERY PLAN': string }>(explain('EXPLAIN'))).rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}
