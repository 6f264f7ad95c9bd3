// The bare Fastify route beside the list rows: a process of its own, as the server is, on the same
// database through the same driver, answering each list page with nothing but the page's
// statements (recorded from the server's list code, bare.ts) and the very bytes the server sent
// for it (its JSON, or its brotli form for a row that asks for one). No authentication, no
// parameters read, no records converted, no JSON written: what a list page costs at the least
// over HTTP, so that `x route` says what the product adds to it. With `payments`, it also takes
// POST /bare/payment {member}: the bare payment rows and stored PDF (bare-payment.ts), the
// reference of recording a payment over HTTP (payments.ts).
//   node dist/bench/bench/bare-route.js <routes.json>   (run by bench/run.ts)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { CompiledQuery } from 'kysely';
import { openDatabase, type DatabaseOptions } from '../src/server/db/database.js';
import { openBarePayments } from './bare-payment.js';
import { freePort, startCommand, untilPrinted } from './server.js';

type Parameter = string | number | boolean | null;

/** One page: its statements and the answer the server gave, as bench/run.ts writes them. */
export interface BareRoute {
  statements: { sql: string; parameters: Parameter[] }[];
  /** The answer's bytes, base64. */
  body: string;
  contentEncoding: string | undefined;
}

interface BareRoutes {
  database: DatabaseOptions;
  port: number;
  routes: BareRoute[];
  payments: boolean;
}

/** Said on stdout once the route listens: startBareRoute waits for it. */
const BARE_ROUTE_READY = 'bare route listening';

/** Statements whose parameters survive JSON as they are (list pages' do); others have no bare route. */
export function plainStatements(statements: readonly CompiledQuery[]): BareRoute['statements'] | undefined {
  const plain = (value: unknown): value is Parameter => value === null || ['string', 'number', 'boolean'].includes(typeof value);
  if (!statements.every((s) => s.parameters.every(plain))) return undefined;
  return statements.map((s) => ({ sql: s.sql, parameters: s.parameters as Parameter[] }));
}

/**
 * Starts the bare route on the database in `options` (on SQLite, only once the server has
 * stopped), serving `routes[i]` at `/bare/i` (and bare payments at `/bare/payment` with
 * `payments`), with the node options and environment the server runs with. Answers its base URL and how to stop it.
 */
export async function startBareRoute(database: DatabaseOptions, routes: BareRoute[], payments = false): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-bare-route-'));
  const file = path.join(dir, 'routes.json');
  fs.writeFileSync(file, JSON.stringify({ database, port, routes, payments } satisfies BareRoutes));
  const start = startCommand();
  const child = spawn(process.execPath, [...start.options, fileURLToPath(import.meta.url), file], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...start.env } });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await untilPrinted(child, BARE_ROUTE_READY, 'the bare route');
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main(file: string): Promise<void> {
  const { database: options, port, routes, payments } = JSON.parse(fs.readFileSync(file, 'utf8')) as BareRoutes;
  // One connection to the file at a time on SQLite: the list pages' or the payments'.
  const database = routes.length > 0 ? await openDatabase(options) : undefined;
  const bare = payments ? await openBarePayments(options) : undefined;
  const pages = routes.map((route) => ({
    statements: route.statements.map((s) => CompiledQuery.raw(s.sql, s.parameters)),
    body: Buffer.from(route.body, 'base64'),
    contentEncoding: route.contentEncoding,
  }));
  const app = Fastify({ logger: false });
  app.get<{ Params: { page: string } }>('/bare/:page', async (request, reply) => {
    const page = pages[Number(request.params.page)];
    if (!page) return reply.code(404).send();
    for (const statement of page.statements) await database!.db.executeQuery(statement);
    reply.header('content-type', 'application/json; charset=utf-8');
    if (page.contentEncoding) reply.header('content-encoding', page.contentEncoding);
    return reply.send(page.body);
  });
  if (bare) {
    app.post<{ Body: { member: number } }>('/bare/payment', async (request) => {
      await bare.pay(Number(request.body.member));
      return { ok: true };
    });
  }
  const close = async () => {
    await app.close();
    await database?.close();
    await bare?.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close());
  await app.listen({ port, host: '127.0.0.1' });
  console.log(BARE_ROUTE_READY);
}

// Run as the route's own process (not when run.ts imports startBareRoute).
if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv[2]!);
