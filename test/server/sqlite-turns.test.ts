import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnTakingLock } from '../../src/server/db/sqlite-turns.js';
import { startTestServer, testEngine, type TestServer } from './support/server.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Records 'turn' at every turn of the loop until `stop` is called. */
function turnsOfTheLoop(seen: string[]): () => void {
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    seen.push('turn');
    setImmediate(tick);
  };
  setImmediate(tick);
  return () => {
    stopped = true;
  };
}

describe('the SQLite connection handed out once per turn of the event loop', () => {
  it('serves waiters in the order they asked, one per turn, the loop turning between them', async () => {
    const lock = new TurnTakingLock();
    const seen: string[] = [];
    const stop = turnsOfTheLoop(seen);
    await Promise.all(
      ['a', 'b', 'c'].map(async (name) => {
        await lock.take();
        seen.push(name);
        lock.release();
      }),
    );
    stop();
    const holders = seen.filter((entry) => entry !== 'turn');
    expect(holders).toEqual(['a', 'b', 'c']);
    // Between two holders the loop turned at least once.
    for (let i = 1; i < seen.length; i += 1) {
      if (seen[i] !== 'turn') expect(seen[i - 1]).toBe('turn');
    }
  });

  it('keeps waiters waiting while the holder awaits real input or output, and gives it on after release', async () => {
    const lock = new TurnTakingLock();
    const seen: string[] = [];
    await lock.take();
    const waiter = lock.take().then(() => seen.push('waiter'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await nextTurn();
    expect(seen).toEqual([]);
    seen.push('holder done');
    lock.release();
    await waiter;
    expect(seen).toEqual(['holder done', 'waiter']);
    lock.release();
  });

  it('gives a free lock at once to the first asker of a turn, and a second asker of the same turn waits for the next', async () => {
    const lock = new TurnTakingLock();
    await nextTurn();
    const seen: string[] = [];
    const first = lock.take().then(() => {
      seen.push('first');
      lock.release();
    });
    const second = lock.take().then(() => {
      seen.push('second');
      lock.release();
    });
    await Promise.resolve();
    expect(seen).toEqual(['first']);
    await Promise.all([first, second]);
    expect(seen).toEqual(['first', 'second']);
  });
});

if (testEngine === 'sqlite') {
  describe('requests sharing the SQLite database', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(async () => {
      await server?.close();
    });

    it("lets the loop turn between two requests' statements, so none waits behind all the others", async () => {
      const { db } = server.database;
      const seen: string[] = [];
      const stop = turnsOfTheLoop(seen);
      await Promise.all(
        Array.from({ length: 6 }, async (_, i) => {
          await sql`SELECT ${i} AS n`.execute(db);
          seen.push(`read ${i}`);
          await sql`SELECT ${i + 10} AS n`.execute(db);
          seen.push(`read ${i} again`);
        }),
      );
      stop();
      expect(seen.filter((entry) => entry.startsWith('read'))).toHaveLength(12);
      for (let i = 1; i < seen.length; i += 1) {
        if (seen[i] !== 'turn') expect(`${seen[i - 1]} before ${seen[i]}`).toMatch(/^turn before /);
      }
    });

    it('still runs a transaction whole: its statements hold the connection to its end', async () => {
      const { db } = server.database;
      await sql`CREATE TABLE turns_whole (n integer)`.execute(db);
      const counts: number[] = [];
      const readers: Array<Promise<unknown>> = [];
      const writer = db.transaction().execute(async (trx) => {
        for (let n = 1; n <= 4; n += 1) {
          await sql`INSERT INTO turns_whole (n) VALUES (${n})`.execute(trx);
          // Asked while the transaction is open, between its statements and across turns of the loop.
          readers.push(sql<{ count: number }>`SELECT count(*) AS count FROM turns_whole`.execute(db).then((result) => counts.push(Number(result.rows[0]!.count))));
          await nextTurn();
        }
      });
      await writer;
      await Promise.all(readers);
      expect(counts).toEqual([4, 4, 4, 4]);
      await sql`DROP TABLE turns_whole`.execute(db);
    });
  });
}
