// The CSV export alone, beside its bare reference (bench/exports.ts), without the load rows of
// run.ts: members generated (no dues), the real server started on them, the export read to its
// last byte `--runs` times, the server's peak memory, then the bare statement on the same data.
//   node dist/bench/bench/export-run.js --members=N [--engines=sqlite,postgres] [--runs=3]
//     [--encodings=identity,br] [--keep=DIR]
// --keep=DIR keeps the generated data in DIR (and, on PostgreSQL, in the schema DIR names) and
// reuses it on the next run, so a change to the server can be measured on the same data without
// generating it again. PostgreSQL needs DATABASE_URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseOptions, type Engine } from '../src/server/db/database.js';
import { generate } from './generate.js';
import { startServer } from './server.js';
import { timeBareExport, timeServerExport, type ExportTimes } from './exports.js';
import { prepareStorage } from './storage.js';

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

const members = Number(option('members') ?? 20_000);
const runs = Number(option('runs') ?? 3);
const encodings = option('encodings')?.split(',') ?? ['identity'];
const keep = option('keep');
const databaseUrl = process.env.DATABASE_URL || undefined;
const engines = (option('engines')?.split(',') ?? ['sqlite', 'postgres']).filter((e): e is Engine => e === 'sqlite' || (e === 'postgres' && databaseUrl !== undefined));
if (!Number.isInteger(members) || members < 1000 || !Number.isInteger(runs) || runs < 1) {
  console.error('Usage: export-run.js --members=N (>= 1000) [--engines=sqlite,postgres] [--runs=3] [--encodings=identity,br] [--keep=DIR]');
  process.exit(2);
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The kept data of one engine: its directory, schema and the administrator's password, made once. */
function keptStorage(engine: Engine, dir: string) {
  const dataDir = path.join(dir, engine);
  fs.mkdirSync(dataDir, { recursive: true });
  const passwordFile = path.join(dataDir, 'bench-admin-password.txt');
  const fresh = !fs.existsSync(passwordFile);
  const password = fresh ? randomBytes(12).toString('hex') : fs.readFileSync(passwordFile, 'utf8');
  const schema = engine === 'postgres' ? `bench_keep_${path.basename(dir).replace(/[^a-z0-9_]/gi, '_').toLowerCase()}` : undefined;
  return { dataDir, schema, password, fresh, done: () => fs.writeFileSync(passwordFile, password), remove: async () => {} };
}

/** The server this process started (its only child). */
function serverPid(): number {
  const children = fs
    .readdirSync('/proc/self/task')
    .flatMap((task) => fs.readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/))
    .filter(Boolean);
  if (children.length !== 1) throw new Error(`expected one child process, found ${children.length}`);
  return Number(children[0]);
}

/** Seconds the main thread of a process has run on a processor so far (/proc/PID/schedstat, in nanoseconds). */
const cpuOf = (pid: number): number => Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;

