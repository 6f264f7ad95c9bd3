import { afterEach, describe, expect, it } from 'vitest';
import type { JobScheduleEntry } from '../../src/core/contract.js';
import { createJobs } from '../../src/server/jobs/engine.js';
import type { JobDefinition } from '../../src/server/jobs/types.js';
import { fakeClock, instances, modulesWith } from './jobs-support.js';

const running = instances();
afterEach(() => running.closeAll());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A yearly run on 5 January at midnight, Lisbon time, whose payload is the year. */
function yearly(runs: unknown[]): JobDefinition {
  return {
    name: 'test.yearly',
    label: 'Geração anual',
    schedule: '0 0 5 1 *',
    scheduledPayload: (at) => ({ year: at.getUTCFullYear() }),
    run: async ({ payload }) => void runs.push(payload),
  };
}

const scheduledRows = (db: Parameters<typeof createJobs>[0]['database']['db']) =>
  db.selectFrom('jobs').select(['key', 'state', 'payload', 'run_at']).orderBy('key').execute();

describe('scheduler', () => {
  it('enqueues exactly one run per occurrence, however many instances tick', async () => {
    const clock = fakeClock(Date.UTC(2027, 0, 4, 23, 59, 0));
    const runs: unknown[] = [];
    const first = await running.start(clock, [yearly(runs)]);
    const second = await running.another(first, clock, [yearly(runs)]);
    const tickBoth = () => Promise.all([first.jobs.tick(), second.tick()]);
    const { db } = first.server.database;

    // Last year's occurrence is older than the catch-up window: nothing to do.
    await tickBoth();
    expect(await scheduledRows(db)).toEqual([]);

    // Lisbon is on UTC in January: the occurrence is at 00:00Z.
    clock.advance(MINUTE + 30_000);
    await tickBoth();
    await tickBoth();
    clock.advance(HOUR);
    await tickBoth();
    expect(await scheduledRows(db)).toEqual([{ key: 'test.yearly:schedule:2027-01-05T00:00:00.000Z', state: 'done', payload: '{"year":2027}', run_at: '2027-01-05T00:00:00.000Z' }]);
    expect(runs).toEqual([{ year: 2027 }]);

    clock.advance(365 * 24 * HOUR);
    await tickBoth();
    expect((await scheduledRows(db)).map((row) => row.key)).toEqual(['test.yearly:schedule:2027-01-05T00:00:00.000Z', 'test.yearly:schedule:2028-01-05T00:00:00.000Z']);
    expect(runs).toEqual([{ year: 2027 }, { year: 2028 }]);
    await second.stop();
  });

  it('reads patterns in Lisbon time, summer time included', async () => {
    const clock = fakeClock(Date.UTC(2027, 6, 10, 1, 0, 0));
    const instance = await running.start(clock, [{ name: 'test.nightly', label: 'Noturna', schedule: '0 3 * * *', run: async () => null }]);
    await instance.jobs.tick();
    clock.advance(HOUR + 1);
    await instance.jobs.tick();
    // 03:00 in Lisbon in July is 02:00 UTC (WEST, UTC+1); the first tick made up the night before.
    expect((await scheduledRows(instance.server.database.db)).map((row) => row.key)).toEqual([
      'test.nightly:schedule:2027-07-09T02:00:00.000Z',
      'test.nightly:schedule:2027-07-10T02:00:00.000Z',
    ]);
  });

  it('runs an occurrence missed between two ticks once, not once per tick it was missed by', async () => {
    const clock = fakeClock(Date.UTC(2027, 0, 4, 12, 0, 0));
    const instance = await running.start(clock, [{ name: 'test.often', label: 'Frequente', schedule: '*/5 * * * *', run: async () => null }]);
    await instance.jobs.tick();
    clock.advance(17 * MINUTE);
    await instance.jobs.tick();
    expect((await scheduledRows(instance.server.database.db)).map((row) => row.key)).toEqual(['test.often:schedule:2027-01-04T12:00:00.000Z', 'test.often:schedule:2027-01-04T12:15:00.000Z']);
  });

  it('a starting instance makes up an occurrence missed within a day, once', async () => {
    const clock = fakeClock(Date.UTC(2027, 0, 5, 2, 0, 0));
    const runs: unknown[] = [];
    const first = await running.start(clock, [yearly(runs)]);
    await first.jobs.tick();
    // A second instance starting later looks at the same occurrence: the key is taken already.
    clock.advance(HOUR);
    const late = createJobs(first.server.ctx, modulesWith([yearly(runs)]));
    const summary = await late.tick();
    expect(summary.scheduled.map((row) => row.state)).toEqual(['done']);
    expect(runs).toEqual([{ year: 2027 }]);
    await late.stop();

    // Two days after the occurrence, a fresh instance leaves it alone.
    clock.advance(2 * 24 * HOUR);
    const { db } = first.server.database;
    await db.deleteFrom('jobs').execute();
    const fresh = createJobs(first.server.ctx, modulesWith([yearly(runs)]));
    expect((await fresh.tick()).scheduled).toEqual([]);
    await fresh.stop();
  });

  it('reads a schedule from the settings at every tick; null means on demand only', async () => {
    const clock = fakeClock(Date.UTC(2027, 0, 4, 12, 0, 0));
    let setting: string | null = null;
    const instance = await running.start(clock, [{ name: 'test.setting', label: 'Configurável', schedule: async () => setting, run: async () => null }]);
    await instance.jobs.tick();
    clock.advance(HOUR);
    await instance.jobs.tick();
    expect(await scheduledRows(instance.server.database.db)).toEqual([]);
    setting = '30 * * * *';
    clock.advance(HOUR);
    await instance.jobs.tick();
    // Not retroactive: only the occurrence since the last tick (13:30), not the day's earlier ones.
    expect((await scheduledRows(instance.server.database.db)).map((row) => row.key)).toEqual(['test.setting:schedule:2027-01-04T13:30:00.000Z']);
  });

  it('an invalid pattern runs nothing, is logged once and shown in the schedule', async () => {
    const clock = fakeClock(Date.UTC(2027, 0, 4, 12, 0, 0));
    const instance = await running.start(clock, []);
    const logged: string[] = [];
    const jobs = createJobs(instance.server.ctx, modulesWith([{ name: 'test.bad', label: 'Mal agendada', schedule: 'todos os dias', run: async () => null }]), { log: (m) => logged.push(m) });
    await jobs.tick();
    await jobs.tick();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('test.bad');
    const [entry] = await jobs.schedule();
    expect(entry).toEqual<JobScheduleEntry>({
      name: 'test.bad',
      label: 'Mal agendada',
      schedule: 'todos os dias',
      nextRun: null,
      problem: 'O agendamento "todos os dias" não é um padrão cron válido.',
      lastRun: null,
    });
    await jobs.stop();
  });
});
