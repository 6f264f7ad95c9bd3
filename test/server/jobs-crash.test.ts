import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../src/server/db/database.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { startMain, until, type MainProcess } from './support/main-process.js';
import { startTestServer, testEngine, type TestServer, type TestUser } from './support/server.js';

// Issue 31, as the treasurer lived it: the real server (main.js in a process of its own) is
// killed with SIGKILL while it raises a year's quotas, and started again on the same data
// directory and database. The restarted server takes the run back at once, not when the run's
// lease ends (set long here, five minutes, so waiting for it could not pass), and the year ends
// with exactly one debt per member and month. Another instance taking over a dead one's run once
// its lease ends is multi-instance.test.ts's.

const YEAR = 2027;
const CATEGORIES = 3;
/**
 * Members per category: each month of each category is one INSERT of this many debts, a step of
 * the run, long enough to be seen midway (PostgreSQL writes them about three times slower here).
 */
const PER_CATEGORY = testEngine === 'postgres' ? 600 : 2000;
const MEMBERS = CATEGORIES * PER_CATEGORY;
const MONTHS = 12;
/** The lease the servers run with (ASSOCIA_JOB_LEASE_SECONDS; 30 s by default): long, so "at once" cannot be the lease running out. */
const LEASE_SECONDS = 300;
/**
 * Far below the lease: the run cannot have waited for it. Measured at the claim (the second
 * attempt's start), not at the end, so a loaded machine's slower generation does not decide the test.
 */
const TAKEN_BACK_WITHIN_MS = 30_000;

let server: TestServer;
let admin: TestUser;
let jobId: number;

/** `node main.js` on the test server's data directory and database, with the long lease. */
const startServer = (): Promise<MainProcess> =>
  startMain({ dataDir: server.ctx.config.dataDir, databaseUrl: server.ctx.config.databaseUrl, pgSchema: server.ctx.config.pgSchema, env: { ASSOCIA_JOB_LEASE_SECONDS: String(LEASE_SECONDS) } });

interface JobRow {
  state: string;
  attempts: number;
  progress: number;
  total: number | null;
  started_at: string | null;
  finished_at: string | null;
}

async function tokenFor(running: MainProcess): Promise<string> {
  const answer = await fetch(`${running.base}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: admin.username, password: admin.password }) });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access: string }).access;
}

async function jobOf(running: MainProcess, token: string): Promise<JobRow> {
  const answer = await fetch(`${running.base}/api/jobs/${jobId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: JobRow }).data;
}

/** The database while no server process holds it (SQLite allows one process at a time). */
async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  if (testEngine === 'postgres') return work(server.database.db);
  const database = await openDatabase(server.ctx.config);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const debtsOfYear = (db: Db) =>
  sql<{ debts: number; pairs: number; members: number }>`
    SELECT count(*) AS debts, count(DISTINCT member * 100 + period) AS pairs, count(DISTINCT member) AS members
    FROM unsettled_payments WHERE kind = 'quota' AND year = ${YEAR}
  `
    .execute(db)
    .then(({ rows }) => ({ debts: Number(rows[0]!.debts), pairs: Number(rows[0]!.pairs), members: Number(rows[0]!.members) }));

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  const now = Date.now();
  const stamp = new Date(now).toISOString();
  await ensureReferenceData(db, now, 'association');
  admin = await server.createUser('admin');
  const state = await db.selectFrom('member_states').select('_id').where('marksEnd', '=', 0).orderBy('_id').limit(1).executeTakeFirstOrThrow();
  for (let c = 1; c <= CATEGORIES; c += 1) {
    const category = await db.insertInto('fee_categories').values({ name: `Categoria ${c}`, exempt: 0, created_at: stamp, updated_at: stamp }).returning('_id').executeTakeFirstOrThrow();
    await db.insertInto('fee_schedules').values({ year: YEAR, category: category._id, amount: 500 * c, periodicity: 'monthly', due_day: 8, created_at: stamp, updated_at: stamp }).execute();
    const members = Array.from({ length: PER_CATEGORY }, (_, i) => ({ name: `Sócio ${c}-${i}`, number: c * 100_000 + i, state: state._id, fee_category: category._id, created_at: stamp, updated_at: stamp }));
    for (let i = 0; i < members.length; i += 500) await db.insertInto('members').values(members.slice(i, i + 500)).execute();
  }
  // As POST /api/unsettled_payments/generate queues it.
  const job = await server.app.jobs.enqueue(db, { name: 'dues.generate', key: `dues.generate:${YEAR}:crash`, payload: { year: YEAR }, requestedBy: admin.id });
  jobId = job._id;
  // On SQLite the server processes need the file to themselves.
  if (testEngine === 'sqlite') {
    await server.app.close();
    await server.ctx.bus.close();
    await server.database.close();
  }
}, 120_000);

afterAll(async () => {
  if (!server) return;
  if (testEngine === 'sqlite') fs.rmSync(server.ctx.config.dataDir, { recursive: true, force: true });
  else await server.close();
});

describe(`a server killed during the quotas' generation (${testEngine})`, () => {
  it('takes the run back as soon as it restarts and finishes the year with one debt per member and month', async () => {
    const first = await startServer();
    const firstToken = await tokenFor(first);
    // Midway: some months raised, not all.
    let seen: JobRow | undefined;
    const midway = await until(async () => {
      const row = (seen = await jobOf(first, firstToken));
      return row.state === 'running' && row.total !== null && row.progress > 0 && row.progress < row.total - 1 && row;
    }, () => `the run to be midway (last seen ${JSON.stringify(seen)})`, { running: first });
    await first.crash();

    const left = await withDatabase(async (db) => ({
      job: await db.selectFrom('jobs').selectAll().where('_id', '=', jobId).executeTakeFirstOrThrow(),
      year: await debtsOfYear(db),
    }));
    expect(left.job).toMatchObject({ state: 'running', attempts: 1, finished_at: null });
    expect(left.job.progress).toBeGreaterThanOrEqual(midway.progress);
    expect(Date.parse(left.job.lease_until!)).toBeGreaterThan(Date.now() + 4 * 60_000);
    // A half-generated year: the treasurer's situation.
    expect(left.year.debts).toBeGreaterThan(0);
    expect(left.year.debts).toBeLessThan(MEMBERS * MONTHS);

    const restartedAt = Date.now();
    const second = await startServer();
    const secondToken = await tokenFor(second);
    const done = await until(async () => {
      const row = (seen = await jobOf(second, secondToken));
      return row.state !== 'running' && row.state !== 'queued' && row;
    }, () => `the run to end (last seen ${JSON.stringify(seen)})`, { running: second });
    expect(done).toMatchObject({ state: 'done', attempts: 2 });
    expect(Date.parse(done.started_at!) - restartedAt).toBeLessThan(TAKEN_BACK_WITHIN_MS);
    expect(await second.stop()).toBe(0);

    const year = await withDatabase(debtsOfYear);
    expect(year).toEqual({ debts: MEMBERS * MONTHS, pairs: MEMBERS * MONTHS, members: MEMBERS });
  }, 150_000);
});
