import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { JOBS_TOPIC, type JobProgress } from '../../src/core/contract.js';
import { lisbonDay, lisbonYear } from '../../src/core/days.js';
import { loadConfig } from '../../src/server/config.js';
import { prepareFirstStart } from '../../src/server/seed/first-start.js';
import { startTestServer, testEngine, type TestServer } from './support/server.js';

// Jobs share the server (issue 32): on SQLite the jobs' statements and drawing run on the one
// thread and the one connection every request needs. Five large staff jobs submitted together
// on the demo organisation (receipts for payments without one, a bulk update of every member and
// of 1,000 payments, the print of 300 cards with their letters, next year's quotas, and a bulk
// delete of issued documents) must leave a client reading every 200 ms answered promptly
// throughout; so must the integrity check over all the documents. This measures real latency:
// the reader's clock is the wall clock, not the server's (whose clock the jobs do not read here).

/**
 * How late a read may be answered: from when it was due to its answer. The work is sliced to
 * hold the loop at most ~25 ms at a time (jobs/slices.ts), aiming at 100 ms at most; but on a
 * shared 2-core machine (load average 12 while this was written) the process itself waits for
 * a core for 100-250 ms now and then, and CI has run at half this machine's quiet speed, so the
 * bound is generous. It is still far below what the code before slicing did on the same
 * machine: reads held 2,047 ms by the cards' print with letters, and for the whole verification
 * (1,578 ms over 1,400 documents). The 100 ms goal is measured by the benchmark (loop max ms).
 * Measured on PostgreSQL inside the full server phase (load 3-6 on 2 cores): slowest read
 * 110-160 ms, submissions 55-465 ms; a CI run once failed this test at 750 ms and 1 s (its log
 * did not show which), on a machine whose other phases ran up to 1.65x slower, so the bounds
 * keep about 6x of margin.
 */
const WAIT_WITHIN_MS = 1000;
/** The five submissions go in at once and wait for each other's own work (the letters' addresses checked for 300 cards); before, they also waited for the runs (5.4 s in the issue). */
const SUBMITTED_WITHIN_MS = 2500;
const READ_EVERY_MS = 200;
const PAYMENTS = 1000;
const CARDS = 300;
const DOCS_TO_DELETE = 300;
/** Receipts issued before the measure (the demo has about a hundred documents): for the bulk delete and the verification. */
const RECEIPTS_BEFORE = 1000;

let server: TestServer;
let token: string;
let base: string;
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

interface Answer {
  status: number;
  body: string;
}

