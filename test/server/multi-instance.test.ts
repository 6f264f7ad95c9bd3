import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay } from '../../src/core/days.js';
import type { Db } from '../../src/server/db/database.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { multipart, pdfOf } from './member-files/support.js';
import { call, loginOn, type Answer } from './support/http-client.js';
import { startMain, temporaryDataDir, until, type MainOptions, type MainProcess } from './support/main-process.js';
import { startTestServer, testEngine, type TestServer } from './support/server.js';
import { connectSocket, type TestSocket } from './support/ws-client.js';

// Issue 35: several instances of the real server (main.js, each a process with its own data
// directory) on one PostgreSQL database behave as one. Three run for the whole file: a file
// written through one is read through the others, a public rate limit is counted once for all,
// a run of a killed instance is finished by another once its lease ends, no acknowledged write
// is lost when one dies under load, and realtime events and refusals cross instances.
// SQLite allows one process per database: there one instance shows what holds for it alone.

/** Checks of one card from one address per minute (CARD_VERIFY_LIMIT): one more is the refusal. */
const CARD_CHECKS_ALLOWED = 60;
/** A client behind the proxy every instance trusts (ASSOCIA_TRUST_PROXY): the address the limit counts. */
const CLIENT_ADDRESS = '203.0.113.35';
/**
 * What every instance is started with: a job lease short enough for a takeover to be seen in
 * seconds (the heartbeat renews a live run's), the loopback as the trusted proxy (the test is the
 * load balancer, naming the client in X-Forwarded-For) and a cap of two sockets per account.
 */
const INSTANCE_ENV = {
  ASSOCIA_JOBS_TICK: '500',
  ASSOCIA_JOB_LEASE_SECONDS: '6',
  ASSOCIA_JOB_HEARTBEAT_SECONDS: '2',
  ASSOCIA_TRUST_PROXY: '127.0.0.1',
  ASSOCIA_MAX_REALTIME_PER_ACCOUNT: '2',
};

const ok = (answer: Answer, status = 200) => expect(answer.status, answer.bytes.toString('utf8').slice(0, 300)).toBe(status);

/** A phone's photo, small: the server re-encodes it, so what is compared is what it stored. */
const photo = () => sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 120, g: 80, b: 40 } } }).jpeg().toBuffer();

interface Seeded {
  /** The state 'Ativo'. */
  state: number;
  /** A category with no quotas (a card names one). */
  category: number;
}

/** What every instance reads at start: the treasury on, cards valid by years (not by quotas paid), a category. */
async function seedSettings(db: Db, now: number): Promise<Seeded> {
  await ensureReferenceData(db, now, 'association');
  await db.updateTable('settings').set({ value: 'true' }).where('name', '=', 'hasTreasury').execute();
  await db.updateTable('settings').set({ value: 'years' }).where('name', '=', 'cardValidityRule').execute();
  const stamp = new Date(now).toISOString();
  const category = await db.insertInto('fee_categories').values({ name: 'Honorário', exempt: 0, created_at: stamp, updated_at: stamp }).returning('_id').executeTakeFirstOrThrow();
  const state = await db.selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow();
  return { state: Number(state._id), category: Number(category._id) };
}

interface Written {
  receipt: { _id: number };
  card: { _id: number; code: string };
  /** The card PDF's signed address (for the account that asked). */
  cardPdf: string;
  photo: string;
  document: { url: string; bytes: Buffer };
}

/** Through one instance: a payment with its receipt, a card and its PDF, a photo and a PDF document of a member. */
async function writeFiles(on: MainProcess, token: string, { state, category }: Seeded): Promise<Written> {
  const member = await call(on, 'POST', '/api/members', { token, json: { name: 'Marta Partilhada Neves', state, fee_category: category, dues_exempt: true, admission_date: '2020-03-15' } });
  ok(member, 201);
  const memberId = Number(member.body.data._id);
  const raised = await call(on, 'POST', '/api/unsettled_payments/raise', { token, json: { member: memberId, kind: 'quota', year: 2026, amount: 2200, due_date: '2026-01-31', description: 'Quota 2026' } });
  ok(raised);
  const paid = await call(on, 'POST', '/api/payments/record', { token, json: { member: memberId, date: lisbonDay(Date.now()), amount: 2200, method: 'transferencia', debts: [raised.body.data._id] } });
  ok(paid);
  const issued = await call(on, 'POST', '/api/membership_cards/issue', { token, json: { member: memberId } });
  ok(issued);
  const card = issued.body.data as { _id: number; code: string };
  const asked = await call(on, 'GET', `/api/membership_cards/${card._id}`, { token, headers: { accept: 'application/pdf' } });
  ok(asked, 302);
  const upload = async (url: string, filename: string, type: string, bytes: Buffer) => {
    const body = multipart([{ name: 'memberID', value: String(memberId) }, { name: 'file', filename, type, bytes }]);
    const answer = await call(on, 'POST', url, { token, raw: body.payload, headers: body.headers });
    ok(answer, 201);
    return String(answer.body.data.url);
  };
  const documentBytes = pdfOf(3000);
  return {
    receipt: paid.body.data.receipt,
    card,
    cardPdf: String(asked.headers.get('location')),
    photo: await upload('/api/member_photos', 'retrato.jpg', 'image/jpeg', await photo()),
    document: { url: await upload('/api/pdf_documents', 'documento.pdf', 'application/pdf', documentBytes), bytes: documentBytes },
  };
}

