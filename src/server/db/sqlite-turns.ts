import type { DatabaseConnection, Driver } from 'kysely';

/**
 * SQLite's one connection, handed out at most once per turn of the event loop.
 *
 * better-sqlite3 runs a statement synchronously and Kysely's own lock hands the connection on
 * through promises, which never leave the microtask queue. So requests arriving together (ten
 * searches, ten deep pages) ran one after another, each statement and the work after it, in a
 * single turn of the loop: the loop was held 60-200 ms at 100,000 members, and every other
 * request, a timer, a socket write, waited all that time. Here the connection is given to the
 * next waiter in the loop's next check phase (setImmediate), so between two holders the loop
 * reads and writes sockets and runs timers. A holder keeps it as long as Kysely does (a
 * statement, or a transaction to its end), so nothing about isolation changes. Waiters are
 * served in the order they asked.
 */
export class TurnTakingLock {
  private held = false;
  /** Given in this turn of the loop already: a newcomer waits for the next one. */
  private givenThisTurn = false;
  private turnScheduled = false;
  private readonly waiting: Array<() => void> = [];

  take(): Promise<void> {
    if (!this.held && !this.givenThisTurn && this.waiting.length === 0) {
      this.give();
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      if (!this.held) this.nextTurn();
    });
  }

  release(): void {
    this.held = false;
    if (this.waiting.length > 0) this.nextTurn();
  }

  private give(): void {
    this.held = true;
    this.givenThisTurn = true;
    this.nextTurn();
  }

  private nextTurn(): void {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    setImmediate(this.turn);
  }

  private readonly turn = (): void => {
    this.turnScheduled = false;
    this.givenThisTurn = false;
    // Still held (a transaction waiting on a file, say): release() schedules the next turn.
    if (this.held) return;
    const next = this.waiting.shift();
    if (!next) return;
    this.give();
    next();
  };
}

type SavepointStep = NonNullable<Driver['savepoint']>;

/** `driver` whose connection is acquired through a TurnTakingLock. */
export function takingTurns(driver: Driver): Driver {
  const lock = new TurnTakingLock();
  const step = (method: SavepointStep | undefined): SavepointStep | undefined => method?.bind(driver);
  return {
    init: () => driver.init(),
    async acquireConnection(): Promise<DatabaseConnection> {
      await lock.take();
      try {
        return await driver.acquireConnection();
      } catch (error) {
        lock.release();
        throw error;
      }
    },
    beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
    commitTransaction: (connection) => driver.commitTransaction(connection),
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
    savepoint: step(driver.savepoint),
    rollbackToSavepoint: step(driver.rollbackToSavepoint),
    releaseSavepoint: step(driver.releaseSavepoint),
    async releaseConnection(connection) {
      try {
        await driver.releaseConnection(connection);
      } finally {
        lock.release();
      }
    },
    destroy: () => driver.destroy(),
  };
}
