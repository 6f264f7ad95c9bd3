import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay } from '../../src/core/days.js';
import { runAdminCommand } from '../../src/server/admin/commands.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import type { Migration } from '../../src/server/db/migrate.js';
import { appMigrations } from '../../src/server/modules/migrations.js';
import { restoreBackup } from '../../src/server/modules/backups/restore.js';
import { runBackup } from '../../src/server/modules/backups/run-backup.js';
import { createBus } from '../../src/server/realtime/create-bus.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';
import { testEngine } from './support/server.js';

// A backup taken while 16 writers record members and payments (each payment with its receipt and
// the receipt's PDF) holds every write acknowledged before it started; restored into an empty data
// directory (and, on PostgreSQL, an empty schema) by the operator's command, the receipts' chain
// checks and a server starts on it. A damaged file, or one from a newer schema, is refused with
// a message and the target stays as it was.

const WRITERS = 16;

let server: ResourceTestServer;
let admin: string;
let adminLogin: { username: string; password: string };
let active: number;
let backupFile: string;
const acknowledged: { member: number; name: string; payment: number | null }[] = [];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-backup-test-'));
const schemas: string[] = [];
/** The target the full restore went to, stopped afterwards. */
let restored: Config;

/** A configuration for an empty target: a new data directory, and on PostgreSQL a new schema beside the server's. */
function emptyTarget(): Config {
  const dataDir = path.join(scratch, `target-${randomBytes(4).toString('hex')}`);
  const pgSchema = testEngine === 'postgres' ? `r_${randomBytes(5).toString('hex')}` : undefined;
  if (pgSchema) schemas.push(pgSchema);
  return loadConfig({ ASSOCIA_MODE: 'test' }, { dataDir, databaseUrl: server.ctx.config.databaseUrl, pgSchema, smtpUrl: undefined, sentryDsn: undefined });
}

async function admin_(args: string[], config: Config) {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await runAdminCommand(args, { config, output: { log: (t) => lines.push(t), error: (t) => errors.push(t) } });
  return { code, out: lines.join('\n'), err: errors.join('\n') };
}

