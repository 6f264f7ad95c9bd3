import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database.js';
import { parseListParams } from '../../src/server/resources/list-params.js';
import { listRows } from '../../src/server/resources/list-query.js';
import { resourceByName } from './support/app-registry.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';
import { testEngine } from './support/server.js';

// SQLite's long reads (a deep page by number, a search) run on a connection of their own in a
// worker thread, so that the event loop answers other requests meanwhile (decision 0065).
// PostgreSQL's statements never hold the loop: it has no reader.

const COUNT = 1150;
const NAMES = ['Ângela Sousa', 'angela souza', 'Joaquim Conceição', 'João Silva', 'Maria Inês'];

if (testEngine === 'postgres') {
  describe('long reads on PostgreSQL', () => {
    it('need no thread: the database has no reader', async () => {
      const server = await startResourceServer();
      try {
        expect(server.database.reader).toBeUndefined();
      } finally {
        await server.close();
      }
    });
  });
} else {
  describe("SQLite's reader thread, through the lists", () => {
    let server: ResourceTestServer;
    let token: string;
    beforeAll(async () => {
      server = await startResourceServer();
      ({ token } = await server.as('admin'));
      const active = await server.stateId('Ativo');
      const now = new Date(server.ctx.now()).toISOString();
      const rows = Array.from({ length: COUNT }, (_, n) => ({
        number: n + 1,
        name: `${NAMES[n % NAMES.length]} ${n % 7}`,
        state: active,
        locality: n % 3 === 0 ? null : 'Évora',
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < rows.length; i += 200) await server.database.db.insertInto('members').values(rows.slice(i, i + 200)).execute();
    });
    afterAll(() => server.close());

    /** The same page read on the server's connection alone. */
    const onTheConnection = (database: Database): Database => ({ ...database, reader: undefined });

    it.each([
      ['a deep page by number', '_sort=name&_limit=100&_page=11'],
      ['a deep page by number, descending, with ties and empty values', '_sort=-locality&_limit=100&_page=12'],
      ['a search with accents', '_search=angela&_sort=name&_limit=50'],
      ['a search of two words', '_search=conceicao 3&_limit=20'],
    ])('reads %s in the thread, with the rows the connection reads, in the same order', async (_, query) => {
      const members = resourceByName('members')!;
      const params = parseListParams(members, Object.fromEntries(new URLSearchParams(query)));
      const reads = vi.spyOn(server.database.reader!, 'rows');
      try {
        const threaded = await listRows(server.database, members, params);
        expect(reads).toHaveBeenCalled();
        const direct = await listRows(onTheConnection(server.database), members, params);
        expect(threaded.rows.length).toBeGreaterThan(0);
        expect(threaded.rows).toEqual(direct.rows);
        expect(threaded.total).toBe(direct.total);
      } finally {
        reads.mockRestore();
      }
    });

    it('reads a first page on the connection: a short read is not worth the trip', async () => {
      const members = resourceByName('members')!;
      const reads = vi.spyOn(server.database.reader!, 'rows');
      try {
        await listRows(server.database, members, parseListParams(members, { _sort: 'name', _limit: '100' }));
        expect(reads).not.toHaveBeenCalled();
      } finally {
        reads.mockRestore();
      }
    });

    it('sees a write as soon as it is committed', async () => {
      const before = await server.json('GET', '/api/members?_sort=-number&_limit=100&_page=11', token);
      expect(before.status).toBe(200);
      const last = before.body.data.at(-1) as { _id: number; name: string };
      await server.database.db.updateTable('members').set({ name: 'Renomeado Agora' }).where('_id', '=', last._id).execute();
      const after = await server.json('GET', `/api/members?_sort=-number&_limit=100&_page=11&fresh=${Date.now()}`, token);
      expect(after.body.data.at(-1)).toMatchObject({ _id: last._id, name: 'Renomeado Agora' });
    });
  });

  describe("SQLite's reader thread itself", () => {
    const dirs: string[] = [];
    const opened: Database[] = [];
    afterEach(async () => {
      for (const database of opened.splice(0)) await database.close();
      for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    });
    const open = async (options: Partial<Parameters<typeof openDatabase>[0]> = {}) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-reader-'));
      dirs.push(dir);
      const database = await openDatabase({ dataDir: dir, databaseUrl: undefined, ...options });
      opened.push(database);
      await sql`CREATE TABLE numbers (n INTEGER PRIMARY KEY, label TEXT, data BLOB)`.execute(database.db);
      await sql`INSERT INTO numbers (n, label, data) VALUES (1, 'Conceição', x'00ff'), (2, NULL, NULL)`.execute(database.db);
      return database;
    };
    // A statement that keeps SQLite busy for a while (a few hundred milliseconds).
    const longCount = CompiledQuery.raw('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000000) SELECT count(*) AS n FROM c');

    it('leaves the event loop free while it reads', async () => {
      const database = await open();
      let turns = 0;
      let reading = true;
      const turn = () => {
        if (!reading) return;
        turns += 1;
        setImmediate(turn);
      };
      setImmediate(turn);
      const rows = await database.reader!.rows(longCount);
      reading = false;
      expect(rows).toEqual([{ n: 3000000 }]);
      expect(turns).toBeGreaterThan(1);
    });

    it('gives values as the connection does: text folded by the same function, blobs as Buffers, nulls', async () => {
      const database = await open();
      const query = CompiledQuery.raw('SELECT n, associa_fold(label) AS folded, data FROM numbers ORDER BY n');
      const threaded = await database.reader!.rows(query);
      const direct = (await database.db.executeQuery(query)).rows;
      expect(threaded).toEqual(direct);
      expect(threaded).toEqual([
        { n: 1, folded: 'conceicao', data: Buffer.from([0, 255]) },
        { n: 2, folded: null, data: null },
      ]);
      expect(Buffer.isBuffer(threaded![0]!.data)).toBe(true);
    });

    it("answers a statement's error as the connection would, and reads on", async () => {
      const database = await open();
      await expect(database.reader!.rows(CompiledQuery.raw('SELECT x FROM nowhere'))).rejects.toThrow(/no such table: nowhere/);
      await expect(database.reader!.rows(CompiledQuery.raw('SELECT count(*) AS n FROM numbers'))).resolves.toEqual([{ n: 2 }]);
      await expect(database.reader!.rows(CompiledQuery.raw('DELETE FROM numbers'))).rejects.toThrow(/reading statements only/);
    });

    it('when the thread cannot start, says so once and lets the connection read', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        const database = await open({ startReader: () => new Worker('throw new Error("no thread here")', { eval: true }) });
        expect(await database.reader!.rows(CompiledQuery.raw('SELECT 1 AS one'))).toBeUndefined();
        expect(await database.reader!.rows(CompiledQuery.raw('SELECT 1 AS one'))).toBeUndefined();
        expect(logged).toHaveBeenCalledTimes(1);
        expect(String(logged.mock.calls[0]![0])).toContain('no thread here');
      } finally {
        logged.mockRestore();
      }
    });

    it('when the thread dies mid-read, the read falls back to the connection', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        // Ready, then gone at the first statement asked of it.
        const dying = () => new Worker('const { parentPort } = require("node:worker_threads"); parentPort.postMessage({ ready: true }); parentPort.on("message", () => process.exit(3));', { eval: true });
        const database = await open({ startReader: dying });
        expect(await database.reader!.rows(CompiledQuery.raw('SELECT 1 AS one'))).toBeUndefined();
        expect(String(logged.mock.calls[0]![0])).toContain('code 3');
      } finally {
        logged.mockRestore();
      }
    });

    it('closes with the database: no WAL is left behind', async () => {
      const database = await open();
      await database.reader!.rows(CompiledQuery.raw('SELECT count(*) AS n FROM numbers'));
      const dir = dirs.at(-1)!;
      await database.close();
      opened.splice(opened.indexOf(database), 1);
      expect(fs.existsSync(path.join(dir, 'associa.db-wal'))).toBe(false);
    });
  });
}
