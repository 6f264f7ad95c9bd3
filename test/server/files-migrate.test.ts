import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/server/admin/commands.js';
import type { Config } from '../../src/server/config.js';
import { insertFile } from '../../src/server/files/records.js';
import { StoredFileMissing } from '../../src/server/files/store.js';
import { startTestServer, testEngine, type TestServer } from './support/server.js';
import { storageKeyOf } from './support/stored-files.js';

// `npm run admin -- files-migrate [--keep]`: a deployment that kept its files in <dataDir>/files
// moves them into the database store, each copy checked against the SHA-256 its row recorded.
// On SQLite the server is stopped while the command runs (it holds the database file); on
// PostgreSQL it keeps running.

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let dataDir: string;
/** The server as it ran before: files in its directory. */
let before: TestServer | undefined;
/** The server as it runs after: the database store (on PostgreSQL, a second instance on the same schema). */
let after: TestServer | undefined;
/** The first server's configuration, with the database store: the command's. */
let migrating: Config;

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-files-migrate-'));
  before = await startTestServer({ dataDir, fileStore: 'directory' });
  migrating = { ...before.ctx.config, fileStore: 'database' };
});
afterEach(async () => {
  await after?.close();
  await before?.close();
  after = undefined;
  before = undefined;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A file stored the way the server stored it before: bytes in the directory, then its row. */
async function storedBefore(bytes: Buffer, recorded = bytes): Promise<number> {
  const key = await before!.ctx.files.write(bytes);
  const row = await insertFile(before!.database.db, { originalName: 'a.pdf', contentType: 'application/pdf', size: recorded.length, sha256: sha256(recorded), storageKey: key, uploadedBy: { kind: 'user', id: 1 }, at: Date.now() });
  return row._id;
}

async function migrate(args: string[] = []): Promise<{ code: number; out: string; err: string }> {
  // SQLite: the command needs the database file the server holds.
  if (testEngine === 'sqlite') {
    await after?.close();
    await before?.close();
    after = undefined;
    before = undefined;
  }
  let out = '';
  let err = '';
  const code = await runAdminCommand(['files-migrate', ...args], { config: migrating, output: { log: (text) => (out += `${text}\n`), error: (text) => (err += `${text}\n`) } });
  after ??= await startTestServer({ dataDir, fileStore: 'database', ...(testEngine === 'postgres' ? { pgSchema: migrating.pgSchema } : {}) });
  return { code, out, err };
}

const inDirectory = () => {
  const root = path.join(dataDir, 'files');
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name).sort() : [];
};

describe('files-migrate', () => {
  it('copies every recorded file into the database store, checked, and only then deletes the directory copy; a damaged one stays', async () => {
    const small = randomBytes(3000);
    const large = randomBytes(1024 * 1024 + 12_345);
    const original = randomBytes(2000);
    const smallId = await storedBefore(small);
    const largeId = await storedBefore(large);
    // The directory's bytes no longer what the row recorded.
    const damagedId = await storedBefore(Buffer.concat([original, Buffer.from('!')]), original);
    const damagedKey = await storageKeyOf(before!, damagedId);
    const stray = await before!.ctx.files.write(Buffer.from('sem registo'));

    const first = await migrate();
    expect(first.code).toBe(1);
    expect(first.out).toContain(`Ficheiros de ${path.join(dataDir, 'files')} copiados para a base de dados e verificados: 2.`);
    expect(first.out).toContain('Cópias na pasta apagadas: 2.');
    expect(first.out).toContain('Deixados na pasta por não serem de nenhum registo: 1.');
    expect(first.err).toContain(`Deixados na pasta porque o SHA-256 não corresponde ao registado: 1 (${damagedKey}).`);
    expect(inDirectory()).toEqual([damagedKey, stray].sort());

    // The instance on the database store reads the moved files from it, the damaged one still from the directory.
    const files = after!.ctx.files;
    expect(files.kind).toBe('database');
    for (const [id, bytes] of [[smallId, small], [largeId, large]] as const) {
      const key = await storageKeyOf(after!, id);
      expect(inDirectory()).not.toContain(key);
      expect(sha256(await buffer(await files.open(key)))).toBe(sha256(bytes));
    }
    expect(await storageKeyOf(after!, damagedId)).toBe(damagedKey);
    expect((await buffer(await files.open(damagedKey))).length).toBe(original.length + 1);

    // Mended, it moves on the next run; --keep leaves the directory's copy.
    fs.writeFileSync(path.join(dataDir, 'files', damagedKey.slice(0, 2), damagedKey), original);
    const second = await migrate(['--keep']);
    expect(second.code).toBe(0);
    expect(second.out).toContain('copiados para a base de dados e verificados: 1.');
    expect(second.out).toContain('Cópias na pasta mantidas (--keep).');
    expect(inDirectory()).toEqual([damagedKey, stray].sort());
    const movedKey = await storageKeyOf(after!, damagedId);
    expect(movedKey).not.toBe(damagedKey);
    expect((await buffer(await after!.ctx.files.open(movedKey))).equals(original)).toBe(true);

    // Again: nothing left to copy.
    const third = await migrate();
    expect(third.code).toBe(0);
    expect(third.out).toContain('verificados: 0.');
  });

  it('refuses when the directory is the configured store, and an unknown option', async () => {
    const sameStore = await runAdminCommand(['files-migrate'], { config: before!.ctx.config, output: { log: () => undefined, error: () => undefined } });
    expect(sameStore).toBe(1);
    let err = '';
    const wrong = await runAdminCommand(['files-migrate', '--all'], { config: before!.ctx.config, output: { log: () => undefined, error: (text) => (err += text) } });
    expect(wrong).toBe(2);
    expect(err).toContain('files-migrate takes only --keep');
    await expect(before!.ctx.files.open(randomBytes(16).toString('hex'))).rejects.toBeInstanceOf(StoredFileMissing);
  });
});
