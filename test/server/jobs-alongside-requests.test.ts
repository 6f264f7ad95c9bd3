import { AsyncResource } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { JOBS_TOPIC, type JobProgress } from '../../src/core/contract.js';
import type { JobDefinition } from '../../src/server/jobs/types.js';
import { appModules } from '../../src/server/modules/index.js';
import { lisbonDay, lisbonYear } from '../../src/core/days.js';
import { prepareFirstStart } from '../../src/server/seed/first-start.js';
import { loadConfig } from '../../src/server/config.js';
import { startTestServer, testEngine, type TestServer } from './support/server.js';
import { check, upload } from './imports-support.js';

// No job waits on itself (issue 28): every job kind of the application runs on the demo
// organisation, past its first progress report, while the server keeps answering other requests.
// A run whose progress (or any other statement) waited for the connection its own transaction
// holds would never end on SQLite, and every request with it: the tick would not come back.

/** How long any request made while a job runs may take (the slowest step of any job is far below it). */
const ANSWER_WITHIN_MS = 1000;
/**
 * How long all the runs of one tick may take before the test calls them stuck: a run waiting on
 * itself never ends, so the bound only needs to be far above a loaded machine's slowest tick.
 */
const TICK_WITHIN_MS = 90_000;

interface Probe {
  /** Sent after the run's first progress report. */
  afterReport: boolean;
  ms: number;
  status: number;
}

interface Watched {
  name: string;
  reports: number;
  done: boolean;
  probes: Probe[];
}

/** Each run, by job id. */
const watched = new Map<number, Watched>();
const probing: Promise<void>[] = [];
let server: TestServer;
let token: string;

const watchedRun = (id: number, name: string): Watched => {
  let run = watched.get(id);
  if (!run) watched.set(id, (run = { name, reports: 0, done: false, probes: [] }));
  return run;
};

const URLS = ['/api/terminology', '/api/members?_limit=20'];

/** One request someone else makes, timed. */
async function probe(run: Watched, url: string): Promise<void> {
  const afterReport = run.reports > 0;
  const started = performance.now();
  const answer = await server.request({ method: 'GET', url, token });
  run.probes.push({ afterReport, ms: performance.now() - started, status: answer.statusCode });
}

/** Requests one after another until the run ends (at least one). */
async function probeWhile(run: Watched): Promise<void> {
  for (let i = 0; !run.done || i === 0; i += 1) {
    await probe(run, URLS[i % URLS.length]!);
    // An injected request may be answered within one turn of the event loop: without this the
    // loop would starve the run's own file and network callbacks.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * At a run's first report, from outside the run (bound here, in no run's flow): the moment a
 * run reporting from inside its own transaction used to stop every request on SQLite.
 */
const probeAtReport = AsyncResource.bind((run: Watched) => {
  probing.push(probe(run, URLS[0]!));
});

/** The job as declared, with its reports counted and its end noted. */
function watching(definition: JobDefinition): JobDefinition {
  return {
    ...definition,
    async run(context) {
      const run = watchedRun(context.job._id, definition.name);
      try {
        return await definition.run({
          ...context,
          progress: async (done, total) => {
            run.reports += 1;
            if (run.reports === 1) probeAtReport(run);
            await context.progress(done, total);
          },
        });
      } finally {
        run.done = true;
      }
    },
  };
}

async function tickWithin(): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the jobs' runs did not end within ${TICK_WITHIN_MS} ms: a run waits on itself (still running: ${[...watched.values()].filter((run) => !run.done).map((run) => `${run.name} after ${run.reports} reports`).join(', ') || 'none'})`)), TICK_WITHIN_MS);
  });
  try {
    await Promise.race([server.app.jobs.tick(), stuck]);
    await Promise.race([Promise.all(probing), stuck]);
  } finally {
    clearTimeout(timer);
  }
}

const post = async (url: string, payload: unknown) => {
  const answer = await server.request({ method: 'POST', url, token, payload: payload as Record<string, unknown> });
  expect(answer.statusCode, `${url}: ${answer.body}`).toBeLessThan(300);
  return answer.json<{ data: Record<string, unknown> }>().data;
};

const db = () => server.database.db;

