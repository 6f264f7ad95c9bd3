// Recording a payment with its receipt, through the real server and bare, on its own:
//   npx tsc -p bench/tsconfig.json && node dist/bench/bench/payments.js [--members=N] [--seconds=S] [--engines=sqlite,postgres]
// (npm run bench compiles the same way). Per engine: --members members with seven years of dues
// (bench/ledger.ts), the treasury on (a receipt with every payment), then POST
// /api/payments/record at 1 and 10 connections; after the server stops, the same rows written
// bare on the same database, one transaction per payment, at 1 and 10 at once: the payment, its
// allocation to the member's oldest owing debt, the debt, the payment's allocated sum, the
// member's balance, the receipt totals, the series' next number, the receipt (its snapshot) and
// its link, then, after the commit, one PDF of a receipt's size stored and recorded on it.
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type Database, type DatabaseOptions, type Engine } from '../src/server/db/database.js';
import { createFileStore } from '../src/server/files/create-store.js';
import { lisbonDay } from '../src/core/days.js';
import { renderTreasuryDocs } from '../src/server/modules/treasury/pdf/render.js';
import type { TreasuryDocSnapshot } from '../src/server/modules/treasury/types.js';
import { generate } from './generate.js';
import { measure, type Measurement } from './measure.js';
import { startServer, untilJobsIdle } from './server.js';
import { prepareStorage } from './storage.js';

