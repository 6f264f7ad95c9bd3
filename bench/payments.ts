// Recording a payment with its receipt, through the real server and bare, on its own:
//   npx tsc -p bench/tsconfig.json && node dist/bench/bench/payments.js [--members=N] [--seconds=S] [--engines=sqlite,postgres]
// (npm run bench compiles the same way). Per engine: --members members with seven years of dues
// (bench/ledger.ts), the treasury on (a receipt with every payment), then POST
// /api/payments/record at 1 and 10 connections; after the server stops, the same rows written
// bare on the same database (bare-payment.ts), one transaction per payment, at 1 and 10 at once:
// behind a bare Fastify route loaded as the server was (what HTTP alone costs), then in process.
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database, type DatabaseOptions, type Engine } from '../src/server/db/database.js';
import { lisbonDay } from '../src/core/days.js';
import { generate } from './generate.js';
import { openBarePayments } from './bare-payment.js';
import { startBareRoute } from './bare-route.js';
import { measure, type Measurement } from './measure.js';
import { startServer, untilJobsIdle } from './server.js';
import { prepareStorage } from './storage.js';

export interface BareTimes {
  /** Median ms of one payment's rows (1 at a time), and payments a second at `connections` at once. */
  p50: number;
  perSecond: number;
  payments: number;
}

/** The machine's busy cores during a load, as the payment lines show it. */
const busy = (m: Measurement) => (m.busyCores === undefined ? '' : `, ${m.busyCores.toFixed(2)} of ${os.cpus().length} cores busy`);

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The bare payment rows (bare-payment.ts), `connections` payments at once for `seconds`. Answers
 * the median time of one payment and the payments a second.
 */
export async function timeBarePayments(options: DatabaseOptions, owing: readonly number[], connections: number, seconds: number): Promise<BareTimes> {
  const bare = await openBarePayments(options);
  let paid = 0;
  try {
    const times: number[] = [];
    const began = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() - began < seconds * 1000) {
          const member = owing[(paid++ * 7919) % owing.length]!;
          const started = performance.now();
          await bare.pay(member);
          times.push(performance.now() - started);
        }
      }),
    );
    const elapsed = (performance.now() - began) / 1000;
    return { p50: median(times), perSecond: times.length / elapsed, payments: times.length };
  } finally {
    await bare.close();
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
    // The same rows behind a bare Fastify route in a process of its own, loaded as the server was.
    const route = await startBareRoute(options, [], true);
    const routed: Record<number, Measurement> = {};
    try {
      for (const connections of [1, 10]) routed[connections] = await measure(`${route.url}/bare/payment`, 'bare', connections, seconds, false, (sequence) => ({ member: owing[((sequence + connections * 2_000_000) * 7919) % owing.length] }));
    } finally {
      await route.stop();
    }
    for (const connections of [1, 10]) {
      const bare = await timeBarePayments(options, owing, connections, seconds);
      const s = served[connections]!;
      const r = routed[connections]!;
      const msEach = 1000 / s.requestsPerSecond;
      const bareEach = 1000 / bare.perSecond;
      const routeEach = 1000 / r.requestsPerSecond;
      log(
        `  ${engine} record a payment with its receipt, ${connections} connection${connections > 1 ? 's' : ''}: server p50 ${s.p50.toFixed(1)} ms, ${Math.round(s.requestsPerSecond)}/s (${msEach.toFixed(2)} ms each, ${s.failures} failures${busy(s)}); ` +
          `bare rows + one stored PDF p50 ${bare.p50.toFixed(2)} ms, ${Math.round(bare.perSecond)}/s (${bareEach.toFixed(2)} ms each); ratio ${(msEach / bareEach).toFixed(1)}x; ` +
          `the same behind a bare route p50 ${r.p50.toFixed(1)} ms, ${Math.round(r.requestsPerSecond)}/s (${routeEach.toFixed(2)} ms each, ${r.failures} failures${busy(r)}); x route ${(msEach / routeEach).toFixed(1)}x`,
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