/** The four files' bytes as one instance serves them. */
async function readFiles(on: MainProcess, token: string, written: Written): Promise<Record<'receipt' | 'card' | 'photo' | 'document', Buffer>> {
  const read = async (url: string, type: string) => {
    const answer = await call(on, 'GET', url, { token });
    ok(answer);
    expect(answer.headers.get('content-type')).toBe(type);
    return answer.bytes;
  };
  return {
    receipt: await read(`/api/treasury_docs/${written.receipt._id}/pdf`, 'application/pdf'),
    card: await read(written.cardPdf, 'application/pdf'),
    photo: await read(written.photo, 'image/jpeg'),
    document: await read(written.document.url, 'application/pdf'),
  };
}

/** `count` checks of one card from CLIENT_ADDRESS, in turn over `servers`: the statuses, in order. */
async function checkCard(servers: readonly MainProcess[], code: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const answer = await call(servers[i % servers.length]!, 'GET', `/api/membership_cards/verify/${code}`, { headers: { 'x-forwarded-for': CLIENT_ADDRESS } });
    statuses.push(answer.status);
  }
  return statuses;
}

const integrityOf = async (on: MainProcess, token: string) => (await call(on, 'POST', '/api/treasury_docs/verify_integrity', { token, json: {} })).body;

if (testEngine === 'postgres') {
  describe('three instances on one PostgreSQL database', () => {
    /** The quotas of YEAR raised by the run killed midway: each month of a category is a step. */
    const YEAR = 2027;
    const CATEGORIES = 3;
    const PER_CATEGORY = 600;
    const MONTHS = 12;
    /** From the kill to the run done on another instance: the lease (6 s) and the rest of the run, with room for a loaded machine. */
    const FINISHED_WITHIN_MS = 60_000;
    /** Writes under load: this many a second, spread over the instances, for this long; one instance killed halfway. */
    const WRITES_PER_SECOND = 50;
    const LOAD_MS = 10_000;
    /**
     * How long one write may wait for its answer: above 50 a second a loaded machine queues them
     * (10-13 s at worst measured here, with other test runs beside), and a write still queued is
     * not refused. Only the killed instance may fail a write.
     */
    const WRITE_TIMEOUT_MS = 45_000;

    let seeder: TestServer;
    let db: Db;
    let admin: { username: string; password: string };
    let token: string;
    let seeded: Seeded;
    const instances = new Map<string, MainProcess>();
    const dataDirs: string[] = [];
    const sockets: TestSocket[] = [];
    let written: Written;

    const optionsFor = (instanceId: string): MainOptions => {
      const dataDir = temporaryDataDir();
      dataDirs.push(dataDir);
      return { dataDir, databaseUrl: seeder.ctx.config.databaseUrl, pgSchema: seeder.ctx.config.pgSchema, instanceId, env: INSTANCE_ENV };
    };
    const instance = (id: string) => instances.get(id)!;
    const all = () => ['A', 'B', 'C'].map(instance);

    beforeAll(async () => {
      // The database, migrated, and what the servers find at start; the seeder never serves a request.
      seeder = await startTestServer();
      db = seeder.database.db;
      const now = Date.now();
      const stamp = new Date(now).toISOString();
      seeded = await seedSettings(db, now);
      const { state } = seeded;
      admin = await seeder.createUser('admin');
      for (let c = 1; c <= CATEGORIES; c += 1) {
        const category = await db.insertInto('fee_categories').values({ name: `Categoria ${c}`, exempt: 0, created_at: stamp, updated_at: stamp }).returning('_id').executeTakeFirstOrThrow();
        await db.insertInto('fee_schedules').values({ year: YEAR, category: category._id, amount: 500 * c, periodicity: 'monthly', due_day: 8, created_at: stamp, updated_at: stamp }).execute();
        const members = Array.from({ length: PER_CATEGORY }, (_, i) => ({ name: `Sócio ${c}-${i}`, number: c * 100_000 + i, state, fee_category: category._id, created_at: stamp, updated_at: stamp }));
        for (let i = 0; i < members.length; i += 500) await db.insertInto('members').values(members.slice(i, i + 500)).execute();
      }
      for (const [id, running] of await Promise.all(['A', 'B', 'C'].map(async (id) => [id, await startMain(optionsFor(id))] as const))) instances.set(id, running);
      token = await loginOn(instance('A'), admin.username, admin.password);
    }, 90_000);

    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await Promise.all([...instances.values()].map((running) => running.stop()));
      await seeder?.close();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('serves on B and C the receipt, card PDF, photo and document written on A, and each finds the treasury intact', async () => {
      written = await writeFiles(instance('A'), token, seeded);
      const onA = await readFiles(instance('A'), token, written);
      expect(onA.document.equals(written.document.bytes)).toBe(true);
      for (const other of [instance('B'), instance('C')]) {
        const there = await readFiles(other, token, written);
        for (const kind of ['receipt', 'card', 'photo', 'document'] as const) expect(there[kind].equals(onA[kind]), `${kind} on ${other.options.instanceId}`).toBe(true);
      }
      for (const running of all()) expect(await integrityOf(running, token)).toEqual({ data: { ok: true, checked: expect.any(Number) } });
    });

    it('counts card checks from one address once for all instances: the 61st in a minute is refused, whichever instance gets it', async () => {
      const statuses = await checkCard(all(), written.card.code, CARD_CHECKS_ALLOWED + 1);
      expect(statuses.filter((s) => s === 200)).toHaveLength(CARD_CHECKS_ALLOWED);
      expect(statuses.filter((s) => s === 429)).toHaveLength(1);
      expect(statuses.at(-1)).toBe(429);
    });

    it('delivers to a socket on C an event of a change made on A', async () => {
      const socket = await connectSocket(instance('C').base);
      sockets.push(socket);
      const { connectionId } = (await socket.next('handshake')).payload as { connectionId: string };
      ok(await call(instance('C'), 'POST', '/api/websocket/auth', { token, json: { connectionId } }), 204);
      const created = await call(instance('A'), 'POST', '/api/members', { token, json: { name: 'Rui Tempo Real', state: seeded.state, dues_exempt: true } });
      ok(created, 201);
      const event = await socket.next('members changed', 10_000);
      expect(event.payload).toMatchObject({ resource: 'members', action: 'created', id: created.body.data._id });
      socket.close();
    });

    it('refuses with 429 a socket over its account cap when another instance than its own takes the authentication', async () => {
      const editor = await seeder.createUser('editor');
      const editorToken = await loginOn(instance('B'), editor.username, editor.password);
      const held: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const socket = await connectSocket(instance('B').base);
        sockets.push(socket);
        held.push(((await socket.next('handshake')).payload as { connectionId: string }).connectionId);
      }
      // Two sockets is the cap (ASSOCIA_MAX_REALTIME_PER_ACCOUNT): both taken through B, which holds them.
      for (const connectionId of held.slice(0, 2)) ok(await call(instance('B'), 'POST', '/api/websocket/auth', { token: editorToken, json: { connectionId } }), 204);
      const third = await call(instance('A'), 'POST', '/api/websocket/auth', { token: editorToken, json: { connectionId: held[2] } });
      ok(third, 429);
      expect(third.body.message).toBe('Demasiadas ligações em tempo real nesta conta.');
    });

    it("finishes on another instance, within a minute of the kill, the quotas' generation of an instance killed midway", async () => {
      const asked = await call(instance('A'), 'POST', '/api/unsettled_payments/generate', { token, json: { year: YEAR } });
      ok(asked);
      const jobId = Number(asked.body.data.job._id);
      const jobRow = () => db.selectFrom('jobs').selectAll().where('_id', '=', jobId).executeTakeFirstOrThrow();
      let seen: Awaited<ReturnType<typeof jobRow>> | undefined;
      // A third of the year raised: well inside the run.
      const midway = await until(async () => {
        const row = (seen = await jobRow());
        return row.state === 'running' && row.total !== null && row.progress >= row.total / 3 && row.progress < row.total - 1 && row;
      }, () => `the run to be midway (last seen ${JSON.stringify(seen)})`);
      const slot = midway.claimed_by!;
      const killed = instance(slot);
      await killed.crash();
      const killedAt = Date.now();
      // Its replacement starts meanwhile, as an orchestrator would start one, under a name of its
      // own: the same name would take the run back at once (jobs-crash.test.ts), not by the lease.
      const replacement = startMain({ ...killed.options, instanceId: `${slot}2` });

      try {
        const done = await until(async () => {
          const row = (seen = await jobRow());
          return row.state !== 'running' && row.state !== 'queued' && row;
        }, () => `the run to end (last seen ${JSON.stringify(seen)})`, { timeoutMs: FINISHED_WITHIN_MS, everyMs: 100 });
        const tookMs = Date.now() - killedAt;
        expect(done).toMatchObject({ state: 'done', attempts: 2 });
        expect(done.claimed_by).not.toBe(midway.claimed_by);
        expect(tookMs).toBeLessThan(FINISHED_WITHIN_MS);
        const { rows } = await sql<{ debts: number; pairs: number; members: number }>`
          SELECT count(*) AS debts, count(DISTINCT member * 100 + period) AS pairs, count(DISTINCT member) AS members
          FROM unsettled_payments WHERE kind = 'quota' AND year = ${YEAR}`.execute(db);
        const members = CATEGORIES * PER_CATEGORY;
        expect(rows[0]).toEqual({ debts: members * MONTHS, pairs: members * MONTHS, members });
      } finally {
        instances.set(slot, await replacement);
      }
    }, 120_000);

    it('loses no acknowledged write when an instance is killed under load', async () => {
      // Three alive, whatever became of the run's test.
      for (const [id, running] of instances) if (!running.alive()) instances.set(id, await startMain(running.options));
      const victim = instance('B');
      const victimId = victim.options.instanceId!;
      const writes = (WRITES_PER_SECOND * LOAD_MS) / 1000;
      const acknowledged: { id: number; name: string; on: string }[] = [];
      const failures: { on: string; error: string }[] = [];
      const requests: Promise<void>[] = [];
      const startedAt = Date.now();
      let killing: Promise<void> | undefined;
      for (let i = 0; i < writes; i += 1) {
        const wait = startedAt + (i * 1000) / WRITES_PER_SECOND - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (i === writes / 2) killing = victim.crash();
        const on = all()[i % 3]!;
        const instanceId = on.options.instanceId!;
        const name = `Sócio Carga ${i}`;
        requests.push(
          call(on, 'POST', '/api/members', { token, json: { name, state: seeded.state, dues_exempt: true }, timeoutMs: WRITE_TIMEOUT_MS }).then(
            (answer) => {
              if (answer.status === 201) acknowledged.push({ id: Number(answer.body.data._id), name, on: instanceId });
              else failures.push({ on: instanceId, error: `${answer.status} ${answer.bytes.toString('utf8').slice(0, 200)}` });
            },
            (error: unknown) => void failures.push({ on: instanceId, error: String(error) }),
          ),
        );
      }
      await killing;
      await Promise.all(requests);

      // The killed instance acknowledged writes before it died and failed the rest; the others answered every write they got.
      expect(failures.filter((f) => f.on !== victimId)).toEqual([]);
      expect(acknowledged.filter((a) => a.on === victimId).length).toBeGreaterThan(0);
      expect(failures.length).toBeGreaterThan(0);
      const stored = await db.selectFrom('members').select(['_id', 'name']).where('_id', 'in', acknowledged.map((a) => a.id)).execute();
      const lost = acknowledged.filter((a) => !stored.some((s) => Number(s._id) === a.id && s.name === a.name));
      expect(lost).toEqual([]);
    }, LOAD_MS + WRITE_TIMEOUT_MS + 30_000);
  });
} else {
  describe('one instance on SQLite', () => {
    let seeder: TestServer;
    let dataDir: string;
    let admin: { username: string; password: string };
    let seeded: Seeded;
    let running: MainProcess | undefined;

    beforeAll(async () => {
      seeder = await startTestServer();
      dataDir = seeder.ctx.config.dataDir;
      seeded = await seedSettings(seeder.database.db, Date.now());
      admin = await seeder.createUser('admin');
      // The server process needs the file to itself.
      await seeder.app.close();
      await seeder.ctx.bus.close();
      await seeder.database.close();
    });

    afterAll(async () => {
      await running?.stop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('keeps in its data directory the files written before a crash, and counts card checks per process', async () => {
      const options: MainOptions = { dataDir, instanceId: 'A', env: INSTANCE_ENV };
      const first = (running = await startMain(options));
      const token = await loginOn(first, admin.username, admin.password);
      const written = await writeFiles(first, token, seeded);
      const before = await readFiles(first, token, written);
      expect(before.document.equals(written.document.bytes)).toBe(true);
      // The directory store: a file per key under <data>/files (the photo has a thumbnail too).
      const stored = fs.readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      expect(stored.length).toBeGreaterThanOrEqual(5);
      const statuses = await checkCard([first], written.card.code, CARD_CHECKS_ALLOWED + 1);
      expect(statuses.slice(0, CARD_CHECKS_ALLOWED).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      await first.crash();

      const second = (running = await startMain(options));
      const after = await readFiles(second, token, written);
      for (const kind of ['receipt', 'card', 'photo', 'document'] as const) expect(after[kind].equals(before[kind]), kind).toBe(true);
      expect(await integrityOf(second, token)).toEqual({ data: { ok: true, checked: expect.any(Number) } });
      // One process, one count: a new process starts the address's window afresh.
      expect(await checkCard([second], written.card.code, 1)).toEqual([200]);
    }, 60_000);
  });
}
