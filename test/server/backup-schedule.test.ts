import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupFileName } from '../../src/server/modules/backups/directory.js';
import { backupsToKeep } from '../../src/server/modules/backups/rotation.js';
import { runBackup } from '../../src/server/modules/backups/run-backup.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';
import type { TestUser } from './support/server.js';

// The daily backup on the server's clock (one per occurrence, whatever the ticks), rotation by
// day and week, the administrators' status and *Fazer cópia agora*, and a failed backup on the page.

let server: ResourceTestServer;
let adminUser: TestUser;
let directory: string;

const day = (iso: string) => Date.parse(iso);
/** Puts the server's clock at `iso`. */
const setClock = (iso: string) => server.advance(day(iso) - server.ctx.now());
const token = async () => (await server.login(adminUser)).access;
const backupFiles = () => (fs.existsSync(directory) ? fs.readdirSync(directory).filter((name) => name.endsWith('.zip')).sort() : []);
const rows = () => server.database.db.selectFrom('backups').selectAll().orderBy('_id').execute();

beforeAll(async () => {
  server = await startResourceServer();
  adminUser = await server.createUser('admin');
  directory = path.join(server.ctx.config.dataDir, 'backups');
}, 30_000);
afterAll(async () => {
  await server?.close();
});

describe('rotation', () => {
  it('keeps the newest backup of each of the last N days and of each of the last M weeks', () => {
    // Every day of January 2027 at noon (Lisbon is on UTC then); the 31st is a Sunday.
    const january = Array.from({ length: 31 }, (_, i) => day(`2027-01-${String(i + 1).padStart(2, '0')}T12:00:00Z`));
    const kept = (keep: { daily: number; weekly: number }) => [...backupsToKeep(january, keep)].sort().map((t) => new Date(t).toISOString().slice(0, 10));
    expect(kept({ daily: 3, weekly: 0 })).toEqual(['2027-01-29', '2027-01-30', '2027-01-31']);
    // Weeks start on Monday: the 31st stands for its week (25-31), the 24th for 18-24, the 17th for 11-17.
    expect(kept({ daily: 1, weekly: 3 })).toEqual(['2027-01-17', '2027-01-24', '2027-01-31']);
    expect(kept({ daily: 2, weekly: 2 })).toEqual(['2027-01-24', '2027-01-30', '2027-01-31']);
    // Two on one day: the newest counts for the day.
    const twice = [day('2027-01-30T01:00:00Z'), day('2027-01-30T23:00:00Z'), day('2027-01-29T12:00:00Z')];
    expect([...backupsToKeep(twice, { daily: 2, weekly: 0 })].sort()).toEqual([twice[2], twice[1]]);
  });
});

describe('the daily backup', () => {
  it('runs once per occurrence of backupTime, and rotation keeps the configured counts', async () => {
    setClock('2027-02-01T10:00:00Z');
    const admin = await token();
    for (const [name, value] of [['backupTime', '03:30'], ['backupKeepDaily', '3'], ['backupKeepWeekly', '3']] as const) {
      expect((await server.putSetting(admin, name, value)).status).toBeLessThan(300);
    }
    await server.app.jobs.tick();
    await server.app.jobs.tick();
    expect(backupFiles()).toEqual([backupFileName(day('2027-02-01T03:30:00Z'))]);
    // Nothing else is left in the directory: no copy of the database, nor its -wal or -shm.
    expect(fs.readdirSync(directory)).toEqual([backupFileName(day('2027-02-01T03:30:00Z'))]);

    setClock('2027-02-02T10:00:00Z');
    await server.app.jobs.tick();
    expect(backupFiles()).toEqual([backupFileName(day('2027-02-01T03:30:00Z')), backupFileName(day('2027-02-02T03:30:00Z'))]);
    expect((await rows()).map((row) => [row.key, row.state])).toEqual([
      ['backups.run:schedule:2027-02-01T03:30:00.000Z', 'ok'],
      ['backups.run:schedule:2027-02-02T03:30:00.000Z', 'ok'],
    ]);

    // January's backups (placeholders: rotation reads only their names) and a file of the operator's.
    for (let d = 1; d <= 31; d += 1) fs.writeFileSync(path.join(directory, backupFileName(day(`2027-01-${String(d).padStart(2, '0')}T03:30:00Z`))), '');
    fs.writeFileSync(path.join(directory, 'notas.txt'), 'não é uma cópia');
    setClock('2027-02-03T10:00:00Z');
    await server.app.jobs.tick();
    // Days: 3, 2 and 1 February; weeks: 1-7 February (the 3rd), 25-31 January (the 31st), 18-24 January (the 24th).
    expect(backupFiles()).toEqual(['2027-01-24', '2027-01-31', '2027-02-01', '2027-02-02', '2027-02-03'].map((d) => backupFileName(day(`${d}T03:30:00Z`))));
    expect(fs.existsSync(path.join(directory, 'notas.txt'))).toBe(true);
  }, 60_000);
});

describe('status and Fazer cópia agora', () => {
  it('are for administrators only', async () => {
    for (const role of ['editor', 'member'] as const) {
      const { token: other } = await server.as(role);
      expect((await server.json('GET', '/api/backups/status', other)).status).toBe(403);
      expect((await server.json('POST', '/api/backups/run', other, {})).status).toBe(403);
    }
    expect((await server.json('GET', '/api/backups/status', undefined)).status).toBe(401);
  });

  it('a backup asked for now is queued, made by the jobs, and shown as the last one', async () => {
    const admin = await token();
    const queued = await server.json('POST', '/api/backups/run', admin, {});
    expect(queued.status).toBe(202);
    expect(queued.body.data.job).toMatchObject({ name: 'backups.run', state: 'queued' });
    expect((await server.json('GET', '/api/backups/status', admin)).body.data.running).toBe(true);
    await server.app.jobs.tick();
    const { data } = (await server.json('GET', '/api/backups/status', admin)).body;
    expect(data).toMatchObject({ directory, running: false, stale: false, last: { state: 'ok', removed: false } });
    // Named after the moment it was asked for.
    expect(path.basename(data.last.file)).toMatch(/^associa-2027-02-03T10-00-\d{2}-\d{3}Z\.zip$/);
    expect(data.nextRun).toBe('2027-02-04T03:30:00.000Z');
    const audit = await server.database.db.selectFrom('audit_log').select(['action', 'actor_id']).where('resource', '=', 'backups').execute();
    expect(audit).toEqual([{ action: 'run', actor_id: adminUser.id }]);
  }, 30_000);

  it('a failed backup is the last one, with its reason, and a day without a good one is a warning', async () => {
    const blocker = path.join(server.ctx.config.dataDir, 'not-a-directory');
    fs.writeFileSync(blocker, '');
    const at = server.ctx.now();
    await expect(runBackup(server.ctx, { key: 'test:failed', at, file: path.join(blocker, 'copia.zip') })).rejects.toThrow();
    let data = (await server.json('GET', '/api/backups/status', await token())).body.data;
    expect(data.last).toMatchObject({ state: 'failed', problem: expect.stringContaining(`O servidor não pode escrever na pasta ${blocker}`) });
    expect(data.lastGood.state).toBe('ok');
    expect(data.stale).toBe(false);

    server.advance(25 * 3_600_000);
    data = (await server.json('GET', '/api/backups/status', await token())).body.data;
    expect(data.stale).toBe(true);
  }, 30_000);
});
