import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOBS_TOPIC, type JobProgress } from '../../src/core/contract.js';
import { claimNextJob, markJobDone, type Job } from '../../src/server/jobs/store.js';
import type { JobDefinition, JobRunContext } from '../../src/server/jobs/types.js';
import { createJobRegistry } from '../../src/server/jobs/registry.js';
import { fakeClock, instances, recordEvents } from './jobs-support.js';

const running = instances();
afterEach(() => running.closeAll());

const MINUTE = 60_000;
/** The default lease (ASSOCIA_JOB_LEASE_SECONDS), which the test servers keep. */
const LEASE = 30_000;
/** An instance other than the tests' (another host), whose claims wait for their lease. */
const ELSEWHERE = { instance: 'outro-servidor/dados', process: 'processo-de-outro-servidor' };
const start = () => fakeClock(Date.UTC(2027, 0, 4, 12, 0, 0));
const job = (name: string, run: JobDefinition['run'], extra: Partial<JobDefinition> = {}): JobDefinition => ({ name, label: 'Tarefa de teste', run, ...extra });
const rowOf = (instance: { server: { database: { db: JobRunContext['db'] } } }, key: string) =>
  instance.server.database.db.selectFrom('jobs').selectAll().where('key', '=', key).executeTakeFirstOrThrow();

