import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryCompiler, QueryResult, TransactionSettings } from 'kysely';

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

const turnOfTheLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

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
  /** Each connection's yielding form, made once (the driver's own calls are given the inner one). */
  private readonly wrappers = new WeakMap<DatabaseConnection, DatabaseConnection>();
  private readonly inners = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(private readonly inner: Driver) {
    // Savepoints are the inner driver's own (Kysely checks for them); they open no transaction.
    const { savepoint, rollbackToSavepoint, releaseSavepoint } = inner;
    if (savepoint) this.savepoint = (connection, name, compile) => savepoint.call(inner, this.unwrapped(connection), name, compile);
    if (rollbackToSavepoint) this.rollbackToSavepoint = (connection, name, compile) => rollbackToSavepoint.call(inner, this.unwrapped(connection), name, compile);
    if (releaseSavepoint) this.releaseSavepoint = (connection, name, compile) => releaseSavepoint.call(inner, this.unwrapped(connection), name, compile);
  }

  init() {
    return this.inner.init();
  }

  async acquireConnection() {
    // Work in a scope (a job's run) lets the event loop turn before each statement or
    // transaction of its own: on SQLite its statements are synchronous and its awaits never
    // leave the microtask queue, so a long run would otherwise keep every request (read only
    // in a later phase of the loop) waiting until it ends.
    if (scopes.getStore()) await turnOfTheLoop();
    return this.yielding(await this.inner.acquireConnection());
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.inner.beginTransaction(this.unwrapped(connection), settings);
    const scope = scopes.getStore();
    if (!scope) return;
    scope.open += 1;
    this.counted.set(connection, scope);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.ended(connection, () => this.inner.commitTransaction(this.unwrapped(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.ended(connection, () => this.inner.rollbackTransaction(this.unwrapped(connection)));
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(this.unwrapped(connection));
  }

  destroy() {
    return this.inner.destroy();
  }

  /**
   * The connection, letting the loop turn before each statement of a transaction work in a scope
   * began (a lone statement turned it when it acquired the connection): a step of a long run is a
   * transaction of several statements (generation's debts, credit, balances), which ran back to
   * back and held the loop as long as all of them (75–105 ms at 100,000 members on SQLite).
   * Requests that need no statement (a cached list page, a file, a realtime message) are answered
   * between them; those that do wait for the connection, as before, so the transaction sees
   * nothing of theirs.
   */
  private yielding(connection: DatabaseConnection): DatabaseConnection {
    let wrapped = this.wrappers.get(connection);
    if (!wrapped) {
      const counted = this.counted;
      wrapped = {
        async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
          if (counted.has(wrapped!)) await turnOfTheLoop();
          return connection.executeQuery<R>(query);
        },
        streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
      };
      this.wrappers.set(connection, wrapped);
      this.inners.set(wrapped, connection);
    }
    return wrapped;
  }

  private unwrapped(connection: DatabaseConnection): DatabaseConnection {
    return this.inners.get(connection) ?? connection;
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
