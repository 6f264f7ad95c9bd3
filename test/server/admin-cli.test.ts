import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, testEngine, type TestServer } from './support/server.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { runAdminCommand } from '../../src/server/admin/commands.js';
import { OPERATOR } from '../../src/server/admin/reset-password.js';
import { prepareFirstStart } from '../../src/server/seed/first-start.js';
import { ADMIN_PASSWORD_FILE } from '../../src/server/seed/admin-password-file.js';
import { REAUTHENTICATE_TOPIC } from '../../src/server/realtime/topics.js';
import type { BusEvent } from '../../src/server/realtime/bus.js';

// One data directory for the whole test, so the server can be stopped and started again on it.
let dataDir: string;
let server: TestServer;
let running = false;
let adminPassword: string;

async function startServer(): Promise<void> {
  server = await startTestServer({ dataDir });
  running = true;
}

async function stopServer(): Promise<void> {
  if (!running) return;
  running = false;
  await server.close();
}

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-admin-cli-'));
  await startServer();
  const config = loadConfig({ ASSOCIA_MODE: 'production' }, { dataDir });
  adminPassword = (await prepareFirstStart(server.database, config, Date.now()))!.admin.password;
});
afterEach(async () => {
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  code: number;
  out: string;
  err: string;
}

async function run(args: string[], options: { config?: Config; stdin?: string } = {}): Promise<Run> {
  let out = '';
  let err = '';
  const output = { log: (text: string) => (out += `${text}\n`), error: (text: string) => (err += `${text}\n`) };
  const code = await runAdminCommand(args, {
    config: options.config ?? server.ctx.config,
    output,
    ...(options.stdin !== undefined ? { stdin: Readable.from([options.stdin]) } : {}),
  });
  return { code, out, err };
}

/**
 * Runs a command as the operator does: on SQLite with the server stopped (it holds the file
 * locked), on PostgreSQL beside the running server. Afterwards the server is up again.
 */
async function operate(args: string[], stdin?: string): Promise<Run> {
  const config = server.ctx.config;
  if (testEngine === 'sqlite') await stopServer();
  const result = await run(args, { config, ...(stdin !== undefined ? { stdin } : {}) });
  if (!running) await startServer();
  return result;
}

const logIn = (username: string, password: string) => server.request({ method: 'POST', url: '/api/auth', payload: { username, password } });
const refresh = (refreshToken: string) => server.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
const printedPassword = (out: string) => /Password:\s+(\S+)/.exec(out)?.[1];
const userRow = (username: string) => server.database.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

describe('npm run admin -- reset-password', () => {
  it('sets a new random password, printed once; the old one fails and every session of the account ends', async () => {
    const session = (await logIn('admin', adminPassword)).json<{ access: string; refresh: string }>();
    const before = await userRow('admin');

    const result = await operate(['reset-password']);
    expect(result).toMatchObject({ code: 0, err: '' });
    const password = printedPassword(result.out);
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(result.out).toContain('Every session of this account has ended.');

    expect((await logIn('admin', adminPassword)).statusCode).toBe(403);
    expect((await logIn('admin', password!)).statusCode).toBe(200);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    const me = await server.request({ method: 'GET', url: `/api/users/${String(before._id)}`, token: session.access });
    expect(me.statusCode).toBe(401);
    const after = await userRow('admin');
    expect(Number(after.token_version)).toBe(Number(before.token_version) + 1);
  });

  it('reads the password from standard input with --password-stdin, without printing it', async () => {
    const result = await operate(['reset-password', 'admin', '--password-stdin'], 'uma frase secreta longa\n');
    expect(result.code).toBe(0);
    expect(result.out).not.toContain('uma frase secreta longa');
    expect((await logIn('admin', 'uma frase secreta longa')).statusCode).toBe(200);
  });

  it('refuses a password from standard input that the users resource would refuse, changing nothing', async () => {
    const result = await run(['reset-password', '--password-stdin'], { stdin: 'curta\n' });
    expect(result.code).toBe(1);
    expect(result.err).toContain('at least 8 characters');
    expect((await logIn('admin', adminPassword)).statusCode).toBe(200);
  });

  it('resets any named account and reactivates it', async () => {
    const editor = await server.createUser('editor');
    await server.database.db.updateTable('users').set({ active: 0 }).where('_id', '=', editor.id).execute();
    const result = await operate(['reset-password', editor.username.toUpperCase()]);
    expect(result.code).toBe(0);
    expect(result.out).toContain('it is active again');
    expect((await logIn(editor.username, printedPassword(result.out)!)).statusCode).toBe(200);
    expect(Number((await userRow(editor.username)).active)).toBe(1);
    // The audit trail says the operator did it, and what changed, without the password.
    const entries = await server.database.db.selectFrom('audit_log').selectAll().where('resource', '=', 'users').where('record_id', '=', editor.id).execute();
    expect(entries.map((entry) => [entry.action, entry.actor_kind, entry.actor_name])).toEqual([['password', 'system', OPERATOR.name]]);
    expect(JSON.parse(String(entries[0]!.changes))).toEqual({ password: [null, null], active: [false, true] });
    // The admin is untouched.
    expect((await logIn('admin', adminPassword)).statusCode).toBe(200);
  });

  it('deletes the first-start password file of the account it resets', async () => {
    expect(fs.existsSync(path.join(dataDir, ADMIN_PASSWORD_FILE))).toBe(true);
    expect((await operate(['reset-password', 'admin'])).code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, ADMIN_PASSWORD_FILE))).toBe(false);
  });

  it('names an unknown account clearly, and a wrong usage', async () => {
    const unknown = await operate(['reset-password', 'ninguem']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No account has the username "ninguem"');
    const wrong = await run(['reset-password', '--force']);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('Unknown option --force');
    expect((await run(['reboot'])).code).toBe(2);
  });

  it('does not create a database where there is none', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-admin-cli-empty-'));
    try {
      const result = await run(['reset-password'], { config: loadConfig({}, { dataDir: empty, databaseUrl: undefined }) });
      expect(result.code).toBe(1);
      expect(result.err).toContain('There is no database at');
      expect(fs.readdirSync(empty)).toEqual([]);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('while the server runs: on SQLite says to stop the server first; on PostgreSQL resets and tells the server', async () => {
    const heard: BusEvent[] = [];
    const unsubscribe = server.ctx.bus.subscribe((event) => heard.push(event));
    const admin = await userRow('admin');
    try {
      const result = await run(['reset-password']);
      if (testEngine === 'sqlite') {
        // The running server holds the file locked: nothing changes, and the operator learns why.
        expect(result.code).toBe(1);
        expect(result.err).toContain('is in use by a running Associa server. Stop the server first');
        expect((await logIn('admin', adminPassword)).statusCode).toBe(200);
      } else {
        // The running instance hears it, so it drops the account's sockets and cached rights.
        expect(result.code).toBe(0);
        expect((await logIn('admin', printedPassword(result.out)!)).statusCode).toBe(200);
        await expect.poll(() => heard.map((event) => event.topic), { timeout: 5000 }).toEqual(expect.arrayContaining([REAUTHENTICATE_TOPIC, 'users changed']));
        expect(heard.find((event) => event.topic === REAUTHENTICATE_TOPIC)?.payload).toEqual({ kind: 'user', id: Number(admin._id) });
      }
    } finally {
      unsubscribe();
    }
  });
});

describe('npm run admin -- list-admins', () => {
  it('lists the administrator accounts and whether they are active', async () => {
    const other = await server.createUser('admin');
    await server.database.db.updateTable('users').set({ active: 0 }).where('_id', '=', other.id).execute();
    await server.createUser('editor');
    const result = await operate(['list-admins']);
    expect(result.code).toBe(0);
    const lines = result.out.trim().split('\n');
    expect(lines[0]).toBe('Administrator accounts:');
    expect(lines.slice(1).map((line) => line.trim().split(/\s+/).slice(0, 2))).toEqual([
      ['admin', 'active'],
      [other.username, 'inactive'],
    ]);
  });
});