describe('enqueueing', () => {
  it('one row per key: a second enqueue returns the first row unchanged', async () => {
    const clock = start();
    const instance = await running.start(clock, [job('test.once', async () => null)]);
    const { db } = instance.server.database;
    const first = await instance.jobs.enqueue(db, { name: 'test.once', key: 'test.once:2027', payload: { year: 2027 } });
    clock.advance(1000);
    const second = await instance.jobs.enqueue(db, { name: 'test.once', key: 'test.once:2027', payload: { year: 1999 } });
    expect(second).toEqual(first);
    expect(first).toMatchObject({ name: 'test.once', state: 'queued', attempts: 0, max_attempts: 5, payload: '{"year":2027}', run_at: new Date(clock.now - 1000).toISOString() });
    expect(await db.selectFrom('jobs').select('_id').where('name', '=', 'test.once').execute()).toHaveLength(1);
  });

  it("enqueues inside the caller's transaction: a rollback leaves no row", async () => {
    const clock = start();
    const instance = await running.start(clock, [job('test.rollback', async () => null)]);
    const { db } = instance.server.database;
    await expect(
      db.transaction().execute(async (trx) => {
        await instance.jobs.enqueue(trx, { name: 'test.rollback', key: 'test.rollback:1' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await db.selectFrom('jobs').select('_id').execute()).toEqual([]);
    await expect(instance.jobs.enqueue(db, { name: 'test.unknown', key: 'x' })).rejects.toThrow('No module declares the job test.unknown');
  });

  it('refuses bad declarations at start-up', () => {
    const run = async () => null;
    expect(() => createJobRegistry([{ jobs: [job('dues.generate', run)] }, { jobs: [job('dues.generate', run)] }])).toThrow('Two modules declare the job dues.generate');
    expect(() => createJobRegistry([{ jobs: [job('Dues Generate', run)] }])).toThrow('lower-case');
    expect(() => createJobRegistry([{ jobs: [job('dues.x', run, { label: ' ' })] }])).toThrow('label');
    expect(() => createJobRegistry([{ jobs: [job('dues.x', run, { maxAttempts: 0 })] }])).toThrow('maxAttempts');
  });
});

describe('running', () => {
  it('runs a due job once with its payload and stores its result; a job due later waits', async () => {
    const clock = start();
    const seen: unknown[] = [];
    const instance = await running.start(clock, [job('test.echo', async ({ payload }) => (seen.push(payload), { echoed: payload }))]);
    const { db } = instance.server.database;
    await instance.jobs.enqueue(db, { name: 'test.echo', key: 'now', payload: { a: 1 } });
    await instance.jobs.enqueue(db, { name: 'test.echo', key: 'later', payload: { b: 2 }, runAt: clock.now + MINUTE });
    expect((await instance.jobs.tick()).ran).toBe(1);
    expect(await rowOf(instance, 'now')).toMatchObject({ state: 'done', attempts: 1, result: '{"echoed":{"a":1}}', finished_at: new Date(clock.now).toISOString(), lease_until: null });
    expect((await rowOf(instance, 'later')).state).toBe('queued');
    clock.advance(MINUTE);
    expect((await instance.jobs.tick()).ran).toBe(1);
    expect((await instance.jobs.tick()).ran).toBe(0);
    expect(seen).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('two instances on one database never run a job twice', async () => {
    const clock = start();
    const runs: string[] = [];
    const counting = job('test.count', async ({ job: claimed, db }) => {
      runs.push(claimed.key);
      // A query between claim and outcome, so the two instances' work interleaves.
      await db.selectFrom('jobs').select('_id').where('_id', '=', claimed._id).execute();
      return null;
    });
    const first = await running.start(clock, [counting]);
    const second = await running.another(first, clock, [counting]);
    const keys = Array.from({ length: 30 }, (_, i) => `test.count:${i}`);
    for (const key of keys) await first.jobs.enqueue(first.server.database.db, { name: 'test.count', key });
    const ticks = await Promise.all([first.jobs.tick(), second.tick()]);
    expect(ticks[0].ran + ticks[1].ran).toBe(30);
    expect((await Promise.all([first.jobs.tick(), second.tick()])).map((tick) => tick.ran)).toEqual([0, 0]);
    expect([...runs].sort()).toEqual([...keys].sort());
    const rows = await first.server.database.db.selectFrom('jobs').select(['state', 'attempts']).execute();
    expect(rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
    await second.stop();
  });

  it('a job of its own lane (the backup) does not hold the others: they run while it runs, one at a time within each lane', async () => {
    const clock = start();
    let releaseBackup!: () => void;
    const backupMayEnd = new Promise<void>((resolve) => (releaseBackup = resolve));
    const order: string[] = [];
    const instance = await running.start(clock, [
      job(
        'test.long_backup',
        async ({ job: claimed }) => {
          order.push(`start ${claimed.key}`);
          await backupMayEnd;
          order.push(`end ${claimed.key}`);
          return null;
        },
        { lane: 'backup' },
      ),
      job('test.quick', async ({ job: claimed }) => (order.push(claimed.key), null)),
    ]);
    const { db } = instance.server.database;
    await instance.jobs.enqueue(db, { name: 'test.long_backup', key: 'backup-1' });
    await instance.jobs.enqueue(db, { name: 'test.long_backup', key: 'backup-2' });
    const first = instance.jobs.tick();
    await vi.waitFor(() => expect(order).toEqual(['start backup-1']));
    // The backup lane is busy: jobs enqueued now run at the next tick without waiting for it.
    for (const key of ['quick-1', 'quick-2']) await instance.jobs.enqueue(db, { name: 'test.quick', key });
    const second = instance.jobs.tick();
    try {
      await vi.waitFor(() => expect(order).toContain('quick-2'), { timeout: 5000 });
    } finally {
      // Released only now: had the quick jobs waited for the backup, they would not have run above.
      releaseBackup();
    }
    expect((await first).ran + (await second).ran).toBe(4);
    // Within its lane, the second backup started only after the first ended.
    expect(order).toEqual(['start backup-1', 'quick-1', 'quick-2', 'end backup-1', 'start backup-2', 'end backup-2']);
    expect((await db.selectFrom('jobs').select('state').execute()).map((row) => row.state)).toEqual(['done', 'done', 'done', 'done']);
  });

  it('retries a failing job with growing delays, then marks it failed with the last error', async () => {
    const clock = start();
    let calls = 0;
    const instance = await running.start(clock, [
      job(
        'test.fail',
        async () => {
          calls += 1;
          throw new Error(`Falhou à ${calls}.ª tentativa.`);
        },
        { maxAttempts: 3 },
      ),
    ]);
    const events = recordEvents(instance.server);
    await instance.jobs.enqueue(instance.server.database.db, { name: 'test.fail', key: 'f' });
    await instance.jobs.tick();
    expect(await rowOf(instance, 'f')).toMatchObject({ state: 'queued', attempts: 1, max_attempts: 3, last_error: 'Falhou à 1.ª tentativa.', run_at: new Date(clock.now + MINUTE).toISOString() });
    // Not before its time.
    clock.advance(MINUTE - 1);
    expect((await instance.jobs.tick()).ran).toBe(0);
    clock.advance(1);
    await instance.jobs.tick();
    expect(await rowOf(instance, 'f')).toMatchObject({ state: 'queued', attempts: 2, last_error: 'Falhou à 2.ª tentativa.', run_at: new Date(clock.now + 2 * MINUTE).toISOString() });
    clock.advance(2 * MINUTE);
    await instance.jobs.tick();
    expect(await rowOf(instance, 'f')).toMatchObject({ state: 'failed', attempts: 3, last_error: 'Falhou à 3.ª tentativa.', finished_at: new Date(clock.now).toISOString() });
    clock.advance(60 * MINUTE);
    expect((await instance.jobs.tick()).ran).toBe(0);
    expect(calls).toBe(3);
    const states = events.filter((e) => e.topic === JOBS_TOPIC).map((e) => (e.payload as JobProgress).state);
    expect(states).toEqual(['running', 'queued', 'running', 'queued', 'running', 'failed']);
    expect(events.filter((e) => e.topic === 'jobs changed')).toHaveLength(6);
  });

  it("claims again a run whose instance stopped renewing its lease, and refuses the dead claim's late outcome", async () => {
    const clock = start();
    const runs: number[] = [];
    const instance = await running.start(clock, [job('test.lease', async ({ job: claimed }) => (runs.push(claimed.attempts), 'feito'))]);
    const { db, engine } = instance.server.database;
    await instance.jobs.enqueue(db, { name: 'test.lease', key: 'l' });
    // Another instance claims the run and dies without a word.
    const dead = (await claimNextJob(db, engine, ['test.lease'], clock.now, LEASE, ELSEWHERE)) as Job;
    expect(dead).toMatchObject({ state: 'running', attempts: 1, lease_until: new Date(clock.now + LEASE).toISOString() });
    clock.advance(LEASE - 1);
    expect((await instance.jobs.tick()).ran).toBe(0);
    clock.advance(1);
    expect((await instance.jobs.tick()).ran).toBe(1);
    expect(runs).toEqual([2]);
    expect(await rowOf(instance, 'l')).toMatchObject({ state: 'done', attempts: 2, result: '"feito"' });
    expect(await markJobDone(db, dead, clock.now, 'tarde', { done: 0, total: null })).toBe(false);
    expect((await rowOf(instance, 'l')).result).toBe('"feito"');
  });

  it('fails a run whose lease expired on its last attempt without running it again', async () => {
    const clock = start();
    let calls = 0;
    const instance = await running.start(clock, [job('test.crash', async () => (calls += 1), { maxAttempts: 1 })]);
    const { db, engine } = instance.server.database;
    await instance.jobs.enqueue(db, { name: 'test.crash', key: 'c' });
    await claimNextJob(db, engine, ['test.crash'], clock.now, LEASE, ELSEWHERE);
    clock.advance(LEASE);
    await instance.jobs.tick();
    expect(calls).toBe(0);
    expect(await rowOf(instance, 'c')).toMatchObject({ state: 'failed', attempts: 2, last_error: 'A tarefa foi interrompida (o servidor parou durante a execução) e esgotou as tentativas.' });
  });

  it('leaves kinds it does not know to the instances that do', async () => {
    const clock = start();
    const instance = await running.start(clock, [job('test.known', async () => null)]);
    const { db } = instance.server.database;
    const stamp = new Date(clock.now).toISOString();
    await db.insertInto('jobs').values({ name: 'test.newer', key: 'n', state: 'queued', run_at: stamp, created_at: stamp, updated_at: stamp }).execute();
    expect((await instance.jobs.tick()).ran).toBe(0);
    expect((await rowOf(instance, 'n')).state).toBe('queued');
  });
});

describe('progress', () => {
  it('is written to the row and announced to staff, throttled to each percent, and renews the lease', async () => {
    const clock = start();
    let midway: Job | undefined;
    const instance = await running.start(clock, [
      job('test.progress', async ({ progress, db, job: claimed }) => {
        for (let done = 1; done <= 1000; done += 1) {
          clock.advance(1);
          await progress(done, 1000);
          if (done === 500) midway = await db.selectFrom('jobs').selectAll().where('_id', '=', claimed._id).executeTakeFirstOrThrow();
        }
        return { members: 1000 };
      }),
    ]);
    const events = recordEvents(instance.server);
    const { _id } = await instance.jobs.enqueue(instance.server.database.db, { name: 'test.progress', key: 'p' });
    await instance.jobs.tick();

    expect(midway).toMatchObject({ state: 'running', progress: 500, total: 1000, lease_until: new Date(Date.UTC(2027, 0, 4, 12, 0, 0) + 500 + LEASE).toISOString() });
    const announced = events.filter((e) => e.topic === JOBS_TOPIC);
    for (const event of announced) expect(event.audience).toEqual({ roles: ['admin', 'editor'] });
    const payloads = announced.map((e) => e.payload as JobProgress);
    expect(payloads[0]).toEqual({ id: _id, name: 'test.progress', state: 'running', progress: 0, total: null });
    expect(payloads.at(-1)).toEqual({ id: _id, name: 'test.progress', state: 'done', progress: 1000, total: 1000 });
    const steps = payloads.slice(1, -1);
    // Each percent once (and the first report): not a write per unit.
    expect(steps).toHaveLength(101);
    expect(steps.map((p) => p.progress)).toEqual([1, ...Array.from({ length: 100 }, (_, i) => (i + 1) * 10)]);
    expect(await rowOf(instance, 'p')).toMatchObject({ state: 'done', progress: 1000, total: 1000, result: '{"members":1000}' });
  });

  it("is held back inside the run's own transaction (any handle) and written at the first report after it", async () => {
    const clock = start();
    const instance = await running.start(clock, [
      job('test.in_transaction', async ({ progress, ctx, job: claimed }) => {
        // Through the context's handle, not the run's `db`: counted all the same.
        const inside = await ctx.database.db.transaction().execute(async (trx) => {
          for (let done = 1; done <= 5; done += 1) {
            clock.advance(300);
            await progress(done, 10);
          }
          return trx.selectFrom('jobs').select('progress').where('_id', '=', claimed._id).executeTakeFirstOrThrow();
        });
        expect(inside.progress).toBe(0);
        clock.advance(300);
        await progress(6, 10);
        return null;
      }),
    ]);
    const events = recordEvents(instance.server);
    await instance.jobs.enqueue(instance.server.database.db, { name: 'test.in_transaction', key: 't' });
    // On SQLite a write from inside would wait for the connection the transaction holds: for ever.
    await instance.jobs.tick();
    const reported = events.filter((e) => e.topic === JOBS_TOPIC && (e.payload as JobProgress).state === 'running').map((e) => (e.payload as JobProgress).progress);
    // The claim's announcement, then nothing until the report after the transaction.
    expect(reported).toEqual([0, 6]);
    expect(await rowOf(instance, 't')).toMatchObject({ state: 'done', progress: 6, total: 10 });
  });

  it('writes at least every 250 ms when percents move slowly', async () => {
    const clock = start();
    const instance = await running.start(clock, [
      job('test.slow', async ({ progress }) => {
        for (let done = 1; done <= 20; done += 1) {
          clock.advance(100);
          await progress(done, 100_000);
        }
        return null;
      }),
    ]);
    const events = recordEvents(instance.server);
    await instance.jobs.enqueue(instance.server.database.db, { name: 'test.slow', key: 's' });
    await instance.jobs.tick();
    const steps = events.filter((e) => e.topic === JOBS_TOPIC && (e.payload as JobProgress).state === 'running').map((e) => (e.payload as JobProgress).progress);
    // The claim's announcement, then reports 1 (first), 4, 7... every third (300 ms >= 250 ms).
    expect(steps).toEqual([0, 1, 4, 7, 10, 13, 16, 19]);
  });

  it('a closing server interrupts a run at its next report and hands it back, uncounted', async () => {
    const clock = start();
    let stopping: Promise<void> | undefined;
    const instance = await running.start(clock, [
      job('test.closing', async ({ progress }) => {
        for (let done = 1; done <= 10; done += 1) {
          // The server starts closing while the run is under way.
          if (done === 5) stopping = instance.jobs.stop();
          clock.advance(300);
          await progress(done, 10);
        }
        return null;
      }),
    ]);
    await instance.jobs.enqueue(instance.server.database.db, { name: 'test.closing', key: 'x' });
    await instance.jobs.tick();
    await stopping;
    expect(await rowOf(instance, 'x')).toMatchObject({ state: 'queued', attempts: 0, progress: 4, total: 10, lease_until: null, last_error: null });
    expect((await instance.jobs.tick()).ran).toBe(0);
  });
});
