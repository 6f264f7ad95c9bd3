import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database.js';
import { copySqlite } from '../../src/server/modules/backups/sqlite-copy.js';

// sqlite-only: the online copy is SQLite's backup API; PostgreSQL's backup is a dump.
// SQLite's backup copies the database in a thread of its own while the server goes on writing
// through its connection (decision 0055, amended): the copy must be whole and consistent, never a
// mix of before and after, and the server's connection (the event loop's) never runs the copy.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-online-copy-'));
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ACCOUNTS = 4000;
const TOTAL = ACCOUNTS * 100;

it('copies in a thread while transfers and a rolled-back write go on: the copy is whole, its total kept, the rollback absent', async () => {
  database = await openDatabase({ dataDir: dir, databaseUrl: undefined });
  const db = database.db;
  await sql`CREATE TABLE accounts (id integer PRIMARY KEY, balance integer NOT NULL, padding text NOT NULL)`.execute(db);
  // Enough pages for many steps (about 4 MB: some 16 steps of 256 pages).
  await db.transaction().execute(async (trx) => {
    for (let id = 1; id <= ACCOUNTS; id += 1) await sql`INSERT INTO accounts VALUES (${id}, 100, ${'x'.repeat(900)})`.execute(trx);
  });
  const copy = path.join(dir, 'copy.db');
  // The server's connection copying, even in steps, committed and synced the copy on the event
  // loop at its last step (1.05 s at 100,000 members).
  const onTheLoop = vi.spyOn(database.sqlite!, 'backup');
  let done = false;
  const copying = copySqlite(database, copy).then(() => {
    done = true;
  });
  let transfers = 0;
  while (!done) {
    // A transfer between two accounts keeps the total; each runs between two steps of the copy.
    const from = 1 + (transfers % ACCOUNTS);
    const to = 1 + ((transfers * 7 + 3) % ACCOUNTS);
    await db.transaction().execute(async (trx) => {
      await sql`UPDATE accounts SET balance = balance - 1 WHERE id = ${from}`.execute(trx);
      await sql`UPDATE accounts SET balance = balance + 1 WHERE id = ${to}`.execute(trx);
    });
    if (transfers === 2) {
      await db
        .transaction()
        .execute(async (trx) => {
          await sql`INSERT INTO accounts VALUES (${ACCOUNTS + 1}, 1000000, 'rolled back')`.execute(trx);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
    }
    transfers += 1;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await copying;
  // Writes went on while it ran, and not through a backup of the server's connection.
  expect(transfers).toBeGreaterThan(3);
  expect(onTheLoop).not.toHaveBeenCalled();
  const copied = new SQLite(copy, { readonly: true });
  try {
    expect(copied.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(copied.prepare('SELECT count(*) AS n, sum(balance) AS total FROM accounts').get()).toEqual({ n: ACCOUNTS, total: TOTAL });
  } finally {
    copied.close();
  }
});
