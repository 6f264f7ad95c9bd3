import { sql, type RawBuilder } from 'kysely';
import { LIST_EXACT_TOTAL_LIMIT } from '../../core/contract.js';
import type { Database } from '../db/database.js';
import type { Resource } from './define.js';
import type { ChangeCache } from './change-cache.js';

// Rows of the newest ids SQLite checks to estimate how many of all rows match.
const SQLITE_SAMPLE = 20_000;

const where = (conditions: RawBuilder<boolean>[]) =>
  conditions.length === 0 ? sql`` : sql` WHERE ${sql.join(conditions, sql` AND `)}`;

/**
 * Counting every match of a large table on every list call is what makes admin lists slow,
 * so the count stops after LIST_EXACT_TOTAL_LIMIT + 1 rows; beyond that the total is an
 * estimate and `exact` is false. Finding that out still costs a capped count of 10,001 rows,
 * so estimates are kept in `largeTotals` until a change; exact totals are never cached. With
 * `beyondExact` the caller knows there are more matches than that: no count, the estimate.
 */
export async function countMatches(
  database: Database,
  resource: Resource,
  conditions: RawBuilder<boolean>[],
  largeTotals?: ChangeCache<number>,
  beyondExact = false,
): Promise<{ total: number; exact: boolean }> {
  const { db } = database;
  const table = sql.table(resource.name);
  const key = totalKey(database, resource, conditions);
  const known = largeTotals?.get(key);
  if (known !== undefined) return { total: known, exact: false };
  const since = largeTotals?.version();
  if (!beyondExact) {
    const capped = await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 AS one FROM ${table}${where(conditions)} LIMIT ${LIST_EXACT_TOTAL_LIMIT + 1}) capped`.execute(db);
    const n = Number(capped.rows[0]?.n ?? 0);
    if (n <= LIST_EXACT_TOTAL_LIMIT) return { total: n, exact: true };
  }
  const estimate = database.engine === 'postgres' ? await estimatePostgres(database, resource, conditions) : await estimateSqlite(database, resource, conditions);
  const total = Math.max(LIST_EXACT_TOTAL_LIMIT + 1, Math.round(estimate));
  largeTotals?.set(key, total, since);
  return { total, exact: false };
}

const totalKey = (database: Database, resource: Resource, conditions: RawBuilder<boolean>[]): string => {
  const condition = conditions.length === 0 ? undefined : sql.join(conditions, sql` AND `).compile(database.db);
  return JSON.stringify([resource.name, condition?.sql, condition?.parameters]);
};

/** The estimated total of matches a list already found to be more than LIST_EXACT_TOTAL_LIMIT, if it is kept. */
export function knownLargeTotal(database: Database, resource: Resource, conditions: RawBuilder<boolean>[], largeTotals?: ChangeCache<number>): number | undefined {
  return largeTotals?.get(totalKey(database, resource, conditions));
}

/** The planner's row estimate (from table statistics): instant at any size. */
async function estimatePostgres(database: Database, resource: Resource, conditions: RawBuilder<boolean>[]): Promise<number> {
  const plan = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${sql.table(resource.name)}${where(conditions)}`.execute(database.db);
  return Number(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
}

/** The lowest and highest `_id` of a table (0 and 0 when empty): its rows at most, without counting them. */
export async function idSpan(database: Database, resource: Resource): Promise<{ lo: number; hi: number }> {
  const table = sql.table(resource.name);
  // Two subqueries: SQLite answers a lone min() or max() from the index, but not both in one SELECT.
  const span = await sql<{ lo: number | null; hi: number | null }>`SELECT (SELECT min(_id) FROM ${table}) AS lo, (SELECT max(_id) FROM ${table}) AS hi`.execute(database.db);
  return { lo: Number(span.rows[0]?.lo ?? 0), hi: Number(span.rows[0]?.hi ?? 0) };
}

/**
 * SQLite keeps no statistics worth asking: count matches among the newest ids (a rowid range,
 * so a bounded scan) and scale by the id span of the table.
 */
async function estimateSqlite(database: Database, resource: Resource, conditions: RawBuilder<boolean>[]): Promise<number> {
  const { db } = database;
  const table = sql.table(resource.name);
  const { lo, hi } = await idSpan(database, resource);
  const rows = hi - lo + 1;
  if (conditions.length === 0) return rows;
  const from = Math.max(lo, hi - SQLITE_SAMPLE + 1);
  const sample = await sql<{ n: number }>`SELECT count(*) AS n FROM ${table} WHERE _id >= ${from} AND ${sql.join(conditions, sql` AND `)}`.execute(db);
  return (Number(sample.rows[0]?.n ?? 0) / (hi - from + 1)) * rows;
}
