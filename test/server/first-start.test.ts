import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, testEngine, type TestServer } from './support/server.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { verifyPassword } from '../../src/server/auth/passwords.js';
import { checkSavedPassword, prepareFirstStart, type FirstStartReport } from '../../src/server/seed/first-start.js';
import { firstStartBanner, unusedPasswordNotice } from '../../src/server/seed/banner.js';
import { ADMIN_PASSWORD_FILE, readSavedPassword, savePassword } from '../../src/server/seed/admin-password-file.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

/** The server's configuration as `npm start` would read it, in production mode (no demo data). */
const configWith = (env: Record<string, string> = {}): Config =>
  loadConfig({ ASSOCIA_MODE: 'production', ...env }, { dataDir: server.ctx.config.dataDir });
const passwordFile = () => path.join(server.ctx.config.dataDir, ADMIN_PASSWORD_FILE);
const adminHash = async () =>
  String((await server.database.db.selectFrom('users').select('password_hash').where('username', '=', 'admin').executeTakeFirstOrThrow()).password_hash);
const userCount = async () =>
  Number((await server.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const logIn = (username: string, password: string) =>
  server.request({ method: 'POST', url: '/api/auth', payload: { username, password } });

class SimulatedCrash extends Error {}

/** Makes every insert into users fail, as a crash after the password file and before the commit would. */
async function failUserInserts(): Promise<void> {
  const { db } = server.database;
  if (testEngine === 'sqlite') {
    await sql`CREATE TRIGGER simulated_crash BEFORE INSERT ON users BEGIN SELECT RAISE(ABORT, 'simulated crash'); END`.execute(db);
  } else {
    await sql`CREATE FUNCTION simulated_crash() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'simulated crash'; END $$`.execute(db);
    await sql`CREATE TRIGGER simulated_crash BEFORE INSERT ON users FOR EACH STATEMENT EXECUTE FUNCTION simulated_crash()`.execute(db);
  }
}

async function stopFailingUserInserts(): Promise<void> {
  await sql`DROP TRIGGER simulated_crash ${sql.raw(testEngine === 'sqlite' ? '' : 'ON users')}`.execute(server.database.db);
}

describe('the first-start admin password', () => {
  it('survives a crash between the commit and the banner: kept in a private file until the first login', async () => {
    const config = configWith();
    let committed: FirstStartReport | undefined;
    const crash = prepareFirstStart(server.database, config, Date.now(), {
      afterCommit: (report) => {
        committed = report;
        throw new SimulatedCrash('killed before printing');
      },
    });
    await expect(crash).rejects.toBeInstanceOf(SimulatedCrash);

    // The account is committed and nothing was printed, yet the password is on disk and opens it.
    const file = passwordFile();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(server.ctx.config.dataDir).filter((name) => name.includes(ADMIN_PASSWORD_FILE))).toEqual([ADMIN_PASSWORD_FILE]);
    const saved = await readSavedPassword(config);
    expect(saved).toEqual({ username: 'admin', password: committed!.admin.password });
    expect(await verifyPassword(saved!.password, await adminHash())).toBe(true);

    // The next start creates nothing and tells the operator where the password is, not what it is.
    expect(await prepareFirstStart(server.database, config, Date.now())).toBeNull();
    const unused = await checkSavedPassword(server.database, config);
    expect(unused).toEqual({ username: 'admin', file });
    const notice = unusedPasswordNotice(unused!);
    expect(notice).toContain(file);
    expect(notice).not.toContain(saved!.password);

    // Another account logging in keeps the file; the admin's first login deletes it.
    const editor = await server.createUser('editor');
    expect((await logIn(editor.username, editor.password)).statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(true);
    expect((await logIn('admin', saved!.password)).statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect(await checkSavedPassword(server.database, config)).toBeNull();
  });

  it('prints the banner as soon as the accounts are committed, with the password and where it is kept', async () => {
    const printed: string[] = [];
    const report = await prepareFirstStart(server.database, configWith(), Date.now(), {
      afterCommit: async (committed) => {
        // Printed after the commit: the account already exists when the operator reads it.
        expect(await userCount()).toBe(1);
        printed.push(firstStartBanner(committed, 'http://associa.test/'));
      },
    });
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(report!.admin.password);
    expect(printed[0]).toContain(passwordFile());
  });

  it('a crash before the commit leaves a file whose password opens nothing, replaced at the next start', async () => {
    await failUserInserts();
    await expect(prepareFirstStart(server.database, configWith(), Date.now())).rejects.toThrow(/simulated crash/);
    expect(await userCount()).toBe(0);
    const stale = await readSavedPassword(configWith());
    expect(stale?.username).toBe('admin');

    // The next start finds no user, so it starts over: a new password, and the file names it.
    await stopFailingUserInserts();
    const report = await prepareFirstStart(server.database, configWith(), Date.now());
    const saved = await readSavedPassword(configWith());
    expect(saved).toEqual({ username: 'admin', password: report!.admin.password });
    expect(saved!.password).not.toBe(stale!.password);
    expect(await verifyPassword(saved!.password, await adminHash())).toBe(true);
    expect(await verifyPassword(stale!.password, await adminHash())).toBe(false);
  });

  it('a file whose password no longer opens its account is stale: deleted at start, no notice', async () => {
    const report = await prepareFirstStart(server.database, configWith(), Date.now());
    // As if another instance had created the admin, or the password had been changed since.
    await savePassword(configWith(), { username: 'admin', password: `${report!.admin.password}x` });
    expect(await checkSavedPassword(server.database, configWith())).toBeNull();
    expect(fs.existsSync(passwordFile())).toBe(false);
    // And a file naming an account that does not exist.
    await savePassword(configWith(), { username: 'ninguem', password: report!.admin.password });
    expect(await checkSavedPassword(server.database, configWith())).toBeNull();
    expect(fs.existsSync(passwordFile())).toBe(false);
  });

  it('with ASSOCIA_ADMIN_PASSWORD keeps no file, and removes one left by an earlier attempt', async () => {
    await savePassword(configWith(), { username: 'admin', password: 'de uma tentativa anterior' });
    const report = await prepareFirstStart(server.database, configWith({ ASSOCIA_ADMIN_PASSWORD: 'uma senha longa' }), Date.now());
    expect(report!.passwordFile).toBeNull();
    expect(fs.existsSync(passwordFile())).toBe(false);
    const banner = firstStartBanner(report!, 'http://associa.test/');
    expect(banner).toContain('(the value of ASSOCIA_ADMIN_PASSWORD)');
    expect(banner).not.toContain('uma senha longa');
    expect((await logIn('admin', 'uma senha longa')).statusCode).toBe(200);
  });
});
