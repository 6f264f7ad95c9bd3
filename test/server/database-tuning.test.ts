import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { serversClosedAfterEach, testEngine, type TestServer } from './support/server.js';
import { vacuumAnalyze } from '../../src/server/db/vacuum.js';

const start = serversClosedAfterEach();

if (testEngine === 'postgres') {
  describe('PostgreSQL connections and bulk loads', () => {
    it('every pooled connection runs without JIT, in the server\'s own schema', async () => {
      const server = await start();
      const { pool, schema } = server.database;
      // Several connections at once, so the pool opens more than one.
      const clients = await Promise.all([pool!.connect(), pool!.connect(), pool!.connect()]);
      try {
        for (const client of clients) {
          expect((await client.query('SHOW jit')).rows[0].jit).toBe('off');
          expect((await client.query('SELECT current_schema() AS s')).rows[0].s).toBe(schema);
        }
      } finally {
        for (const client of clients) client.release();
      }
    });

    const vacuumed = async (server: TestServer) =>
      (
        await sql<{ relname: string }>`SELECT relname FROM pg_stat_user_tables WHERE schemaname = current_schema() AND last_vacuum IS NOT NULL AND last_analyze IS NOT NULL ORDER BY relname`.execute(
          server.database.db,
        )
      ).rows.map((row) => row.relname);

    it('vacuums and analyzes the tables named, or every table of its own schema and no other', async () => {
      const [server, other] = [await start(), await start()];
      await vacuumAnalyze(server.database, ['members', 'payments']);
      await vi.waitFor(async () => expect(await vacuumed(server)).toEqual(['members', 'payments']), { timeout: 3000, interval: 50 });
      await vacuumAnalyze(server.database);
      const tables = (await sql<{ n: number }>`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(server.database.db)).rows[0]!.n;
      await vi.waitFor(async () => expect((await vacuumed(server)).length).toBe(Number(tables)), { timeout: 3000, interval: 50 });
      expect(await vacuumed(other)).toEqual([]);
    });
  });
} else {
  describe('the SQLite connection', () => {
    it('has a page cache sized for deep pages (32 MiB, not the 2 MB default)', async () => {
      const server = await start();
      const { rows } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(server.database.db);
      expect(rows[0]!.cache_size).toBe(-32 * 1024);
      await expect(vacuumAnalyze(server.database, ['members'])).resolves.toBeUndefined();
    });
  });
}
