import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { JOBS_TOPIC, type JobProgress } from '../../../src/core/contract.js';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { testEngine } from '../support/server.js';
import { admittedToday } from '../support/dues-terms.js';

// Notify many for 1,000 members (issue 28): the job queues one message per member while the
// server keeps answering everyone else. It used to queue them all in one transaction and report
// its progress through another handle, which on SQLite waited for ever for the connection that
// transaction held, and every request with it.

const MEMBERS = 1000;
/** The slowest of every hundred requests made during the job (p99) stays under this. */
const P99_WITHIN_MS = 1000;

let server: ResourceTestServer;
let staff: string;
const now = Date.parse('2026-11-28T10:00:00Z');
const members: number[] = [];

const post = (url: string, body: unknown) => server.json('POST', url, staff, body);

beforeAll(async () => {
  server = await startResourceServer();
  server.ctx.now = () => now;
  staff = (await server.as('editor')).token;
  const active = await server.stateId('Ativo');
  const category = Number((await post('/api/fee_categories', { name: 'Efetivo' })).body.data._id);
  expect((await post('/api/fee_schedules', { year: 2026, category, amount: 1500, periodicity: 'annual', due_day: 31 })).status).toBe(201);
  for (let i = 0; i < MEMBERS; i += 1) {
    const member = await post('/api/members', { name: `Sócio ${i + 1}`, state: active, ...admittedToday(server, category), email: `socio${i + 1}@exemplo.pt` });
    expect(member.status, JSON.stringify(member.body)).toBe(201);
    members.push(Number(member.body.data._id));
  }
  // The year's quota (due 31 January) for all of them at once, by its own job.
  expect((await post('/api/unsettled_payments/generate', { year: 2026 })).status).toBe(200);
  await server.app.jobs.tick();
}, 300_000);
afterAll(async () => {
  await server?.close();
});

/** The q-quantile of `values` (nearest rank). */
const quantile = (values: readonly number[], q: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(q * values.length) - 1)]!;

describe(`notify many: ${MEMBERS} members (${testEngine})`, () => {
  it('queues exactly one message per member while other requests are answered (p99 under a second)', async () => {
    const stage = await post('/api/reminder_stages', {
      name: 'Notificação geral', category: null, offset_days: 1000, channel: 'email', active: 0,
      subject: 'Quotas de {associacao}', body: 'Olá {primeiro_nome}, deve {total}.\n{dividas}',
    });
    expect(stage.status, JSON.stringify(stage.body)).toBe(201);
    const answer = await post(`/api/reminder_stages/${Number(stage.body.data._id)}/notify`, { batch_key: 'mil-socios-0001' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ members: MEMBERS, queued: null, job: { name: 'reminders.notify', state: 'queued' } });

    // Requests others make, one after another, from the job's start until its end.
    const reports: number[] = [];
    const timings: number[] = [];
    let running = false;
    let finished = false;
    let others: Promise<void> | undefined;
    const urls = ['/api/terminology', '/api/members?_limit=20', '/api/messages?_limit=20'];
    const ask = async () => {
      for (let i = 0; !finished; i += 1) {
        const started = performance.now();
        const reply = await server.request({ method: 'GET', url: urls[i % urls.length]!, token: staff });
        timings.push(performance.now() - started);
        expect(reply.statusCode, reply.body).toBe(200);
        // Others ask about every 5 ms (not as fast as the process can: the job shares its CPU
        // with these injected requests, which never leave the process).
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    server.ctx.bus.subscribe((event) => {
      if (event.topic !== JOBS_TOPIC) return;
      const progress = event.payload as JobProgress;
      if (progress.name !== 'reminders.notify') return;
      if (progress.state === 'running') {
        if (progress.progress > 0) reports.push(progress.progress);
        if (!running) others = ask();
        running = true;
      } else finished = true;
    });

    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the notify job did not end within 60 s: it waits on itself')), 60_000);
    });
      try {
      await Promise.race([server.app.jobs.tick(), stuck]);
      finished = true;
      await Promise.race([others, stuck]);
    } finally {
      clearTimeout(timer);
    }

    const job = await server.database.db.selectFrom('jobs').select(['state', 'result', 'progress', 'total']).where('name', '=', 'reminders.notify').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'done', progress: MEMBERS, total: MEMBERS });
    expect(JSON.parse(String(job.result))).toEqual({ queued: MEMBERS, skipped: 0 });
    // Its progress moved while it ran, before its end.
    expect(reports.filter((done) => done < MEMBERS).length).toBeGreaterThan(0);

    // Exactly one message per member, to their own address.
    const perMember = await server.database.db
      .selectFrom('messages')
      .select(['recipient', sql<number>`COUNT(*)`.as('n')])
      .where('dedupe_key', 'like', 'notify:mil-socios-0001:%')
      .groupBy('recipient')
      .execute();
    expect(perMember).toHaveLength(MEMBERS);
    expect(perMember.every((row) => Number(row.n) === 1)).toBe(true);
    expect(new Set(perMember.map((row) => String(row.recipient)))).toEqual(new Set(members.map((_, i) => `socio${i + 1}@exemplo.pt`)));

    expect(timings.length).toBeGreaterThanOrEqual(10);
    const p99 = quantile(timings, 0.99);
    expect(p99, `p99 of ${timings.length} requests during the job: ${Math.round(p99)} ms`).toBeLessThan(P99_WITHIN_MS);
  }, 120_000);
});
