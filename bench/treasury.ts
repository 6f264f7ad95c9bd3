// The treasury rows, run on their own: `node dist/bench/bench/treasury.js` after compiling
// bench/tsconfig.json (npm run bench does that). What issuing a receipt adds to recording a
// payment (p50, the same request with the treasury off and on, interleaved so a loaded machine
// weighs on both alike), and a zip of 1,000 receipts made end to end as the download job does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { buildApp } from '../src/server/app.js';
import { hashPassword } from '../src/server/auth/passwords.js';
import { loadConfig } from '../src/server/config.js';
import type { ServerContext } from '../src/server/context.js';
import { openDatabase } from '../src/server/db/database.js';
import { createFileStore } from '../src/server/files/create-store.js';
import { migrate } from '../src/server/db/migrate.js';
import { appMigrations } from '../src/server/modules/migrations.js';
import { lisbonDay } from '../src/core/days.js';
import { writeDownloadZip } from '../src/server/modules/treasury/download.js';
import { issueTreasuryDocument } from '../src/server/modules/treasury/issue.js';
import { createBus } from '../src/server/realtime/create-bus.js';
import { ensureReferenceData } from '../src/server/resources/reference-data.js';

const PAYMENTS = 200;
const DOWNLOADED = 1000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-bench-treasury-'));
const config = loadConfig({ ...process.env, ASSOCIA_MODE: 'test' }, { dataDir, databaseUrl: process.env.DATABASE_URL, publicUrl: 'http://associa.bench', smtpUrl: undefined, sentryDsn: undefined, logRequests: false });
const database = await openDatabase(config);
await migrate(database.db, database.engine, appMigrations);
const ctx: ServerContext = { config, database, bus: await createBus(database), files: createFileStore(config, database), now: () => Date.now() };
const app = await buildApp(ctx, {});
await app.ready();
const { db } = database;
const stamp = new Date().toISOString();
await ensureReferenceData(db, Date.now(), 'association');
await db.insertInto('users').values({ username: 'tesoureiro', name: 'Tesoureiro', email: 't@exemplo.pt', role: 'admin', member: null, active: 1, password_hash: await hashPassword('senha-do-banco-1'), created_at: stamp, updated_at: stamp }).execute();
const token = (await app.inject({ method: 'POST', url: '/api/auth', payload: { username: 'tesoureiro', password: 'senha-do-banco-1' } })).json<{ access: string }>().access;
const call = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) => app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const setting = async (name: string, value: string) => db.updateTable('settings').set({ value }).where('name', '=', name).execute();
const state = Number((await db.selectFrom('member_states').select('_id').orderBy('_id').executeTakeFirstOrThrow())._id);
const member = (await call('POST', '/api/members', { name: 'Ana Gonçalves Lopes', state, nif: '234567899', address: 'Rua das Flores, 12' })).json<{ data: { _id: number } }>().data._id;
const today = lisbonDay(Date.now());

const times: Record<'off' | 'on', number[]> = { off: [], on: [] };
for (let i = 0; i < PAYMENTS * 2; i += 1) {
  const mode = i % 2 === 0 ? 'off' : 'on';
  await setting('hasTreasury', mode === 'on' ? 'true' : 'false');
  const started = performance.now();
  const answer = await call('POST', '/api/payments/record', { member, date: today, amount: 1000, method: 'numerario' });
  times[mode].push(performance.now() - started);
  if (answer.statusCode !== 200) throw new Error(`record payment: ${answer.statusCode} ${answer.body}`);
}
const off = median(times.off);
const on = median(times.on);
console.log(`${database.engine}: record a payment p50 ${off.toFixed(1)} ms without receipt, ${on.toFixed(1)} ms with it: the receipt adds ${(on - off).toFixed(1)} ms (target < 20 ms)`);

const ids: number[] = [];
await db.transaction().execute(async (trx) => {
  for (let i = ids.length; i < DOWNLOADED; i += 1) {
    ids.push(Number((await issueTreasuryDocument(trx, ctx, { type: 'quota', payer: { member }, lines: [{ description: 'Quota 2026', amount: 3000 }], issueDate: today, by: null }))._id));
  }
});
for (const inBlocks of [false, true]) {
  const started = performance.now();
  const out = new PassThrough();
  let bytes = 0;
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => ((bytes += chunk.length), done()) });
  const finished = new Promise((resolve) => sink.on('finish', resolve));
  out.pipe(sink);
  await writeDownloadZip(db, ctx, { ids, inBlocks }, out);
  await finished;
  const seconds = (performance.now() - started) / 1000;
  console.log(`${database.engine}: ${DOWNLOADED} receipts ${inBlocks ? 'merged in blocks' : 'zipped one PDF each'}: ${seconds.toFixed(2)} s, ${(bytes / 1e6).toFixed(1)} MB (target < 10 s)`);
}
await app.close();
await database.close?.();
fs.rmSync(dataDir, { recursive: true, force: true });
