import { afterEach, describe, expect, it } from 'vitest';
import type { ExplainerResponse, JobScheduleEntry } from '../../src/core/contract.js';
import type { JobDefinition } from '../../src/server/jobs/types.js';
import { fakeClock, instances } from './jobs-support.js';

const running = instances();
afterEach(() => running.closeAll());

const generate: JobDefinition = {
  name: 'test.generate',
  label: 'Geração das quotas',
  schedule: '0 0 5 1 *',
  run: async ({ progress }) => {
    await progress(250, 1000);
    throw new Error('A geração falhou.');
  },
  maxAttempts: 1,
};
const onDemand: JobDefinition = { name: 'test.export', label: 'Exportação', run: async ({ progress }) => (await progress(3, 4), { rows: 3 }) };

async function setUp() {
  // Near the real time: the session tokens are checked against the same clock.
  const clock = fakeClock(Date.now());
  const instance = await running.start(clock, [generate, onDemand]);
  const { server } = instance;
  const admin = (await server.login(await server.createUser('admin'))).access;
  const editor = (await server.login(await server.createUser('editor'))).access;
  return { clock, instance, server, admin, editor };
}

describe('the jobs view', () => {
  it('lists runs to administrators only, in pt-PT, with their progress and error', async () => {
    const { instance, server, admin, editor } = await setUp();
    const { db } = server.database;
    await instance.jobs.enqueue(db, { name: 'test.export', key: 'test.export:1' });
    await instance.jobs.enqueue(db, { name: 'test.generate', key: 'test.generate:2027' });
    await instance.jobs.tick();

    const list = await server.request({ method: 'GET', url: '/api/jobs?_sort=key', token: admin });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as Record<string, unknown>[];
    expect(rows.map((row) => [row.name, row.state, row.attempts, row.percent, row.last_error])).toEqual([
      ['test.export', 'done', 1, '75 %', null],
      ['test.generate', 'failed', 1, '25 %', 'A geração falhou.'],
    ]);
    expect((await server.request({ method: 'GET', url: '/api/jobs?_state=failed', token: admin })).json().meta.total).toBe(1);
    expect((await server.request({ method: 'GET', url: '/api/jobs', token: editor })).statusCode).toBe(403);

    const explainer = (await server.request({ method: 'GET', url: '/api/explainer', token: admin })).json<ExplainerResponse>();
    expect(explainer.data.jobs!.label).toBe('Tarefas');
    const byName = Object.fromEntries(explainer.data.jobs!.fields.map((f) => [f.name, f]));
    expect([byName.name, byName.state, byName.attempts, byName.percent, byName.last_error, byName.run_at, byName.finished_at].map((f) => f?.label)).toEqual([
      'Tarefa', 'Estado', 'Tentativas', 'Progresso', 'Erro', 'Próxima execução', 'Concluída em',
    ]);
    expect(byName.state!.options!.map((o) => o.label)).toEqual(['Em espera', 'Em curso', 'Concluída', 'Falhada']);
    expect(byName.name!.options).toEqual([
      { value: 'test.generate', label: 'Geração das quotas' },
      { value: 'test.export', label: 'Exportação' },
    ]);
  });

  it('GET /api/jobs/schedule: each declared job with its next and latest run, for administrators', async () => {
    const { instance, server, admin, editor, clock } = await setUp();
    await instance.jobs.enqueue(server.database.db, { name: 'test.export', key: 'test.export:1' });
    await instance.jobs.tick();
    const response = await server.request({ method: 'GET', url: '/api/jobs/schedule', token: admin });
    expect(response.statusCode).toBe(200);
    const [yearly, exporting] = response.json().data as JobScheduleEntry[];
    const year = new Date(clock.now).getUTCFullYear();
    // The next 5 January (Lisbon midnight, UTC in winter) after now.
    const thisYears = Date.UTC(year, 0, 5);
    expect(yearly).toEqual({
      name: 'test.generate',
      label: 'Geração das quotas',
      schedule: '0 0 5 1 *',
      nextRun: new Date(clock.now < thisYears ? thisYears : Date.UTC(year + 1, 0, 5)).toISOString(),
      problem: null,
      lastRun: null,
    });
    expect(exporting).toMatchObject({ name: 'test.export', schedule: null, nextRun: null, lastRun: { state: 'done', error: null, finishedAt: new Date(clock.now).toISOString() } });
    for (const [token, status] of [[editor, 403], [undefined, 401]] as const) {
      const refused = await server.request({ method: 'GET', url: '/api/jobs/schedule', ...(token ? { token } : {}) });
      expect(refused.statusCode).toBe(status);
    }
  });
});
