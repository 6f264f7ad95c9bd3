import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInTransactionScope, type TransactionScope } from '../../src/server/db/transaction-scope.js';
import { startTestServer, testEngine, type TestServer } from './support/server.js';

// A job's transaction of several statements (a step of a year's generation: its debts, the
// credit spent, the balances) lets the event loop turn before each of them, so requests that need
// no statement are answered in between; on SQLite its statements otherwise ran back to back.
describe(`a job's statements inside its transaction, on ${testEngine}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  /** What ran in which order: the transaction's statements, and a callback queued for the loop's next turn after the first. */
  async function order(scope: TransactionScope | null): Promise<string[]> {
    const seen: string[] = [];
    const work = async () => {
      const trx = await server.database.db.startTransaction().execute();
      await sql`SELECT 1`.execute(trx);
      seen.push('first');
      setImmediate(() => seen.push('loop turned'));
      await sql`SELECT 2`.execute(trx);
      seen.push('second');
      // Savepoints go to the driver with the connection it gave: they work through the form that turns the loop.
      const inner = await trx.savepoint('inner').execute();
      await sql`SELECT 3`.execute(inner);
      await inner.releaseSavepoint('inner').execute();
      seen.push('savepoint');
      await trx.commit().execute();
    };
    await (scope ? runInTransactionScope(scope, work) : work());
    return seen;
  }

  it('turns the loop before each statement of work in a scope, and counts its transaction until it ends', async () => {
    const scope: TransactionScope = { open: 0 };
    expect(await order(scope)).toEqual(['first', 'loop turned', 'second', 'savepoint']);
    expect(scope.open).toBe(0);
  });

  it('leaves the transaction whole: a request waits for its end and sees all of it or nothing', async () => {
    const { db } = server.database;
    await sql`CREATE TABLE IF NOT EXISTS loop_turns (n integer)`.execute(db);
    const scope: TransactionScope = { open: 0 };
    const reads: number[] = [];
    const job = runInTransactionScope(scope, () =>
      db.transaction().execute(async (trx) => {
        for (let n = 1; n <= 5; n += 1) await sql`INSERT INTO loop_turns (n) VALUES (${n})`.execute(trx);
      }),
    );
    // Asked while the job's transaction is open, between its statements.
    await new Promise((resolve) => setImmediate(resolve));
    const read = sql<{ count: number }>`SELECT count(*) AS count FROM loop_turns`.execute(db).then((r) => reads.push(Number(r.rows[0]!.count)));
    await Promise.all([job, read]);
    expect([[0], [5]]).toContainEqual(reads);
    expect(scope.open).toBe(0);
    await sql`DROP TABLE loop_turns`.execute(db);
  });

  if (testEngine === 'sqlite') {
    it("asks nothing of a request's statements: on SQLite they still run without a turn of the loop", async () => {
      expect(await order(null)).toEqual(['first', 'second', 'savepoint']);
    });
  }
});