/** One request over a real socket, as a browser makes it. */
function call(method: string, path: string, payload?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const request = http.request(
      `${base}${path}`,
      { method, agent, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

interface Timed {
  what: string;
  /** The job running when it was answered: who held it, if it waited. */
  during?: string;
  /** From when it was due (a read) or sent (a submission) to its answer. */
  ms: number;
  status: number;
}

/**
 * Reads every READ_EVERY_MS until `until()` says stop: each read is due at its slot on the wall
 * clock, so a read whose timer fired late (the event loop held) counts that delay too.
 */
async function readEvery(path: string, until: () => Promise<boolean>, reads: Timed[], running: () => string): Promise<void> {
  const start = performance.now();
  for (let slot = 1; ; slot += 1) {
    const due = start + slot * READ_EVERY_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const answer = await call('GET', path);
    reads.push({ what: `read ${slot}`, during: running(), ms: performance.now() - due, status: answer.status });
    if (await until()) return;
  }
}

async function submit(what: string, method: string, path: string, payload?: unknown): Promise<Timed & { body: Record<string, unknown> }> {
  const sent = performance.now();
  const answer = await call(method, path, payload);
  expect([200, 202], `${what}: ${answer.status} ${answer.body.slice(0, 300)}`).toContain(answer.status);
  return { what, ms: performance.now() - sent, status: answer.status, body: (JSON.parse(answer.body) as { data: Record<string, unknown> }).data };
}

const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  // The demo organisation: 1,200 members, years of payments and their receipts, cards.
  await prepareFirstStart(server.database, loadConfig({ ASSOCIA_MODE: 'test' }, { dataDir: server.ctx.config.dataDir }), server.ctx.now());
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  token = (await server.login(await server.createUser('admin'))).access;
}, 120_000);
afterAll(async () => {
  agent.destroy();
  await server?.close();
});

describe(`five large jobs submitted together (${testEngine})`, () => {
  it('leave every read answered within the bound while they run, and the bulk delete of issued documents reports every row refused', async () => {
    const now = server.ctx.now();
    const members = (await db().selectFrom('members').select('_id').orderBy('_id').execute()).map((row) => Number(row._id));
    const payments = (await db().selectFrom('payments').select('_id').where('annulled_at', 'is', null).orderBy('_id').limit(PAYMENTS).execute()).map((row) => Number(row._id));
    const cards = (
      await db()
        .selectFrom('membership_cards as k')
        .innerJoin('members as m', 'm._id', 'k.member')
        .select('k._id')
        .where('k.state', '=', 'active')
        .where('m.address', '<>', '')
        .where('m.postal_code', '<>', '')
        .where('m.locality', '<>', '')
        .orderBy('k._id')
        .limit(CARDS)
        .execute()
    ).map((row) => Number(row._id));
    // Payments without a receipt (most of the demo's): the oldest get theirs before the measure,
    // the latest are the job measured.
    const missing = async (order: 'ASC' | 'DESC', offset: number) =>
      String(
        (
          await sql<{ date: string }>`
            SELECT p.date FROM payments p LEFT JOIN treasury_doc_payments l ON l.payment = p._id
            WHERE l.doc IS NULL AND p.annulled_at IS NULL ORDER BY p.date ${sql.raw(order)} LIMIT 1 OFFSET ${offset}`.execute(db())
        ).rows[0]?.date,
      );
    const before = await submit('receipts before the measure', 'POST', '/api/treasury_docs/issue_missing', { from: await missing('ASC', 0), to: await missing('ASC', RECEIPTS_BEFORE) });
    // The scheduled kinds catch up too (not the jobs measured here); then the worker runs as in
    // production: woken by each submission, one run after another.
    await server.app.jobs.tick();
    expect(await db().selectFrom('jobs').select('state').where('_id', '=', Number((before.body.job as { _id: number })._id)).executeTakeFirstOrThrow()).toEqual({ state: 'done' });
    const latest = await missing('DESC', 300);
    const docs = (await db().selectFrom('treasury_docs').select('_id').orderBy('_id').limit(DOCS_TO_DELETE).execute()).map((row) => Number(row._id));
    expect([payments.length, cards.length, docs.length]).toEqual([PAYMENTS, CARDS, DOCS_TO_DELETE]);
    expect(members.length).toBeGreaterThan(1000);
    server.app.jobs.start(60_000);
    const reads: Timed[] = [];
    const jobIds: number[] = [];
    let submitted = false;
    const allEnded = async () => {
      if (!submitted) return false;
      const open = await db().selectFrom('jobs').select('_id').where('_id', 'in', jobIds).where('state', 'in', ['queued', 'running']).execute();
      return open.length === 0;
    };
    let running = 'none';
    server.ctx.bus.subscribe((event) => {
      if (event.topic !== JOBS_TOPIC) return;
      const payload = event.payload as JobProgress;
      if (payload.state === 'running') running = payload.name;
      else if (payload.name === running) running = 'none';
    });
    const reading = readEvery('/api/terminology', allEnded, reads, () => running);

    const submissions = await Promise.all([
      submit('missing receipts', 'POST', '/api/treasury_docs/issue_missing', { from: latest, to: lisbonDay(now) }),
      submit('members bulk update', 'POST', '/api/members/bulk_update', { ids: members, changes: { locality: 'Vila Nova' } }),
      submit('payments bulk update', 'POST', '/api/payments/bulk_update', { ids: payments, changes: { notes: 'Revisto em lote.' } }),
      submit('cards with letters', 'GET', `/api/membership_cards?type=ids&includeLetters=true&ids=${cards.join(',')}`),
      submit("next year's quotas", 'POST', '/api/unsettled_payments/generate', { year: lisbonYear(now) + 1 }),
      submit('bulk delete of issued documents', 'POST', '/api/treasury_docs/bulk_delete', { ids: docs }),
    ]);
    for (const submission of submissions) jobIds.push(Number((submission.body.job as { _id: number })._id));
    submitted = true;
    await reading;

    // Every run ended well, its progress at its total.
    const runs = await db().selectFrom('jobs').select(['_id', 'name', 'state', 'progress', 'total', 'result', 'last_error']).where('_id', 'in', jobIds).orderBy('_id').execute();
    for (const run of runs) {
      expect(run, `${run.name}: ${run.last_error}`).toMatchObject({ state: 'done' });
      expect(Number(run.progress), `${run.name} ends at its total`).toBe(Number(run.total));
    }
    const deleted = runs.find((run) => Number(run._id) === jobIds[5])!;
    const result = JSON.parse(String(deleted.result)) as { done: number; refused: number; reasons: { message: string; rows: number }[] };
    expect(result).toMatchObject({ done: 0, refused: DOCS_TO_DELETE, reasons: [{ message: 'Um documento emitido não pode ser alterado nem apagado: anule-o, o que emite uma nota de anulação.', rows: DOCS_TO_DELETE }] });
    expect(await db().selectFrom('treasury_docs').select('_id').where('_id', 'in', docs).execute()).toHaveLength(DOCS_TO_DELETE);
    const updated = await db().selectFrom('members').select(sql<number>`count(*)`.as('n')).where('locality', '=', 'Vila Nova').executeTakeFirstOrThrow();
    expect(Number(updated.n)).toBe(members.length);

    // Nobody waited: not the staff submitting, not the reader.
    for (const one of submissions) expect(one.ms, `${one.what} answered in`).toBeLessThan(SUBMITTED_WITHIN_MS);
    expect(reads.length, 'reads made while the jobs ran').toBeGreaterThan(10);
    for (const read of reads) expect(read.status, read.what).toBe(200);
    const slowest = reads.reduce((worst, one) => (one.ms > worst.ms ? one : worst));
    const late = reads.filter((one) => one.ms > 100).map((one) => `${one.what} ${Math.round(one.ms)} ms during ${one.during}`);
    expect(slowest.ms, `${slowest.what} waited ${Math.round(slowest.ms)} ms (reads: ${reads.length}; over 100 ms: ${late.join(', ') || 'none'})`).toBeLessThan(WAIT_WITHIN_MS);
    // 31 s alone and 46 s inside the full PostgreSQL phase, here: room for a machine twice as slow.
  }, 240_000);

  it("verifies the treasury's integrity over thousands of documents while every read is answered within the bound, with the same answer", async () => {
    const documents = Number((await db().selectFrom('treasury_docs').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    expect(documents).toBeGreaterThan(RECEIPTS_BEFORE);
    const reads: Timed[] = [];
    let ended = false;
    const reading = readEvery('/api/terminology', async () => ended, reads, () => 'verify_integrity');
    const sent = performance.now();
    const verified = await call('POST', '/api/treasury_docs/verify_integrity', {});
    const took = performance.now() - sent;
    ended = true;
    await reading;
    expect(verified.status, verified.body).toBe(200);
    expect(JSON.parse(verified.body)).toEqual({ data: { ok: true, checked: documents } });
    // It took long enough for reads to come in meanwhile, and none of them waited for it.
    expect(reads.length, `verification took ${Math.round(took)} ms`).toBeGreaterThan(1);
    const slowest = reads.reduce((worst, one) => (one.ms > worst.ms ? one : worst));
    expect(slowest.ms, `${slowest.what} waited ${Math.round(slowest.ms)} ms while ${documents} documents were verified in ${Math.round(took)} ms`).toBeLessThan(WAIT_WITHIN_MS);
  }, 60_000);
});