export interface BareTimes {
  /** Median ms of one payment's rows (1 at a time), and payments a second at `connections` at once. */
  p50: number;
  perSecond: number;
  payments: number;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A statement written once with `?` placeholders, as each engine numbers them. */
function statement(engine: Engine, text: string): (parameters: readonly unknown[]) => CompiledQuery {
  let n = 0;
  const own = engine === 'postgres' ? text.replace(/\?/g, () => `$${(n += 1)}`) : text;
  return (parameters) => CompiledQuery.raw(own, [...parameters]);
}

/** A receipt's snapshot as issuing stores it (its size and shape), numbered `number`. */
const snapshotOf = (number: string, member: number, today: string): TreasuryDocSnapshot => ({
  number,
  type: 'quota',
  issueDate: today,
  issuer: { name: 'Associação Cultural e Recreativa de Exemplo', nif: '501234567', address: 'Rua das Flores, 12, 1200-192 Lisboa', logo: null },
  payer: { name: `Sócio ${member}`, nif: '234567899', address: 'Avenida da Liberdade, 100, 3.º esq., 1250-146 Lisboa', membership: `Sócio n.º ${member}` },
  lines: [{ description: 'Quota 2026', amount: 3000 }],
  total: 3000,
  vatWording: 'Isento de IVA ao abrigo do artigo 9.º do CIVA.',
  wording: null,
  annuls: null,
  paymentMethod: 'Transferência',
});

/**
 * The rows one recorded payment writes, bare: fixed statements, no checks beyond finding the debt
 * to pay, `connections` payments at once for `seconds`. Answers the median time of one payment
 * and the payments a second.
 */
export async function timeBarePayments(options: DatabaseOptions & { dataDir: string }, owing: readonly number[], connections: number, seconds: number): Promise<BareTimes> {
  const database = await openDatabase(options);
  const config = loadConfig({ ...process.env, ASSOCIA_MODE: 'test' }, { dataDir: options.dataDir, databaseUrl: options.databaseUrl, pgSchema: options.pgSchema, publicUrl: 'http://bench', smtpUrl: undefined, sentryDsn: undefined, logRequests: false });
  const files = createFileStore(config, database);
  const { db, engine } = database;
  const today = lisbonDay(Date.now());
  const year = Number(today.slice(0, 4));
  const stamp = () => new Date().toISOString();
  const pdf = await renderTreasuryDocs([snapshotOf(`R ${year}/1`, 1, today)], 'Recibo');
  const q = {
    payment: statement(engine, 'INSERT INTO payments (member, household, date, amount, allocated, method, reference, notes, recorded_by, external_id, created_at, updated_at, _version) VALUES (?, NULL, ?, ?, 0, ?, NULL, NULL, NULL, NULL, ?, ?, 1) RETURNING _id'),
    debt: statement(engine, "SELECT _id, amount, paid, year FROM unsettled_payments WHERE member = ? AND status IN ('open', 'partial') ORDER BY due_date, _id LIMIT 1"),
    allocation: statement(engine, 'INSERT INTO payment_allocations (payment, debt, member, amount, created_at, updated_at, _version) VALUES (?, ?, ?, ?, ?, ?, 1)'),
    settle: statement(engine, 'UPDATE unsettled_payments SET paid = ?, status = ?, updated_at = ?, _version = _version + 1 WHERE _id = ?'),
    allocated: statement(engine, 'UPDATE payments SET allocated = ?, updated_at = ?, _version = _version + 1 WHERE _id = ?'),
    totals: statement(engine, 'INSERT INTO receipt_totals (basis, debt_year, method, date, counts_from, amount) VALUES (?, ?, ?, ?, ?, ?)'),
    balance: statement(engine, 'UPDATE member_balances SET open_total = open_total - ?, updated_at = ?, _version = _version + 1 WHERE member = ?'),
    series: statement(engine, "UPDATE treasury_series SET last_number = last_number + 1 WHERE type = 'quota' AND year = ? RETURNING _id, last_number, last_hash"),
    doc: statement(
      engine,
      'INSERT INTO treasury_docs (number, type, series, sequence, issue_date, member, contact, payer_name, payer_nif, payer_address, lines, total, vat_wording, snapshot, file, pdf_sha256, chain_version, prev_hash, hash, status, issued_by, created_at, updated_at, _version) ' +
        "VALUES (?, 'quota', ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, 2, ?, ?, NULL, NULL, ?, ?, 1) RETURNING _id",
    ),
    lastHash: statement(engine, 'UPDATE treasury_series SET last_hash = ? WHERE _id = ?'),
    link: statement(engine, 'INSERT INTO treasury_doc_payments (doc, payment) VALUES (?, ?)'),
    file: statement(engine, "INSERT INTO files (created_at, updated_at, _version, original_name, content_type, size, sha256, storage_key, uploaded_by_kind, uploaded_by) VALUES (?, ?, 1, ?, 'application/pdf', ?, ?, ?, 'user', 0) RETURNING _id"),
    drawn: statement(engine, 'UPDATE treasury_docs SET file = ?, pdf_sha256 = ? WHERE _id = ? AND file IS NULL'),
  };
  const hash = 'a'.repeat(64);
  let paid = 0;
  const onePayment = async (member: number) => {
    const at = stamp();
    const doc = await db.transaction().execute(async (trx) => {
      const run = <R>(query: CompiledQuery) => trx.executeQuery<R>(query);
      const payment = (await run<{ _id: number }>(q.payment([member, today, 3000, 'transferencia', at, at]))).rows[0]!._id;
      await run(q.totals(['cash', null, 'transferencia', today, today, 3000]));
      const debt = (await run<{ _id: number; amount: number; paid: number; year: number }>(q.debt([member]))).rows[0];
      if (debt) {
        const amount = Math.min(3000, Number(debt.amount) - Number(debt.paid));
        await run(q.allocation([payment, debt._id, member, amount, at, at]));
        await run(q.settle([Number(debt.paid) + amount, Number(debt.paid) + amount >= Number(debt.amount) ? 'paid' : 'partial', at, debt._id]));
        await run(q.totals(['accrual', debt.year, 'transferencia', today, today, amount]));
        await run(q.allocated([amount, at, payment]));
        await run(q.balance([amount, at, member]));
      }
      const series = (await run<{ _id: number; last_number: number; last_hash: string | null }>(q.series([year]))).rows[0]!;
      const number = `RB ${year}/${series.last_number}`;
      const snapshot = snapshotOf(number, member, today);
      const id = (
        await run<{ _id: number }>(
          q.doc([number, series._id, series.last_number, today, member, snapshot.payer.name, snapshot.payer.nif, snapshot.payer.address, JSON.stringify(snapshot.lines), 3000, snapshot.vatWording, JSON.stringify(snapshot), series.last_hash, hash, at, at]),
        )
      ).rows[0]!._id;
      await run(q.lastHash([hash, series._id]));
      await run(q.link([id, payment]));
      return id;
    });
    const key = await files.write(pdf);
    await db.transaction().execute(async (trx) => {
      const file = (await trx.executeQuery<{ _id: number }>(q.file([at, at, 'recibo.pdf', pdf.length, hash, key]))).rows[0]!._id;
      await trx.executeQuery(q.drawn([file, hash, doc]));
    });
  };
  try {
    // The bare payments get a series of their own ('RB'), so their numbers never meet the server's.
    await db.executeQuery(statement(engine, "INSERT INTO treasury_series (type, year, prefix, last_number, last_hash) VALUES ('quota', ?, 'RB', 0, NULL) ON CONFLICT (type, year) DO NOTHING")([year]));
    const times: number[] = [];
    const began = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() - began < seconds * 1000) {
          const member = owing[(paid++ * 7919) % owing.length]!;
          const started = performance.now();
          await onePayment(member);
          times.push(performance.now() - started);
        }
      }),
    );
    const elapsed = (performance.now() - began) / 1000;
    return { p50: median(times), perSecond: times.length / elapsed, payments: times.length };
  } finally {
    await database.close();
  }
}

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

