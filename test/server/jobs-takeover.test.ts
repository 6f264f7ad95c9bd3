import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { createJobs } from '../../src/server/jobs/engine.js';
import { claimerOf, INSTANCE_ID_FILE, instanceName, type Claimer } from '../../src/server/jobs/instance.js';
import { claimNextJob, markJobDone, type Job } from '../../src/server/jobs/store.js';
import type { JobDefinition } from '../../src/server/jobs/types.js';
import { fakeClock, instances, modulesWith, type JobsInstance } from './jobs-support.js';
import { testEngine } from './support/server.js';

// Issue 31: a server killed during a run (kill -9, a power cut) used to leave the run "running"
// for its whole lease after it came back. The restarted instance now takes back at once what its
// previous process left; another live instance's runs still wait for their lease.

const running = instances();
afterEach(() => running.closeAll());

const MINUTE = 60_000;
const LEASE = 5 * MINUTE;
const start = () => fakeClock(Date.UTC(2027, 0, 4, 12, 0, 0));
const job = (name: string, run: JobDefinition['run']): JobDefinition => ({ name, label: 'Tarefa de teste', run });
const rowOf = (instance: JobsInstance, key: string) => instance.server.database.db.selectFrom('jobs').selectAll().where('key', '=', key).executeTakeFirstOrThrow();

/** This test server's instance as a process of it that is no longer running would have named itself. */
const previousProcessOf = (instance: JobsInstance): Claimer => ({ instance: instanceName(instance.server.ctx.config), process: 'processo-anterior' });

describe(`a restarted instance and its runs (${testEngine})`, () => {
  it("takes back at once a run its previous process left running, and refuses that process's late outcome", async () => {
    const clock = start();
    const runs: number[] = [];
    const instance = await running.start(clock, [job('test.takeover', async ({ job: claimed }) => (runs.push(claimed.attempts), 'feito'))]);
    const { db, engine } = instance.server.database;
    await instance.jobs.enqueue(db, { name: 'test.takeover', key: 't' });
    // The previous process claimed the run and was killed: its lease runs for five more minutes.
    const left = (await claimNextJob(db, engine, ['test.takeover'], clock.now, LEASE, previousProcessOf(instance))) as Job;
    expect(left).toMatchObject({ state: 'running', attempts: 1, claimed_by: instanceName(instance.server.ctx.config), claimed_process: 'processo-anterior' });

    // Not a millisecond later, the restarted process's first tick takes it.
    expect((await instance.jobs.tick()).ran).toBe(1);
    expect(runs).toEqual([2]);
    const own = claimerOf(instance.server.ctx.config);
    expect(await rowOf(instance, 't')).toMatchObject({ state: 'done', attempts: 2, result: '"feito"', claimed_by: own.instance, claimed_process: own.process });
    expect(await markJobDone(db, left, clock.now, 'tarde', { done: 0, total: null })).toBe(false);
    expect((await rowOf(instance, 't')).result).toBe('"feito"');
  });

  it("leaves another live instance's run to it until its lease ends", async () => {
    const clock = start();
    const runs: number[] = [];
    const instance = await running.start(clock, [job('test.elsewhere', async ({ job: claimed }) => (runs.push(claimed.attempts), null))]);
    const { db, engine } = instance.server.database;
    await instance.jobs.enqueue(db, { name: 'test.elsewhere', key: 'e' });
    // Another instance (another name: another host or data directory) holds the run.
    const other = { instance: 'outro-servidor/dados', process: 'processo-anterior' };
    await claimNextJob(db, engine, ['test.elsewhere'], clock.now, LEASE, other);
    expect((await instance.jobs.tick()).ran).toBe(0);
    clock.advance(LEASE - 1);
    expect((await instance.jobs.tick()).ran).toBe(0);
    expect(await rowOf(instance, 'e')).toMatchObject({ state: 'running', attempts: 1, claimed_by: other.instance });
    clock.advance(1);
    expect((await instance.jobs.tick()).ran).toBe(1);
    expect(runs).toEqual([2]);
  });

  it('a run still going in this same process is not taken by a second engine of it before its lease', async () => {
    const clock = start();
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const underWay = new Promise<void>((resolve) => (started = resolve));
    const runs: number[] = [];
    const slow = job('test.same', async ({ job: claimed, progress }) => {
      runs.push(claimed.attempts);
      await progress(1, 2);
      started();
      await holding;
      return null;
    });
    const instance = await running.start(clock, [slow]);
    await instance.jobs.enqueue(instance.server.database.db, { name: 'test.same', key: 's' });
    const first = instance.jobs.tick();
    await underWay;
    // The same instance and process (two engines of one process, as on SQLite in these tests): not a restart.
    const twin = createJobs(instance.server.ctx, modulesWith([slow]), { log: () => undefined });
    expect((await twin.tick()).ran).toBe(0);
    release();
    expect((await first).ran).toBe(1);
    expect(runs).toEqual([1]);
    await twin.stop();
  });

  it("a restarted process's engine takes the run over from the dead one mid-run; the dead one's progress is refused", async () => {
    const clock = start();
    const attempts: number[] = [];
    let halt!: () => void;
    const halted = new Promise<void>((resolve) => (halt = resolve));
    let reachedHalf!: () => void;
    const half = new Promise<void>((resolve) => (reachedHalf = resolve));
    const steps = job('test.steps', async ({ job: claimed, progress }) => {
      attempts.push(claimed.attempts);
      for (let done = 1; done <= 4; done += 1) {
        clock.advance(300);
        await progress(done, 4);
        // The first attempt's process freezes at half way, as if killed (it never comes back by itself).
        if (claimed.attempts === 1 && done === 2) {
          reachedHalf();
          await halted;
        }
      }
      return { steps: 4 };
    });
    const instance = await running.start(clock, [steps]);
    const name = instanceName(instance.server.ctx.config);
    const dead = createJobs(instance.server.ctx, modulesWith([steps]), { claimer: { instance: name, process: 'morto' }, log: () => undefined });
    await instance.jobs.enqueue(instance.server.database.db, { name: 'test.steps', key: 'k' });
    const deadTick = dead.tick();
    await half;
    expect(await rowOf(instance, 'k')).toMatchObject({ state: 'running', progress: 2, total: 4, claimed_process: 'morto' });
    // The restarted process (this test server's engine): its next tick, well within the lease.
    expect((await instance.jobs.tick()).ran).toBe(1);
    expect(await rowOf(instance, 'k')).toMatchObject({ state: 'done', attempts: 2, progress: 4, total: 4, result: '{"steps":4}' });
    // Were the dead process to wake up, its next report finds the run is no longer its own.
    halt();
    expect((await deadTick).ran).toBe(1);
    expect(attempts).toEqual([1, 2]);
    expect(await rowOf(instance, 'k')).toMatchObject({ state: 'done', attempts: 2, result: '{"steps":4}' });
    await dead.stop();
  });

  it('claims under the lease the configuration sets (ASSOCIA_JOB_LEASE_SECONDS)', async () => {
    const clock = start();
    const instance = await running.start(clock, [job('test.leased', async () => null)]);
    const { db } = instance.server.database;
    const config = { ...instance.server.ctx.config, jobLeaseMs: 90_000 };
    let seen: Job | undefined;
    const leased = createJobs({ ...instance.server.ctx, config }, modulesWith([job('test.leased', async ({ job: claimed }) => ((seen = claimed), null))]), { log: () => undefined });
    await instance.jobs.enqueue(db, { name: 'test.leased', key: 'l' });
    expect((await leased.tick()).ran).toBe(1);
    expect(seen?.lease_until).toBe(new Date(clock.now + 90_000).toISOString());
    await leased.stop();
  });
});