/** What an empty target looks like afterwards: its directory's entries and (PostgreSQL) its schema's tables. */
async function targetState(config: Config): Promise<{ entries: string[]; tables: number; schema?: true }> {
  const entries = fs.existsSync(config.dataDir) ? fs.readdirSync(config.dataDir, { recursive: true }).map(String).sort() : [];
  if (!config.databaseUrl) return { entries, tables: 0 };
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    // A refused restore does not even create its schema.
    const schema = await client.query('SELECT count(*)::int AS n FROM information_schema.schemata WHERE schema_name = $1', [config.pgSchema]);
    const result = await client.query('SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1', [config.pgSchema]);
    return { entries, tables: Number(result.rows[0].n), ...(Number(schema.rows[0].n) > 0 ? { schema: true } : {}) };
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  server = await startResourceServer();
  const user = await server.createUser('admin');
  adminLogin = { username: user.username, password: user.password };
  admin = (await server.login(user)).access;
  active = await server.stateId('Ativo');
  for (const [name, value] of [['hasTreasury', 'true'], ['name', 'Associação das Cópias']] as const) {
    expect((await server.putSetting(admin, name, value)).status).toBeLessThan(300);
  }
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (schemas.length > 0) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('a backup while 16 writers run', () => {
  it('holds every write acknowledged before it started, and is recorded as checked', async () => {
    let started = false;
    let stop = false;
    const today = lisbonDay(server.ctx.now());
    const writer = async (n: number) => {
      for (let i = 0; !stop; i += 1) {
        const name = `Sócio ${n}-${i}`;
        const created = await server.json('POST', '/api/members', admin, { dues_exempt: true, name, state: active });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const member = Number(created.body.data._id);
        const before = !started;
        if (before) acknowledged.push({ member, name, payment: null });
        const paid = await server.json('POST', '/api/payments/record', admin, { member, amount: 1000 + i, date: today, method: 'numerario' });
        expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        if (!started) acknowledged.find((a) => a.member === member)!.payment = Number(paid.body.data._id ?? paid.body.data.payment?._id);
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, n) => writer(n));
    // Let every writer get some writes in first.
    while (acknowledged.filter((a) => a.payment !== null).length < 48) await new Promise((resolve) => setImmediate(resolve));
    // The backup job's own work (the job engine would also run every other job due on its first tick).
    started = true;
    const at = server.ctx.now();
    const outcome = await runBackup(server.ctx, { key: `backups.run:manual:${new Date(at).toISOString()}`, at, rotate: true });
    // The writers carry on a little after the backup, then stop.
    stop = true;
    await Promise.all(writers);

    expect(outcome).toMatchObject({ state: 'ok', problem: null, rotated: [] });
    const status = await server.json('GET', '/api/backups/status', admin);
    expect(status.status).toBe(200);
    const { last, lastGood, stale } = status.body.data;
    expect(last).toMatchObject({ state: 'ok', problem: null, removed: false });
    expect(lastGood).toEqual(last);
    expect(stale).toBe(false);
    expect(last.size).toBeGreaterThan(0);
    expect(last.files).toBeGreaterThanOrEqual(acknowledged.length);
    backupFile = last.file;
    expect(path.dirname(backupFile)).toBe(path.join(server.ctx.config.dataDir, 'backups'));
    expect(fs.existsSync(backupFile)).toBe(true);
  }, 60_000);
});

describe('restore', () => {
  it('refuses a damaged file with a message, changing nothing', async () => {
    const whole = fs.readFileSync(backupFile);
    const flipped = Buffer.from(whole);
    // A byte in the middle of the file: inside a part, whose hash then fails.
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = flipped[middle]! ^ 0xff;
    const cases = { 'danificado.zip': flipped, 'truncado.zip': whole.subarray(0, Math.floor(whole.length * 0.7)) };
    for (const [name, bytes] of Object.entries(cases)) {
      const file = path.join(scratch, name);
      fs.writeFileSync(file, bytes);
      const target = emptyTarget();
      const before = await targetState(target);
      const result = await admin_(['restore', file], target);
      expect(result.code, result.out).toBe(1);
      expect(result.err).toMatch(/danificad|truncado/);
      expect(result.err).toContain('Use outra cópia');
      expect(await targetState(target)).toEqual(before);
    }
  }, 30_000);

  it('refuses a backup from a newer schema, and a target that is not empty', async () => {
    const target = emptyTarget();
    const older: readonly Migration[] = appMigrations.slice(0, -1);
    await expect(restoreBackup(target, backupFile, older)).rejects.toThrow(`Esta cópia foi feita por uma versão mais recente do Associa`);
    await expect(restoreBackup(target, backupFile, older)).rejects.toThrow(appMigrations.at(-1)!.name);
    expect(await targetState(target)).toEqual({ entries: [], tables: 0 });

    // The server's own database: on SQLite its data directory, in use; on PostgreSQL its schema, with tables.
    const occupied = testEngine === 'sqlite' ? server.ctx.config : { ...emptyTarget(), pgSchema: server.ctx.config.pgSchema };
    const refused = await admin_(['restore', backupFile], occupied);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(testEngine === 'sqlite' ? /está a ser usada por um servidor Associa em funcionamento/ : /já tem \d+ tabelas/);
    expect(refused.err).toContain('vazi');
  }, 30_000);

  it('restores into an empty target: every acknowledged write is there, the receipts chain checks, a server starts on it', async () => {
    const target = emptyTarget();
    restored = target;
    // A build one migration newer than the backup's runs that migration on it.
    const newer: Migration = { name: 'backups/099_restore_test', up: async () => {} };
    const report = await restoreBackup(target, backupFile, [...appMigrations, newer]);
    expect(report.migrated).toEqual(['backups/099_restore_test']);
    expect(report.files).toBeGreaterThanOrEqual(acknowledged.length);

    const database = await openDatabase(target);
    const ctx = { config: target, database, bus: await createBus(database), now: () => server.ctx.now() };
    const app = await buildApp(ctx);
    try {
      await app.ready();
      const login = await app.inject({ method: 'POST', url: '/api/auth', payload: adminLogin });
      expect(login.statusCode, login.body).toBe(200);
      const token = login.json<{ access: string }>().access;
      const get = async (url: string, method = 'GET') => {
        const response = await app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(method === 'POST' ? { payload: {} } : {}) });
        return { status: response.statusCode, body: response.json() };
      };
      const members = new Map((await database.db.selectFrom('members').select(['_id', 'name']).execute()).map((m) => [Number(m._id), String(m.name)]));
      const payments = new Set((await database.db.selectFrom('payments').select('_id').execute()).map((p) => Number(p._id)));
      for (const write of acknowledged) {
        expect(members.get(write.member)).toBe(write.name);
        if (write.payment !== null) expect(payments.has(write.payment), `payment ${write.payment}`).toBe(true);
      }
      const integrity = await get('/api/treasury_docs/verify_integrity', 'POST');
      expect(integrity.status).toBe(200);
      expect(integrity.body.data).toMatchObject({ ok: true });
      expect(integrity.body.data.checked).toBeGreaterThanOrEqual(acknowledged.filter((a) => a.payment !== null).length);
      const list = await get(`/api/members/${acknowledged[0]!.member}`);
      expect(list.status).toBe(200);
      expect(list.body.data.name).toBe(acknowledged[0]!.name);
      // New records take new keys after the restored ones.
      const created = await app.inject({ method: 'POST', url: '/api/members', headers: { authorization: `Bearer ${token}` }, payload: { dues_exempt: true, name: 'Depois do restauro', state: active } });
      expect(created.statusCode, created.body).toBe(201);
      expect(Number(created.json().data._id)).toBeGreaterThan(Math.max(...members.keys()));
    } finally {
      await app.close();
      await ctx.bus.close();
      await database.close();
    }
  }, 60_000);

  it('the operator backs up a stopped server (SQLite) or a running one (PostgreSQL) and restores it by the commands', async () => {
    if (testEngine === 'sqlite') {
      const refused = await admin_(['backup'], server.ctx.config);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('está a ser usada por um servidor Associa em funcionamento');
      expect(refused.err).toContain('Fazer cópia agora');
    }
    // SQLite: a data directory restored by the command, no server on it; PostgreSQL: the test server's own schema, serving.
    let source = server.ctx.config;
    if (testEngine === 'sqlite') {
      source = emptyTarget();
      const first = await admin_(['restore', backupFile], source);
      expect(first.code, first.err).toBe(0);
    }
    const file = path.join(scratch, 'pelo-operador.zip');
    const made = await admin_(['backup', file], source);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain(`Cópia de segurança feita e verificada: ${file}`);

    const target = emptyTarget();
    const back = await admin_(['restore', file], target);
    expect(back.code, back.err).toBe(0);
    expect(back.out).toContain('Pode iniciar o servidor.');
    const copy = await openDatabase(target);
    try {
      const names = (await copy.db.selectFrom('members').select('name').execute()).map((m) => String(m.name));
      for (const write of acknowledged) expect(names).toContain(write.name);
    } finally {
      await copy.close();
    }

    // The data restored above went one migration past this build: its backup is refused here.
    const ahead = path.join(scratch, 'mais-recente.zip');
    expect((await admin_(['backup', ahead], restored)).code).toBe(0);
    const newer = emptyTarget();
    const refused = await admin_(['restore', ahead], newer);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      'Esta cópia foi feita por uma versão mais recente do Associa: a base de dados tem 1 alteração que esta versão não conhece (backups/099_restore_test). ' +
        'Atualize o Associa e restaure a cópia de novo. Nada foi alterado.',
    );
    expect(await targetState(newer)).toEqual({ entries: [], tables: 0 });
  }, 60_000);
});
