import { afterEach, describe, expect, it } from 'vitest';
import { createJobs } from '../../src/server/jobs/engine.js';
import type { JobDefinition } from '../../src/server/jobs/types.js';
import { fakeClock, instances, modulesWith, type JobsInstance } from './jobs-support.js';
import { testEngine } from './support/server.js';

// Issue 35: a run renews its lease on a heartbeat, progress or not, so the lease can be short
// (30 s) and a dead instance's run is taken over within it, while a live instance's long step
// (one big statement, a slow provider) keeps its run however long it takes.

const running = instances();
afterEach(() => running.closeAll());

const LEASE = 30_000;
/** Real milliseconds between beats: the beats themselves are what the test waits for. */
const BEAT = 20;
const start = () => fakeClock(Date.UTC(2027, 0, 4, 12, 0, 0));
const job = (name: string, run: JobDefinition['run']): JobDefinition => ({ name, label: 'Tarefa de teste', run });
const rowOf = (instance: JobsInstance, key: string) => instance.server.database.db.selectFrom('jobs').selectAll().where('key', '=', key).executeTakeFirstOrThrow();

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe(`the heartbeat of a running job (${testEngine})`, () => {
  it('keeps a live run its own past the lease with no progress at all, and another instance never takes it', async () => {
    const clock = start();
    const underWay = deferred();
    const holding = deferred();
    const attempts: number[] = [];
    const slow = job('test.beat', async ({ job: claimed }) => {
      attempts.push(claimed.attempts);
      underWay.resolve();
      await holding.promise;
      return 'feito';
    });
    const instance = await running.start(clock, [slow]);
    const beating = createJobs(instance.server.ctx, modulesWith([slow]), { leaseMs: LEASE, heartbeatMs: BEAT, claimer: { instance: 'servidor-a', process: 'p' }, log: () => undefined });
    await instance.jobs.enqueue(instance.server.database.db, { name: 'test.beat', key: 'b' });
    const first = beating.tick();
    await underWay.promise;

    // Three leases pass on the clock while the step runs: the beat renews the lease from the new time.
    clock.advance(3 * LEASE);
    await expect.poll(async () => Date.parse((await rowOf(instance, 'b')).lease_until ?? '') - clock.now, { timeout: 5_000, interval: 10 }).toBeGreaterThan(LEASE / 2);
    const other = await running.another(instance, clock, [slow]);
    expect((await other.tick()).ran).toBe(0);

    holding.resolve();
    expect((await first).ran).toBe(1);
    expect(attempts).toEqual([1]);
    expect(await rowOf(instance, 'b')).toMatchObject({ state: 'done', attempts: 1, result: '"feito"' });
    await beating.stop();
  });

  it('a run whose claim another instance took stops at its next progress report, and its result is not kept', async () => {
    const clock = start();
    const underWay = deferred();
    const holding = deferred();
    const logged: string[] = [];
    const steps = job('test.lost', async ({ progress }) => {
      await progress(1, 3);
      underWay.resolve();
      await holding.promise;
      // Not due to be written (same percent, within the interval): only the heartbeat knows.
      await progress(1, 3);
      return 'não devia ficar';
    });
    const instance = await running.start(clock, [steps]);
    const beating = createJobs(instance.server.ctx, modulesWith([steps]), { leaseMs: LEASE, heartbeatMs: BEAT, claimer: { instance: 'servidor-a', process: 'p' }, log: (line) => logged.push(line) });
    await instance.jobs.enqueue(instance.server.database.db, { name: 'test.lost', key: 'l' });
    const first = beating.tick();
    await underWay.promise;

    // The instance froze longer than its lease and another one took the run (a new attempt under its name).
    await instance.server.database.db
      .updateTable('jobs')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), claimed_by: 'servidor-b', claimed_process: 'q' }))
      .where('key', '=', 'l')
      .execute();
    await expect.poll(() => logged.some((line) => line.includes('another instance took the run over')), { timeout: 5_000, interval: 10 }).toBe(true);

    holding.resolve();
    expect((await first).ran).toBe(1);
    expect(logged.some((line) => line.includes('Run interrupted: another instance took the job over.'))).toBe(true);
    expect(await rowOf(instance, 'l')).toMatchObject({ state: 'running', attempts: 2, claimed_by: 'servidor-b', result: null });
    await beating.stop();
  });
});