beforeAll(async () => {
  const modules = appModules.map((module) => ({ ...module, jobs: module.jobs.map(watching) }));
  server = await startTestServer({}, { modules });
  await prepareFirstStart(server.database, loadConfig({ ASSOCIA_MODE: 'test' }, { dataDir: server.ctx.config.dataDir }), server.ctx.now());
  // The server's clock stands still from here: only the test moves it.
  const now = server.ctx.now();
  server.ctx.now = () => now;
  // Requests start when a run is announced (the worker's own flow, not the run's: what the run
  // opens is the run's, requests are everyone else's).
  const started = new Set<number>();
  server.ctx.bus.subscribe((event) => {
    if (event.topic !== JOBS_TOPIC) return;
    const payload = event.payload as JobProgress;
    if (payload.state !== 'running' || started.has(payload.id)) return;
    started.add(payload.id);
    probing.push(probeWhile(watchedRun(payload.id, payload.name)));
  });
  const admin = await server.createUser('admin');
  token = (await server.login(admin)).access;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe(`every job kind on the demo organisation (${testEngine})`, () => {
  it('runs past its progress reports to the end while other requests are answered within a second', async () => {
    const now = server.ctx.now();
    // Two stages: the planner reports after each, so its first report comes before its end.
    for (const [name, offset] of [['Primeiro aviso', 0], ['Segundo aviso', 60]] as const) {
      await post('/api/reminder_stages', { name, category: null, offset_days: offset, channel: 'email', active: 1, subject: 'Quotas de {associacao}', body: 'Olá {primeiro_nome}, deve {total}.\n{dividas}' });
    }
    // The scheduled kinds (receipt totals, expiry, the morning's reminders) catch up on the first tick.
    await tickWithin();

    const planned = await post('/api/reminder_decisions/plan', {});
    expect(planned.job).toMatchObject({ name: 'reminders.plan' });
    await tickWithin();
    const approved = await post('/api/reminder_decisions/approve', {});
    expect(approved.job, JSON.stringify(approved)).toMatchObject({ name: 'reminders.send' });

    const stage = await db().selectFrom('reminder_stages').select('_id').orderBy('_id').executeTakeFirstOrThrow();
    const notified = await post(`/api/reminder_stages/${Number(stage._id)}/notify`, { batch_key: 'todos-os-devedores' });
    expect(notified.job, JSON.stringify(notified)).toMatchObject({ name: 'reminders.notify' });
    // A message to every member for the quotas' purpose (a contract: no consent needed), queued by a job past 200.
    const broadcast = await post('/api/members/broadcast', { batch_key: 'a-todos-os-socios', purpose: 'quotas', subject: 'Assembleia geral', body: 'Olá {nome}, a assembleia geral reúne-se em março.' });
    expect(broadcast.job, JSON.stringify(broadcast)).toMatchObject({ name: 'privacy.broadcast' });

    expect((await post('/api/unsettled_payments/generate', { year: lisbonYear(now) + 1 })).job).toMatchObject({ name: 'dues.generate' });

    const members = (await db().selectFrom('members').select('_id').orderBy('_id').limit(201).execute()).map((row) => Number(row._id));
    expect((await post('/api/members/bulk_update', { ids: members, changes: { locality: 'Vila Nova' } })).job).toMatchObject({ name: 'records.bulk' });

    // Receipts for the 250 latest payments without one: the download below then has over 200 documents.
    const latest = await sql<{ date: string }>`
      SELECT p.date FROM payments p LEFT JOIN treasury_doc_payments l ON l.payment = p._id
      WHERE l.doc IS NULL AND p.annulled_at IS NULL ORDER BY p.date DESC LIMIT 1 OFFSET 250`.execute(db());
    const from = String(latest.rows[0]!.date);
    expect((await post('/api/treasury_docs/issue_missing', { from, to: lisbonDay(now) })).job).toMatchObject({ name: 'treasury.receipts.missing' });

    const cards = (await db().selectFrom('membership_cards').select('_id').where('state', '=', 'active').orderBy('_id').limit(201).execute()).map((row) => Number(row._id));
    const printed = await server.request({ method: 'GET', url: `/api/membership_cards?type=ids&ids=${cards.join(',')}`, token });
    expect(printed.statusCode, printed.body).toBe(202);
    await tickWithin();

    // Forty new members from a spreadsheet, in the demo's first category, and the whole export.
    const category = await db().selectFrom('fee_categories').select('name').where('exempt', '=', 0).orderBy('_id').executeTakeFirstOrThrow();
    const lines = Array.from({ length: 40 }, (_, i) => `Importada Número ${i + 1};${category.name};02/01/2026`);
    const uploaded = await upload(server, token, 'socios.csv', Buffer.from(['Nome;Categoria;Data de admissão', ...lines].join('\n')));
    const checked = await check(server, token, uploaded.id, uploaded.mapping);
    expect(checked.summary, JSON.stringify(checked.rows.slice(0, 3))).toMatchObject({ create: 40, error: 0 });
    expect((await post(`/api/imports/${uploaded.id}/commit`, {})).jobId).toEqual(expect.any(Number));
    expect((await post('/api/data_exports', {})).job).toMatchObject({ state: 'queued' });
    await tickWithin();

    const docs = (await db().selectFrom('treasury_docs').select('_id').orderBy('_id').limit(201).execute()).map((row) => Number(row._id));
    expect(docs).toHaveLength(201);
    expect((await server.request({ method: 'POST', url: '/api/treasury_docs/download', token, payload: { ids: docs } })).statusCode).toBe(202);
    await tickWithin();

    // Every kind ran, and every run ended well.
    const kinds = appModules.flatMap((module) => module.jobs.map((job) => job.name));
    expect(new Set([...watched.values()].map((run) => run.name))).toEqual(new Set(kinds));
    const rows = await db().selectFrom('jobs').select(['name', 'state', 'last_error']).execute();
    for (const row of rows) expect(row, `${row.name}: ${row.last_error}`).toMatchObject({ state: 'done' });

    // These report no progress: one statement each (compaction, expiry, balances brought to the
    // day), or nothing to do on the demo (every receipt was drawn after its payment's commit).
    const silent = ['collecting.expire', 'dues.compact_totals', 'dues.balances_today', 'treasury.draw_missing'];
    for (const run of watched.values()) {
      const { name } = run;
      expect(run.done, name).toBe(true);
      if (!silent.includes(name)) expect(run.reports, `${name} reports its progress`).toBeGreaterThan(0);
      expect(run.probes.length, `${name}: requests made meanwhile`).toBeGreaterThan(0);
      for (const probe of run.probes) {
        expect(probe.status, name).toBe(200);
        expect(probe.ms, `${name}: a request took ${Math.round(probe.ms)} ms`).toBeLessThan(ANSWER_WITHIN_MS);
      }
      if (!silent.includes(name)) expect(run.probes.some((probe) => probe.afterReport), `${name}: a request after its first report`).toBe(true);
    }
  }, 400_000);
});
