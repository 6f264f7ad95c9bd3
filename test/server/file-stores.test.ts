import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import { chunkDatabase } from '../../src/server/files/chunk-database.js';
import { createFileStore } from '../../src/server/files/create-store.js';
import { CHUNK_BYTES, databaseFileStore } from '../../src/server/files/database-store.js';
import { directoryFileStore } from '../../src/server/files/directory-store.js';
import { StoredFileMissing } from '../../src/server/files/store.js';
import { fileStoreContract } from './support/file-store-contract.js';
import { startTestServer, testEngine, type TestServer } from './support/server.js';

// Every file store keeps the same promises (support/file-store-contract.ts): the directory, and
// the database on the test engine. Then what is particular: the database's chunks, the fallback
// to the directory of a deployment not migrated yet, and the configuration that picks a store.

const temporaryDirectory = () => fs.mkdtempSync(path.join(os.tmpdir(), 'associa-file-store-'));

fileStoreContract('directory', async () => {
  const dataDir = temporaryDirectory();
  return { store: directoryFileStore(dataDir), close: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
});

fileStoreContract('database', async () => {
  const server = await startTestServer();
  return { store: databaseFileStore(chunkDatabase(server.ctx.config, server.database)), close: () => server.close() };
});

describe(`the database store on ${testEngine}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ fileStore: 'database' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("is the server's store when configured, and keeps a file as rows of 256 KiB in order", async () => {
    expect(server.ctx.files.kind).toBe('database');
    const bytes = Buffer.alloc(3 * CHUNK_BYTES + 10, 7);
    const key = await server.ctx.files.write(bytes);
    const rows = await chunkDatabase(server.ctx.config, server.database).selectFrom('stored_file_chunks').select(['seq', 'bytes']).where('storage_key', '=', key).orderBy('seq').execute();
    expect(rows.map((row) => [Number(row.seq), row.bytes.length])).toEqual([
      [0, CHUNK_BYTES],
      [1, CHUNK_BYTES],
      [2, CHUNK_BYTES],
      [3, 10],
    ]);
    expect((await buffer(await server.ctx.files.open(key))).equals(bytes)).toBe(true);
  });

  it("lists no stream's part as a file, and sweeps a part a crash left a day ago", async () => {
    const chunks = chunkDatabase(server.ctx.config, server.database);
    const stale = `part-${'1'.padStart(15, '0')}-0123456789abcdef`;
    const running = `part-${String(Date.now()).padStart(15, '0')}-0123456789abcdef`;
    await chunks.insertInto('stored_file_chunks').values([stale, running].map((storage_key) => ({ storage_key, seq: 0, bytes: Buffer.from('metade') }))).execute();
    const listed: string[] = [];
    for await (const key of server.ctx.files.keys()) listed.push(key);
    expect(listed.filter((key) => key.startsWith('part-'))).toEqual([]);
    await server.ctx.files.writeStream(Readable.from([Buffer.from('outro')], { objectMode: false }));
    const parts = await chunks.selectFrom('stored_file_chunks').select('storage_key').where('storage_key', 'like', 'part-%').execute();
    expect(parts.map((row) => row.storage_key)).toEqual([running]);
    await chunks.deleteFrom('stored_file_chunks').where('storage_key', '=', running).execute();
  });

  it("writes while a request's transaction holds the database, without waiting for it", async () => {
    // A receipt's PDF is stored inside the payment's transaction: on SQLite that transaction holds
    // the one connection, so a store on it would wait for ever.
    const key = await server.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('files').select('_id').limit(1).execute();
      const written = await server.ctx.files.write(Buffer.from('durante a transação'));
      await buffer(await server.ctx.files.open(written));
      return written;
    });
    expect((await buffer(await server.ctx.files.open(key))).toString()).toBe('durante a transação');
  });
});

describe('a deployment whose files are still in its directory', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reads them until they are migrated, says so once at start, writes new files to the configured store', async () => {
    const dataDir = temporaryDirectory();
    const directory = directoryFileStore(dataDir);
    const old = await directory.write(Buffer.from('ficheiro de antes'));
    // A database of its own (SQLite) or the test server's schema (PostgreSQL), with the database store.
    const config = loadConfig({}, { dataDir, databaseUrl: server.ctx.config.databaseUrl, pgSchema: server.database.schema, fileStore: 'database' });
    const database = await openDatabase(config);
    try {
      const lines: string[] = [];
      const store = createFileStore(config, database, (line) => lines.push(line));
      expect(createFileStore(config, database, (line) => lines.push(line))).toBe(store);
      expect(lines).toEqual([expect.stringContaining('npm run admin -- files-migrate')]);
      expect(lines[0]).toContain(path.join(dataDir, 'files'));

      expect((await buffer(await store.open(old))).toString()).toBe('ficheiro de antes');
      const fresh = await store.write(Buffer.from('ficheiro novo'));
      await expect(directory.open(fresh)).rejects.toBeInstanceOf(StoredFileMissing);
      expect((await buffer(await store.open(fresh))).toString()).toBe('ficheiro novo');
      // Removed from both: a removed file does not come back from the directory.
      await store.remove(old);
      await expect(directory.open(old)).rejects.toBeInstanceOf(StoredFileMissing);
      await expect(store.open(old)).rejects.toBeInstanceOf(StoredFileMissing);
      await store.remove(fresh);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('says nothing when the directory is the store', async () => {
    const dataDir = temporaryDirectory();
    await directoryFileStore(dataDir).write(Buffer.from('x'));
    const config = loadConfig({}, { dataDir, databaseUrl: undefined, fileStore: 'directory' });
    const database = await openDatabase(config);
    try {
      const lines: string[] = [];
      expect(createFileStore(config, database, (line) => lines.push(line)).kind).toBe('directory');
      expect(lines).toEqual([]);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('ASSOCIA_FILE_STORE and ASSOCIA_S3_*', () => {
  const S3 = {
    ASSOCIA_S3_ENDPOINT: 'http://127.0.0.1:9000/',
    ASSOCIA_S3_BUCKET: 'associa-ficheiros',
    ASSOCIA_S3_ACCESS_KEY_ID: 'chave',
    ASSOCIA_S3_SECRET_ACCESS_KEY: 'segredo',
  };

  it('defaults to the directory on SQLite and the database on PostgreSQL, whichever way the database is given', () => {
    expect(loadConfig({}).fileStore).toBe('directory');
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/associa' }).fileStore).toBe('database');
    expect(loadConfig({}, { databaseUrl: 'postgres://localhost/associa' }).fileStore).toBe('database');
    // A test on SQLite in an environment that names PostgreSQL: the database actually used decides.
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/associa' }, { databaseUrl: undefined }).fileStore).toBe('directory');
  });

  it('takes the store named, on either engine, and refuses any other name', () => {
    expect(loadConfig({ ASSOCIA_FILE_STORE: 'database' }).fileStore).toBe('database');
    expect(loadConfig({ ASSOCIA_FILE_STORE: 'directory', DATABASE_URL: 'postgres://localhost/associa' }).fileStore).toBe('directory');
    expect(loadConfig({ ASSOCIA_FILE_STORE: 's3', ...S3 }).fileStore).toBe('s3');
    expect(() => loadConfig({ ASSOCIA_FILE_STORE: 'disk' })).toThrow('ASSOCIA_FILE_STORE must be directory, database, s3, got "disk"');
  });

  it('reads the S3 bucket, region us-east-1 and no prefix by default, and says what is missing or wrong', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(S3).s3).toEqual({ endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', bucket: 'associa-ficheiros', accessKeyId: 'chave', secretAccessKey: 'segredo', prefix: '' });
    expect(loadConfig({ ...S3, ASSOCIA_S3_REGION: 'eu-west-1', ASSOCIA_S3_PREFIX: '/associa/' }).s3).toMatchObject({ region: 'eu-west-1', prefix: 'associa/' });
    expect(() => loadConfig({ ASSOCIA_FILE_STORE: 's3' })).toThrow('ASSOCIA_FILE_STORE=s3 needs ASSOCIA_S3_ENDPOINT, ASSOCIA_S3_BUCKET, ASSOCIA_S3_ACCESS_KEY_ID, ASSOCIA_S3_SECRET_ACCESS_KEY');
    expect(() => loadConfig({ ...S3, ASSOCIA_S3_SECRET_ACCESS_KEY: '' })).toThrow('S3 file store: ASSOCIA_S3_SECRET_ACCESS_KEY must be set too');
    expect(() => loadConfig({ ...S3, ASSOCIA_S3_ENDPOINT: '127.0.0.1:9000' })).toThrow(/ASSOCIA_S3_ENDPOINT/);
    expect(() => loadConfig({ ...S3, ASSOCIA_S3_ENDPOINT: 'ftp://s3.example.com' })).toThrow('must start with https:// or http://');
    expect(() => loadConfig({ ...S3, ASSOCIA_S3_BUCKET: 'Ficheiros_Associa' })).toThrow(/ASSOCIA_S3_BUCKET: "Ficheiros_Associa" is not a bucket name/);
  });
});
