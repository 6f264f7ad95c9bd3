import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, Dialect, Driver, QueryCompiler, TransactionSettings } from 'kysely';

/**
 * Background work (a job's run) sharing the database with requests. `open` counts the
 * transactions it has open at this moment: those begun in its own asynchronous flow, through
 * any handle of the database. While one is open, a statement that work sends through another
 * handle waits for a connection: on SQLite, whose only connection the transaction holds, for
 * ever. So the work asks here before such a statement and holds it back until the transaction
 * ends (jobs/progress.ts).
 */
export interface TransactionScope {
  open: number;
}

const scopes = new AsyncLocalStorage<TransactionScope>();

/** Runs `work` with a scope of its own: transactions it begins, however deep, count in `scope`. */
export function runInTransactionScope<T>(scope: TransactionScope, work: () => Promise<T>): Promise<T> {
  return scopes.run(scope, work);
}

type SavepointStep = (connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => Promise<void>;

/** The driver with each transaction counted in the scope of the flow that began it. */
class CountingDriver implements Driver {
  savepoint?: SavepointStep;
  rollbackToSavepoint?: SavepointStep;
  releaseSavepoint?: SavepointStep;
  /** The scope each open transaction counts in, by its connection (a failed commit is also rolled back: counted once). */
  private readonly counted = new WeakMap<DatabaseConnection, TransactionScope>();

  constructor(private readonly inner: Driver) {
    // Savepoints are the inner driver's own (Kysely checks for them); they open no transaction.
    if (inner.savepoint) this.savepoint = inner.savepoint.bind(inner);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = inner.rollbackToSavepoint.bind(inner);
    if (inner.releaseSavepoint) this.releaseSavepoint = inner.releaseSavepoint.bind(inner);
  }

  init() {
    return this.inner.init();
  }

  async acquireConnection() {
    // Work in a scope (a job's run) lets the event loop turn before each statement or
    // transaction of its own: on SQLite its statements are synchronous and its awaits never
    // leave the microtask queue, so a long run would otherwise keep every request (read only
    // in a later phase of the loop) waiting until it ends.
    if (scopes.getStore()) await new Promise((resolve) => setImmediate(resolve));
    return this.inner.acquireConnection();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.inner.beginTransaction(connection, settings);
    const scope = scopes.getStore();
    if (!scope) return;
    scope.open += 1;
    this.counted.set(connection, scope);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.ended(connection, () => this.inner.commitTransaction(connection));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.ended(connection, () => this.inner.rollbackTransaction(connection));
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }

  destroy() {
    return this.inner.destroy();
  }

  private async ended(connection: DatabaseConnection, step: () => Promise<void>) {
    try {
      await step();
    } finally {
      const scope = this.counted.get(connection);
      this.counted.delete(connection);
      if (scope) scope.open -= 1;
    }
  }
}

/** `dialect` whose transactions count in the scope of whoever begins them (runInTransactionScope). */
export function countingTransactions(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new CountingDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