/** The server's payment rows beside the bare ones, on one engine. */
async function benchEngine(engine: Engine, members: number, seconds: number, databaseUrl: string | undefined, log: (line: string) => void): Promise<void> {
  const storage = prepareStorage(engine, databaseUrl, 'associa-bench-payments-');
  const { dataDir, schema } = storage;
  const options = { dataDir, databaseUrl: engine === 'postgres' ? databaseUrl : undefined, pgSchema: schema };
  try {
    let database: Database = await openDatabase(options);
    let owing: number[];
    try {
      const generated = await generate(database, members, log, { ledger: true });
      owing = generated.ledger!.owing;
      const stamp = new Date().toISOString();
      for (const [name, value] of [['hasTreasury', 'true'], ['treasuryAutoIssue', 'true']] as const) {
        await database.db.insertInto('settings').values({ name, value, created_at: stamp, updated_at: stamp }).onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: stamp })).execute();
      }
    } finally {
      await database.close();
    }
    log(`  ${engine}: ${members.toLocaleString('en')} members, ${owing.length.toLocaleString('en')} owing`);

    const password = randomBytes(12).toString('hex');
    const env: NodeJS.ProcessEnv = { ...process.env, ASSOCIA_DATA: dataDir, ASSOCIA_MODE: 'production', ASSOCIA_ADMIN_PASSWORD: password, ASSOCIA_LOG: 'false' };
    delete env.DATABASE_URL;
    delete env.ASSOCIA_PG_SCHEMA;
    if (engine === 'postgres') Object.assign(env, { DATABASE_URL: databaseUrl, ASSOCIA_PG_SCHEMA: schema });
    const server = await startServer(env);
    const served: Record<number, Measurement> = {};
    try {
      const login = await fetch(`${server.url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
      if (!login.ok) throw new Error(`admin login failed: ${login.status}`);
      const { access } = (await login.json()) as { access: string };
      const today = lisbonDay(Date.now());
      const pay = (offset: number) => (sequence: number) => ({ member: owing[((sequence + offset) * 7919) % owing.length], date: today, amount: 3000, method: 'transferencia' });
      await untilJobsIdle(server, access, log, 120_000);
      const first = await fetch(`${server.url}/api/payments/record`, { method: 'POST', headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' }, body: JSON.stringify(pay(0)(0)) });
      const answer = (await first.json()) as { data?: { receipt?: { number?: string } | null } };
      if (!first.ok || !answer.data?.receipt?.number) throw new Error(`record a payment: ${first.status} ${JSON.stringify(answer).slice(0, 300)}`);
      for (const connections of [1, 10]) {
        served[connections] = await measure(`${server.url}/api/payments/record`, access, connections, seconds, false, pay(connections * 1_000_000));
      }
      // autocannon stops at its duration with requests still in flight, which a stop would cut
      // between their commit and their receipt's drawing: they get two seconds to end first.
      await new Promise((resolve) => setTimeout(resolve, 2000));
    } finally {
      const code = await server.stop();
      if (code !== 0) log(`  WARNING: server exited with code ${code}`);
    }
    database = await openDatabase(options);
    try {
      const undrawn = await database.db.selectFrom('treasury_docs').select((eb) => eb.fn.countAll().as('n')).where('file', 'is', null).executeTakeFirstOrThrow();
      if (Number(undrawn.n) > 0) log(`  WARNING: ${String(undrawn.n)} receipts left without their PDF`);
    } finally {
      await database.close();
    }
    for (const connections of [1, 10]) {
      const bare = await timeBarePayments(options, owing, connections, seconds);
      const s = served[connections]!;
      const msEach = 1000 / s.requestsPerSecond;
      const bareEach = 1000 / bare.perSecond;
      log(
        `  ${engine} record a payment with its receipt, ${connections} connection${connections > 1 ? 's' : ''}: server p50 ${s.p50.toFixed(1)} ms, ${Math.round(s.requestsPerSecond)}/s (${msEach.toFixed(2)} ms each, ${s.failures} failures); ` +
          `bare rows + one stored PDF p50 ${bare.p50.toFixed(2)} ms, ${Math.round(bare.perSecond)}/s (${bareEach.toFixed(2)} ms each); ratio ${(msEach / bareEach).toFixed(1)}x`,
      );
    }
  } finally {
    await storage.remove();
  }
}

// Run as a script (not when run.ts imports timeBarePayments).
if (process.argv[1]?.endsWith(`${path.sep}payments.js`)) {
  const members = Number(option('members') ?? 100_000);
  const seconds = Number(option('seconds') ?? 5);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const engines = (option('engines')?.split(',') ?? ['sqlite', 'postgres']).filter((e): e is Engine => e === 'sqlite' || (e === 'postgres' && databaseUrl !== undefined));
  const log = (line: string) => console.log(line);
  log(`Recording payments with their receipts, ${members.toLocaleString('en')} members, ${seconds} s a row, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`);
  for (const engine of engines) await benchEngine(engine, members, seconds, databaseUrl, log);
}
