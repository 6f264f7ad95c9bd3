// `npm run bench`: generates members into a fresh database per engine, starts the real server
// on it, logs in as admin and loads four list queries at concurrency 10 with autocannon.
//   --members=N      members to generate (default 100,000); --large is --members=1000000
//   --seconds=S      load per query (default 5)
//   --engines=a,b    sqlite and/or postgres (postgres needs DATABASE_URL; default: all available)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Engine } from '../src/server/db/database.js';
import { generate, RARE_COUNT, RARE_SURNAME } from './generate.js';
import { measure, type Measurement } from './measure.js';
import { startServer } from './server.js';

const CONNECTIONS = 10;
const PAGE_SIZE = 100;

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

const members = process.argv.includes('--large') ? 1_000_000 : Number(option('members') ?? 100_000);
const seconds = Number(option('seconds') ?? 5);
const databaseUrl = process.env.DATABASE_URL || undefined;
const engines = (option('engines')?.split(',') ?? ['sqlite', 'postgres']).filter(
  (engine): engine is Engine => engine === 'sqlite' || (engine === 'postgres' && databaseUrl !== undefined),
);
if (!Number.isInteger(members) || members < 1000 || !(seconds > 0)) {
  console.error('Usage: npm run bench -- [--members=N (>= 1000) | --large] [--seconds=S] [--engines=sqlite,postgres]');
  process.exit(2);
}

const log = (line: string) => console.log(line);
// Other work on the machine skews latencies; the table says how busy it was before we began.
const loadBefore = os.loadavg()[0]!;

interface Row {
  engine: Engine;
  query: string;
  path: string;
  result: Measurement;
}

/** A throwaway place for one engine's data, removed afterwards. */
async function prepareStorage(engine: Engine) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-bench-'));
  const schema = engine === 'postgres' ? `bench_${randomBytes(5).toString('hex')}` : undefined;
  return {
    dataDir,
    schema,
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
    },
  };
}

async function benchEngine(engine: Engine): Promise<Row[]> {
  log(`\n## ${engine}: generating ${members.toLocaleString('en')} members`);
  const storage = await prepareStorage(engine);
  try {
    const database = await openDatabase({
      dataDir: storage.dataDir,
      databaseUrl: engine === 'postgres' ? databaseUrl : undefined,
      pgSchema: storage.schema,
    });
    const generated = await generate(database, members, log).finally(() => database.close());
    log(`  generated in ${generated.seconds.toFixed(1)} s`);

    const password = randomBytes(12).toString('hex');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ASSOCIA_DATA: storage.dataDir,
      ASSOCIA_MODE: 'production',
      ASSOCIA_ADMIN_PASSWORD: password,
      ASSOCIA_LOG: 'false',
    };
    delete env.DATABASE_URL;
    delete env.ASSOCIA_PG_SCHEMA;
    if (engine === 'postgres') Object.assign(env, { DATABASE_URL: databaseUrl, ASSOCIA_PG_SCHEMA: storage.schema });
    const server = await startServer(env);
    try {
      const login = await fetch(`${server.url}/api/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      if (!login.ok) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
      const { access } = (await login.json()) as { access: string };

      const deepPage = Math.max(1, Math.floor((members * 0.9) / PAGE_SIZE));
      const rareTerm = RARE_SURNAME.slice(0, 8).toLowerCase();
      const queries = [
        { query: 'first page', path: `/api/members?_page=1&_limit=${PAGE_SIZE}` },
        { query: 'first page, list cache bypassed', path: `/api/members?_page=1&_limit=${PAGE_SIZE}`, uncached: true },
        { query: 'deep page', path: `/api/members?_page=${deepPage}&_limit=${PAGE_SIZE}` },
        { query: 'deep page, list cache bypassed', path: `/api/members?_page=${deepPage}&_limit=${PAGE_SIZE}`, uncached: true },
        { query: `filter (state ${generated.filterStateName})`, path: `/api/members?_page=1&_limit=${PAGE_SIZE}&_state=${generated.filterStateId}` },
        { query: 'rare-term search', path: `/api/members?_page=1&_limit=${PAGE_SIZE}&_search=${rareTerm}` },
        { query: 'rare-term search, list cache bypassed', path: `/api/members?_page=1&_limit=${PAGE_SIZE}&_search=${rareTerm}`, uncached: true },
      ];
      // Each query once, checked, before loading it: a fast error page would be a false result.
      for (const q of queries) {
        const response = await fetch(server.url + q.path, { headers: { authorization: `Bearer ${access}` } });
        const body = (await response.json()) as { data?: unknown[]; meta?: { total: number; exact?: boolean } };
        if (!response.ok) throw new Error(`${q.path}: ${response.status} ${JSON.stringify(body)}`);
        const total = body.meta?.total;
        log(`  ${q.query}: ${body.data?.length} rows, meta.total ${total}${body.meta?.exact === false ? ' (estimate)' : ''}`);
        if (q.query === 'rare-term search' && total !== RARE_COUNT) log(`  WARNING: expected ${RARE_COUNT} matches for "${rareTerm}"`);
      }
      const rows: Row[] = [];
      for (const q of queries) {
        const result = await measure(server.url + q.path, access, CONNECTIONS, seconds, 'uncached' in q && q.uncached === true);
        log(`  ${q.query}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, ${Math.round(result.requestsPerSecond)} req/s`);
        rows.push({ engine, ...q, result });
      }
      return rows;
    } finally {
      const code = await server.stop();
      if (code !== 0) log(`  WARNING: server exited with code ${code}`);
    }
  } finally {
    await storage.remove();
  }
}

function table(rows: readonly Row[]): string {
  const header = ['engine', 'query', 'p50 ms', 'p95 ms', 'req/s', 'errors'];
  const body = rows.map((r) => [
    r.engine,
    r.query,
    r.result.p50.toFixed(1),
    r.result.p95.toFixed(1),
    Math.round(r.result.requestsPerSecond).toLocaleString('en'),
    String(r.result.failures),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...body.map(line)].join('\n');
}

if (!databaseUrl && !option('engines')) log('DATABASE_URL is not set: PostgreSQL is skipped.');
const rows: Row[] = [];
for (const engine of engines) rows.push(...(await benchEngine(engine)));
log(`\n${members.toLocaleString('en')} members, ${CONNECTIONS} connections, ${seconds} s per query, ${os.cpus().length} CPUs, load average before start ${loadBefore.toFixed(1)}, Node ${process.version}\n`);
log(table(rows));

const sqliteRow = (query: string) => rows.find((r) => r.engine === 'sqlite' && r.query === query)?.result;
const first = sqliteRow('first page');
const search = sqliteRow('rare-term search');
if (first && search && members === 100_000) {
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  log(`\nTargets at 100,000 members on SQLite:`);
  log(`  first page p50 <= 5 ms: ${first.p50.toFixed(1)} ms, ${verdict(first.p50 <= 5)}`);
  log(`  first page >= 1,000 req/s: ${Math.round(first.requestsPerSecond)}, ${verdict(first.requestsPerSecond >= 1000)}`);
  log(`  rare-term search p50 <= 50 ms: ${search.p50.toFixed(1)} ms, ${verdict(search.p50 <= 50)}`);
}
if (rows.some((r) => r.result.failures > 0)) {
  log('\nSome requests failed: the numbers above are not valid.');
  process.exitCode = 1;
}
