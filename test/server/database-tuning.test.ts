import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { serversClosedAfterEach, testEngine, type TestServer } from './support/server.js';
import { PREPARE_FROM_RUN, PREPARED_PER_CONNECTION, preparingPool } from '../../src/server/db/pg-prepared.js';
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

    /** The tables the tests below make in the server's schema. */
    interface ProbeTables {
      prepared_names: { id: number; name: string };
      prepared_probe: { a: number; b: number | null; c: number | null };
    }

    /**
     * A Kysely of one connection to the server's schema through preparingPool; `inTransaction`
     * runs its work in a transaction on it, where statements are prepared by name.
     */
    async function oneConnection(server: TestServer) {
      const pool = new pg.Pool({ ...server.database.pool!.options, max: 1 });
      const db = new Kysely<ProbeTables>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
      const prepared = async () => (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(db)).rows.map((row) => row.statement);
      const inTransaction = <T>(work: (trx: typeof db) => Promise<T>) => db.transaction().execute(work);
      return { db, prepared, inTransaction, close: () => db.destroy() };
    }

    it('prepares a statement by name once it runs again and again in transactions, and answers the same', async () => {
      const server = await start();
      const { db, prepared, inTransaction, close } = await oneConnection(server);
      try {
        await sql`CREATE TABLE prepared_names (id integer, name text)`.execute(db);
        await sql`INSERT INTO prepared_names VALUES (1, 'Ana'), (2, 'Rui')`.execute(db);
        const name = (on: typeof db, id: number) => on.executeQuery(on.selectFrom('prepared_names').select('name').where('id', '=', id).compile());
        const text = db.selectFrom('prepared_names').select('name').where('id', '=', 0).compile().sql;
        // Outside a transaction (list pages, searches) it is planned for each run's values.
        for (let run = 0; run < PREPARE_FROM_RUN + 2; run += 1) expect((await name(db, 1)).rows).toEqual([{ name: 'Ana' }]);
        expect(await prepared()).not.toContain(text);
        for (let run = 1; run < PREPARE_FROM_RUN; run += 1) await inTransaction(async (trx) => expect((await name(trx, 1)).rows).toEqual([{ name: 'Ana' }]));
        expect(await prepared()).not.toContain(text);
        await inTransaction(async (trx) => {
          for (const [id, expected] of [[2, 'Rui'], [1, 'Ana'], [2, 'Rui']] as const) expect((await name(trx, id)).rows).toEqual([{ name: expected }]);
        });
        expect((await prepared()).filter((statement) => statement === text)).toHaveLength(1);
      } finally {
        await close();
      }
    });

    it('prepares again after a schema change, made through it or by another connection', async () => {
      const server = await start();
      const { db, inTransaction, close } = await oneConnection(server);
      const other = await server.database.pool!.connect();
      try {
        await sql`CREATE TABLE prepared_probe (a integer)`.execute(db);
        await sql`INSERT INTO prepared_probe VALUES (1)`.execute(db);
        const all = () => inTransaction((trx) => trx.selectFrom('prepared_probe').selectAll().execute());
        for (let run = 0; run < PREPARE_FROM_RUN + 1; run += 1) expect(await all()).toEqual([{ a: 1 }]);
        // Through it: the names are retired before the next run.
        await sql`ALTER TABLE prepared_probe ADD COLUMN b integer DEFAULT 2`.execute(db);
        expect(await all()).toEqual([{ a: 1, b: 2 }]);
        for (let run = 0; run < PREPARE_FROM_RUN; run += 1) await all();
        // By another connection (another instance migrating): PostgreSQL refuses the prepared
        // statement once ("cached plan must not change result type"); the next run prepares anew.
        await other.query('ALTER TABLE prepared_probe ADD COLUMN c integer DEFAULT 3');
        await expect(all()).rejects.toMatchObject({ code: '0A000' });
        expect(await all()).toEqual([{ a: 1, b: 2, c: 3 }]);
      } finally {
        other.release();
        await close();
      }
    });

    it(`keeps at most ${PREPARED_PER_CONNECTION} statements prepared on a connection, and runs the others unnamed`, async () => {
      const server = await start();
      const { prepared, inTransaction, close } = await oneConnection(server);
      try {
        const distinct = PREPARED_PER_CONNECTION + 20;
        await inTransaction(async (trx) => {
          for (let run = 0; run < PREPARE_FROM_RUN; run += 1) {
            for (let i = 0; i < distinct; i += 1) expect((await sql<{ n: number }>`SELECT ${sql.lit(i)}::int AS n`.execute(trx)).rows).toEqual([{ n: i }]);
          }
        });
        expect(await prepared()).toHaveLength(PREPARED_PER_CONNECTION);
      } finally {
        await close();
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
