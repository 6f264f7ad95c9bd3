import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseLockedError, openDatabase, type Database } from '../../src/server/db/database.js';
import type { WalCheckpointEvent, WalCheckpointOptions } from '../../src/server/db/wal-checkpoints.js';

// sqlite-only: PostgreSQL checkpoints in its own server; these tests open SQLite files.
// SQLite's WAL checkpoints run in a thread of their own (decision 0059): the server's connection
// never copies the WAL into the database file itself, which held every request for up to 0.65 s
// in the commit that crossed 1,000 pages.

const PAGE = 4096;
/** The WAL's size holding this many pages (SQLite's file format: a 32-byte header, a 24-byte header per frame). */
const walBytes = (pages: number) => 32 + pages * (PAGE + 24);

/** The WAL file's salts (its header's bytes 16-23): new ones each time SQLite starts the WAL over. */
const walSalts = (wal: string) => fs.readFileSync(wal).subarray(16, 24).toString('hex');

const directories: string[] = [];
const opened: Database[] = [];

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close().catch(() => undefined);
  for (const dir of directories.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-wal-'));
  directories.push(dir);
  return dir;
}

/** A database with its checkpoint events: `next(test)` resolves with the first event (from now on) that passes `test`. */
async function open(dataDir: string, options: WalCheckpointOptions = {}) {
  const waiting: { test: (event: WalCheckpointEvent) => boolean; resolve: (event: WalCheckpointEvent) => void }[] = [];
  const database = await openDatabase({
    dataDir,
    databaseUrl: undefined,
    walCheckpoints: {
      pollMs: 5,
      ...options,
      observe: (event) => {
        for (const waiter of [...waiting]) {
          if (!waiter.test(event)) continue;
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      },
    },
  });
  opened.push(database);
  const next = (test: (event: WalCheckpointEvent) => boolean) => new Promise<WalCheckpointEvent>((resolve) => waiting.push({ test, resolve }));
  const file = path.join(dataDir, 'associa.db');
  return { database, file, wal: `${file}-wal`, next };
}

/**
 * About `pages` pages written in commits of `perCommit` rows, each row a page of its own, with no
 * turn of the event loop between the commits: better-sqlite3 called directly, a writer faster
 * than the thread. (The server's own statements let the loop turn between two holders of the
 * connection, sqlite-turns.ts, so the thread copies beside them and when it copies depends on
 * the machine's speed.)
 */
async function write(database: Database, pages: number, perCommit = 25): Promise<void> {
  const conn = database.sqlite!;
  conn.exec('CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, data BLOB)');
  const commit = `BEGIN; ${'INSERT INTO filler (data) VALUES (randomblob(4000)); '.repeat(perCommit)}COMMIT;`;
  for (let written = 0; written < pages; written += perCommit) conn.exec(commit);
  await Promise.resolve();
}

const completePass = (event: WalCheckpointEvent) => 'pass' in event && event.pass.log > 0 && event.pass.checkpointed === event.pass.log;

describe('SQLite WAL checkpoints in a thread', () => {
  it('copies the WAL into the database file in its thread once past 1,000 pages; the server connection never checkpoints, and its WAL starts over', async () => {
    const { database, file, wal, next } = await open(scratch());
    // The old connection checkpointed itself every 1,000 pages, inside the commit that crossed them.
    expect(database.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await write(database, 100);
    const small = fs.statSync(file).size;
    await write(database, 1500);
    expect(fs.statSync(wal).size).toBeGreaterThan(walBytes(1500));
    const event = await next(completePass);
    if (!('pass' in event)) throw new Error('no pass');
    expect(event.pass.log).toBeGreaterThan(1500);
    // The pages are in the database file now, written there by the thread.
    expect(fs.statSync(file).size).toBeGreaterThan(small + 1500 * PAGE);
    // Every frame copied, the next commit starts the WAL over.
    const salts = walSalts(wal);
    await write(database, 1);
    expect(walSalts(wal)).not.toBe(salts);
  });

  it('keeps the WAL bounded over many commits: the thread copies beside the statements, and holds the connection for a writer faster than itself', async () => {
    const { database, wal, next } = await open(scratch());
    for (let round = 0; round < 3; round += 1) {
      // Statements with no turn of the event loop between them: nothing is copied meanwhile.
      await write(database, 5000, 100);
      const event = await next(completePass);
      if (!('pass' in event)) throw new Error('no pass');
      // Nothing written meanwhile: copied beside the statements, whole, so the WAL starts over.
      expect(event.held).toBe(false);
      const salts = walSalts(wal);
      await write(database, 1);
      expect(walSalts(wal)).not.toBe(salts);
    }
    // 15,000 pages written, the WAL file holds about one round's.
    expect(fs.statSync(wal).size).toBeLessThan(walBytes(8000));
    // Past 16,000 pages (a writer that outran the thread), the checkpoint holds the connection, so it ends whole.
    await write(database, 16_500, 500);
    const held = await next(completePass);
    expect('pass' in held && held.held).toBe(true);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM filler`.execute(database.db);
    expect(rows[0]!.n).toBe(3 * 5000 + 3 * 25 + 16_500);
  });

  it('closes the thread before the server connection: no WAL is left, and the file alone is the whole database', async () => {
    const dir = scratch();
    const { database, file, wal, next } = await open(dir);
    await write(database, 1500);
    await next(completePass);
    await write(database, 200);
    await database.close();
    opened.splice(opened.indexOf(database), 1);
    expect(fs.existsSync(wal)).toBe(false);
    expect(fs.existsSync(`${file}-shm`)).toBe(false);
    const copy = scratch();
    fs.copyFileSync(file, path.join(copy, 'associa.db'));
    const reopened = new SQLite(path.join(copy, 'associa.db'), { readonly: true });
    try {
      expect(reopened.prepare('SELECT count(*) AS n FROM filler').get()).toEqual({ n: 1700 });
    } finally {
      reopened.close();
    }
  });

  it('closes in a process that has nothing else to do: the thread keeps no process alive, but close waits for it', async () => {
    const dir = scratch();
    const source = path.resolve(import.meta.dirname, '../../src/server/db/database.ts');
    const script = [
      `const { openDatabase } = await import(${JSON.stringify(source)});`,
      `const { sql } = await import('kysely');`,
      'let passed;',
      'const pass = new Promise((resolve) => (passed = resolve));',
      `const database = await openDatabase({ dataDir: ${JSON.stringify(dir)}, databaseUrl: undefined, walCheckpoints: { pollMs: 5, observe: (e) => 'pass' in e && passed() } });`,
      'await sql`CREATE TABLE filler (data BLOB)`.execute(database.db);',
      'for (let i = 0; i < 60; i += 1) await database.db.transaction().execute(async (trx) => { for (let j = 0; j < 25; j += 1) await sql`INSERT INTO filler VALUES (randomblob(4000))`.execute(trx); });',
      'await pass;',
      'await database.close();',
      "console.log('closed');",
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: path.resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect({ code, output: output.trim() }).toEqual({ code: 0, output: 'closed' });
    expect(fs.existsSync(path.join(dir, 'associa.db-wal'))).toBe(false);
  });

  it('falls back to the connection checkpointing itself, with a message, when the thread cannot start', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const failing = () => new Worker('throw new Error("no thread here")', { eval: true });
      const { database, wal, next } = await open(scratch(), { startThread: failing });
      await write(database, 1500);
      const event = await next((e) => 'fallback' in e);
      expect('fallback' in event && event.fallback).toContain('no thread here');
      expect(String(logged.mock.calls[0]![0])).toContain('WAL checkpoints run on the server');
      expect(database.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
      // SQLite's own checkpoint in the commit that crosses 1,000 pages: the WAL starts over (3,000 pages written, not kept).
      const salts = walSalts(wal);
      await write(database, 1500);
      expect(walSalts(wal)).not.toBe(salts);
      expect(fs.statSync(wal).size).toBeLessThan(walBytes(2000));
      await database.close();
      opened.splice(opened.indexOf(database), 1);
      expect(fs.existsSync(wal)).toBe(false);
    } finally {
      logged.mockRestore();
    }
  });

  it('falls back as well when the thread dies', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // A thread that answers ready, then ends at the first checkpoint asked of it.
      const dying = () => new Worker('const { parentPort } = require("node:worker_threads"); parentPort.postMessage({ ready: true }); parentPort.on("message", () => process.exit(3));', { eval: true });
      const { database, next } = await open(scratch(), { startThread: dying });
      await write(database, 1500);
      const event = await next((e) => 'fallback' in e);
      expect('fallback' in event && event.fallback).toContain('code 3');
      expect(database.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    } finally {
      logged.mockRestore();
    }
  });
});

describe('one server per SQLite file', () => {
  it('refuses a second open of the same file at once, while the thread runs too, and opens it again once closed', async () => {
    const dir = scratch();
    const { database, next } = await open(dir);
    await write(database, 1500);
    await next(completePass);
    await expect(openDatabase({ dataDir: dir, databaseUrl: undefined })).rejects.toBeInstanceOf(DatabaseLockedError);
    await database.close();
    opened.splice(opened.indexOf(database), 1);
    const again = await open(dir);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM filler`.execute(again.database.db);
    expect(rows[0]!.n).toBe(1500);
  });

  it('refuses a server of the earlier version (exclusive locking mode on the file itself), and is refused by it', async () => {
    const dir = scratch();
    const file = path.join(dir, 'associa.db');
    const earlier = (conn: SQLite.Database) => {
      conn.pragma('locking_mode = EXCLUSIVE');
      conn.pragma('journal_mode = WAL');
      conn.exec('BEGIN IMMEDIATE; COMMIT');
    };
    const old = new SQLite(file, { timeout: 0 });
    earlier(old);
    await expect(openDatabase({ dataDir: dir, databaseUrl: undefined })).rejects.toBeInstanceOf(DatabaseLockedError);
    old.close();
    const { database } = await open(dir);
    await sql`SELECT 1`.execute(database.db);
    const late = new SQLite(file, { timeout: 0 });
    try {
      expect(() => earlier(late)).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
    } finally {
      late.close();
    }
  });

  it('refuses a server in another process, and takes the file once that process is killed', async () => {
    const dir = scratch();
    const source = path.resolve(import.meta.dirname, '../../src/server/db/database.ts');
    // Another process opens the database and holds it until killed (as a crash or an OOM kill would end it).
    const script = `const { openDatabase } = await import(${JSON.stringify(source)}); await openDatabase({ dataDir: ${JSON.stringify(dir)}, databaseUrl: undefined }); console.log('open'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('open') && resolve());
        child.once('exit', (code) => reject(new Error(`the other process ended (code ${code})`)));
      });
      await expect(openDatabase({ dataDir: dir, databaseUrl: undefined })).rejects.toBeInstanceOf(DatabaseLockedError);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    const { database } = await open(dir);
    await sql`SELECT 1`.execute(database.db);
  });
});
