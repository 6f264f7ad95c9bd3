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

    it('keeps serving when PostgreSQL closes its idle connections (a restart, an administrator)', async () => {
      const server = await start();
      const { pool } = server.database;
      const clients = await Promise.all([pool!.connect(), pool!.connect()]);
      const pids = await Promise.all(clients.map(async (client) => Number((await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid)));
      for (const client of clients) client.release();
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        const admin = await start();
        await sql`SELECT pg_terminate_backend(pid) FROM unnest(${pids}::int[]) AS pid`.execute(admin.database.db);
        // Unheard, the pool's 'error' would have ended the process (vitest reports it as an uncaught error).
        await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(2), { timeout: 3000, interval: 20 });
        expect(String(logged.mock.calls[0]![0])).toContain('PostgreSQL closed an idle connection');
      } finally {
        logged.mockRestore();
      }
      const { access } = await server.login(await server.createUser('admin'));
      expect((await server.request({ method: 'GET', url: '/api/members', token: access })).statusCode).toBe(200);
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
