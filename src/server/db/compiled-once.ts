import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import type { Db } from './database.js';

/** Where each parameter of the compiled statement comes from: a run's value by position, or a constant of the statement. */
type Slot = number | { constant: unknown };

/**
 * A statement built and compiled once per dialect, then run with each call's values: for the
 * payment's write path, where building and compiling a Kysely query cost about as much as SQLite
 * takes to run it. `build` must hand its values straight to the query (no branching on them, no
 * list whose length varies): it is called once with stand-ins, and the compiled statement's
 * parameters are matched back to them.
 */
export function compiledOnce<A extends unknown[], R>(build: (db: Db, ...values: A) => Compilable<R>): (db: Db, ...values: A) => Promise<QueryResult<R>> {
  // By dialect adapter: a transaction shares its database's, so both use one compiled statement.
  const plans = new WeakMap<object, { sql: string; slots: Slot[] }>();
  return (db, ...values) => {
    const adapter = db.getExecutor().adapter;
    let plan = plans.get(adapter);
    if (!plan) {
      const standIns = values.map((_, i) => `\u0000compiled-once:${i}\u0000`);
      const compiled = build(db, ...(standIns as A)).compile();
      const slots = compiled.parameters.map((parameter): Slot => {
        const at = standIns.indexOf(parameter as string);
        return at >= 0 ? at : { constant: parameter };
      });
      const used = new Set(slots.filter((slot): slot is number => typeof slot === 'number'));
      if (used.size !== values.length) throw new Error(`compiledOnce: ${values.length - used.size} value(s) never reach the statement: ${compiled.sql}`);
      plan = { sql: compiled.sql, slots };
      plans.set(adapter, plan);
    }
    const { sql, slots } = plan;
    return db.executeQuery<R>(CompiledQuery.raw(sql, slots.map((slot) => (typeof slot === 'number' ? values[slot] : slot.constant))));
  };
}