describe("an instance's name", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-instance-'));
    dirs.push(dir);
    return dir;
  };

  it('is ASSOCIA_INSTANCE_ID when set, whatever the data directory', () => {
    const dir = dataDir();
    const config = loadConfig({ ASSOCIA_INSTANCE_ID: ' servidor-a ', ASSOCIA_DATA: dir });
    expect(claimerOf(config).instance).toBe('servidor-a');
    expect(fs.existsSync(path.join(dir, INSTANCE_ID_FILE))).toBe(false);
  });

  it('otherwise is made once in the data directory, with the host, and kept across restarts; each data directory has its own', () => {
    const dir = dataDir();
    const first = claimerOf(loadConfig({ ASSOCIA_DATA: dir }));
    expect(first.instance).toMatch(new RegExp(`^${os.hostname().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[0-9a-f-]{36}$`));
    expect(fs.readFileSync(path.join(dir, INSTANCE_ID_FILE), 'utf8').trim()).toBe(first.instance.split('/').at(-1));
    // The same directory read again, as by the next start: the same name.
    expect(claimerOf(loadConfig({ ASSOCIA_DATA: dir })).instance).toBe(first.instance);
    expect(claimerOf(loadConfig({ ASSOCIA_DATA: dataDir() })).instance).not.toBe(first.instance);
  });

  it('names a process that is not a restart by its start: one process, one name', () => {
    const a = claimerOf(loadConfig({ ASSOCIA_DATA: dataDir() }));
    const b = claimerOf(loadConfig({ ASSOCIA_DATA: dataDir() }));
    expect(a.process).toBe(b.process);
  });

  it('refuses a lease that is not a positive number of seconds', () => {
    expect(loadConfig({}).jobLeaseMs).toBe(30_000);
    expect(loadConfig({}).jobHeartbeatMs).toBe(10_000);
    expect(loadConfig({ ASSOCIA_JOB_LEASE_SECONDS: '6' }).jobHeartbeatMs).toBe(2_000);
    expect(() => loadConfig({ ASSOCIA_JOB_LEASE_SECONDS: '10', ASSOCIA_JOB_HEARTBEAT_SECONDS: '10' })).toThrow('ASSOCIA_JOB_HEARTBEAT_SECONDS must be less than ASSOCIA_JOB_LEASE_SECONDS');
    expect(loadConfig({ ASSOCIA_JOB_LEASE_SECONDS: '45' }).jobLeaseMs).toBe(45_000);
    expect(() => loadConfig({ ASSOCIA_JOB_LEASE_SECONDS: '0' })).toThrow('ASSOCIA_JOB_LEASE_SECONDS must be a positive number of seconds');
    expect(() => loadConfig({ ASSOCIA_JOB_LEASE_SECONDS: '2m' })).toThrow('ASSOCIA_JOB_LEASE_SECONDS must be a non-negative integer, got "2m"');
  });
});
