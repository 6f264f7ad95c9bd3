import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

// PostgreSQL parses and plans an unnamed statement again on every run. Named, it is parsed once
// per connection, and after five runs it keeps one generic plan when that plan is estimated no
// dearer than the plans made for each run's values. Measured on recording a payment, parsing and
// planning were about 60 % of the database's time for it, planning most (a named statement with
// a plan made for every run gained nothing). SQLite reuses its prepared statements the same way
// (withStatementCache, database.ts).
//
// Only statements inside a transaction are named: the write paths, whose statements find rows by
// key, so one plan serves every value. List pages and searches run outside transactions, and
// their best plan depends on the values (a rare name or a common one, a filter that keeps few rows
// or most): they stay unnamed and are planned for each run's values.

/** A statement's text is prepared by name from its this-many-th run: one-off statements stay unnamed. */
export const PREPARE_FROM_RUN = 3;
/** Statements one connection keeps prepared at most (each holds its parse tree and plans in the backend). */
export const PREPARED_PER_CONNECTION = 300;
/** Texts whose runs are counted, and texts named, at most; beyond, each starts again (many distinct texts are one-off). */
const COUNTED_TEXTS = 10_000;

/** A transaction begins (Kysely's `begin`, or `start transaction` with its isolation level). */
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
/** A transaction ends (not a rollback to a savepoint, which stays in it). */
const END = /^\s*(?:commit|end|rollback(?!\s+to\b))\b/i;
/** Statements whose result or plan stays valid across runs: plain queries and writes. */
const REUSABLE = /^\s*(?:select|insert|update|delete|with)\b/i;
/** Statements after which a prepared `SELECT *` may answer other columns: every name is made anew. */
const SCHEMA_CHANGE = /^\s*(?:alter|create|drop|do|comment)\b/i;
/** PostgreSQL's "cached plan must not change result type": the schema changed under a prepared statement. */
const CHANGED_RESULT_TYPE = '0A000';

type Query = (text: unknown, values?: unknown[]) => unknown;

/**
 * A pool whose connections run each statement reused inside transactions as a named prepared
 * statement (node-postgres parses a name once per connection). A schema change made through
 * this pool, or reported by PostgreSQL for a statement prepared before another process changed
 * the schema, retires every name: statements are prepared again under new ones.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const runs = new Map<string, number>();
  const names = new Map<string, string>();
  let generation = 0;
  const retire = () => {
    generation += 1;
    names.clear();
  };
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known) return known;
    const run = (runs.get(text) ?? 0) + 1;
    if (runs.size >= COUNTED_TEXTS) runs.clear();
    runs.set(text, run);
    if (run < PREPARE_FROM_RUN) return undefined;
    const name = `a${generation}_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    // Clearing loses nothing: a text named again gets the same name (its hash and the generation).
    if (names.size >= COUNTED_TEXTS) names.clear();
    names.set(text, name);
    return name;
  };
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const prepared = new Set<string>();
    const query = client.query.bind(client) as Query;
    let inTransaction = false;
    const run: Query = (text, values) => {
      if (typeof text !== 'string') return query(text, values);
      if (!REUSABLE.test(text)) {
        if (BEGIN.test(text)) inTransaction = true;
        else if (END.test(text)) inTransaction = false;
        else if (SCHEMA_CHANGE.test(text)) retire();
        return query(text, values);
      }
      if (!inTransaction) return query(text, values);
      const name = nameOf(text);
      if (name === undefined || (!prepared.has(name) && prepared.size >= PREPARED_PER_CONNECTION)) return query(text, values);
      prepared.add(name);
      return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
        if ((error as { code?: string } | null)?.code === CHANGED_RESULT_TYPE) retire();
        throw error;
      });
    };
    return { query: run as PostgresPoolClient['query'], release: () => client.release() };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let own = wrapped.get(client);
      if (!own) wrapped.set(client, (own = wrap(client)));
      return own;
    },
    end: () => pool.end(),
  };
}