/** The resident memory of a process now (MB). */
const rssOf = (pid: number): number => Number(/^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Seconds all the threads of a process have run so far (/proc/PID/stat: utime and stime, in clock ticks of 10 ms). */
function processCpuOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// The longest the measurement waits for the server to rest.
const MAX_REST_WAIT_MS = 180_000;

/**
 * Waits until the server rests (under 5% of a processor for two seconds running), three minutes
 * at most: a first start catches up the day's backup, which copies the whole database beside
 * the measurement, and other jobs.
 */
async function untilAtRest(pid: number, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  let quiet = 0;
  let last = processCpuOf(pid);
  while (quiet < 2) {
    if (performance.now() - started > MAX_REST_WAIT_MS) {
      log('  WARNING: the server did not rest within three minutes; measuring anyway');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = processCpuOf(pid);
    quiet = now - last < 0.05 ? quiet + 1 : 0;
    last = now;
  }
  const waited = (performance.now() - started) / 1000;
  if (waited > 3) log(`  waited ${waited.toFixed(0)} s for the server to rest (a first start's backup)`);
}

async function benchEngine(engine: Engine) {
  const storage = keep ? keptStorage(engine, keep) : { ...prepareStorage(engine, databaseUrl), password: randomBytes(12).toString('hex'), fresh: true, done: () => {} };
  const options: DatabaseOptions = { dataDir: storage.dataDir, databaseUrl: engine === 'postgres' ? databaseUrl : undefined, pgSchema: storage.schema };
  try {
    if (storage.fresh) {
      console.log(`## ${engine}: generating ${members.toLocaleString('en')} members (no dues)`);
      const database = await openDatabase(options);
      try {
        const generated = await generate(database, members, console.log);
        console.log(`  generated in ${generated.seconds.toFixed(1)} s`);
      } finally {
        await database.close();
      }
    }
    const env: NodeJS.ProcessEnv = { ...process.env, ASSOCIA_DATA: storage.dataDir, ASSOCIA_MODE: 'production', ASSOCIA_ADMIN_PASSWORD: storage.password, ASSOCIA_LOG: 'false' };
    delete env.DATABASE_URL;
    delete env.ASSOCIA_PG_SCHEMA;
    if (engine === 'postgres') Object.assign(env, { DATABASE_URL: databaseUrl, ASSOCIA_PG_SCHEMA: storage.schema });
    const server = await startServer(env);
    const times: Record<string, ExportTimes & { cpuSeconds: number[] }> = {};
    let rest: number | undefined;
    let peak: number | undefined;
    try {
      const login = await fetch(`${server.url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: storage.password }) });
      if (!login.ok) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
      storage.done();
      const { access } = (await login.json()) as { access: string };
      const pid = serverPid();
      await untilAtRest(pid, console.log);
      rest = server.memory()?.rssMb;
      // The resident memory sampled while the exports run (VmHWM would count a backup's too).
      const sampler = setInterval(() => (peak = Math.max(peak ?? 0, rssOf(pid))), 20);
      for (const encoding of encodings) {
        for (let run = 0; run < runs; run += 1) {
          const before = cpuOf(pid);
          const one = await timeServerExport(server.url, access, 1, encoding, server.loopDelay);
          const cpu = cpuOf(pid) - before;
          const all = (times[encoding] ??= { ...one, seconds: [], cpuSeconds: [] });
          all.seconds.push(...one.seconds);
          all.cpuSeconds.push(cpu);
          all.loopMaxMs = Math.max(all.loopMaxMs ?? 0, one.loopMaxMs ?? 0);
        }
      }
      clearInterval(sampler);
    } finally {
      await server.stop();
    }
    const bare = await timeBareExport(options, runs);
    for (const [encoding, t] of Object.entries(times)) {
      const ratio = median(t.seconds) / median(bare.seconds);
      console.log(
        `  ${engine} ${encoding}: ${t.rows.toLocaleString('en')} rows, ${(t.bytes / 1e6).toFixed(1)} MB; runs ${t.seconds.map((s) => s.toFixed(3)).join(', ')} s, median ${median(t.seconds).toFixed(3)} s; loop max ${t.loopMaxMs?.toFixed(1) ?? '-'} ms`,
      );
      console.log(`    server processor time: median ${median(t.cpuSeconds).toFixed(3)} s; bare statement's (this process): median ${median(bare.cpuSeconds).toFixed(3)} s; ${(median(t.cpuSeconds) / median(bare.cpuSeconds)).toFixed(2)}x`);
      console.log(`    bare ${bare.seconds.map((s) => s.toFixed(3)).join(', ')} s, median ${median(bare.seconds).toFixed(3)} s (${bare.rows.toLocaleString('en')} rows); ${ratio.toFixed(2)}x bare`);
    }
    console.log(`  server RSS ${rest === undefined ? '-' : Math.round(rest)} MB at rest, at most ${peak === undefined ? '-' : Math.round(peak)} MB during the exports`);
  } finally {
    if (!keep) await storage.remove();
  }
}

console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, ${os.cpus().length} CPUs, Node ${process.version}`);
for (const engine of engines) await benchEngine(engine);
