import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

// The real server as `npm start` runs it: src/server/main.ts bundled (bundleMain), started with
// `node` in a process of its own, reached over HTTP. Tests that kill a server (SIGKILL) or run
// several instances on one database start it through here.

const root = path.resolve(import.meta.dirname, '../../..');
const bundleDir = path.join(root, 'node_modules/.cache/main-process');
/** A bundle older than this is another source state's, left by an earlier run: removed. */
const STALE_BUNDLE_MS = 60 * 60 * 1000;

/** The newest modification time and the number of files under src/: a bundle made from them is still the source's. */
function sourceStamp(): string {
  let newest = 0;
  let count = 0;
  for (const entry of fs.readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    count += 1;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return `${Math.floor(newest)}-${count}`;
}

let bundled: Promise<string> | undefined;

/**
 * The modules the server runs in worker threads (`*-thread.ts`): entries of the bundle too, each
 * beside the code that starts it (threads/start-thread.ts looks for `./<name>.js` there), as
 * tsc leaves them in dist/server.
 */
function threadEntries(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const entry of fs.readdirSync(path.join(root, 'src/server'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('-thread.ts')) entries[entry.name.replace(/\.ts$/, '')] = path.join(entry.parentPath, entry.name);
  }
  return entries;
}

/**
 * src/server/main.ts as files Node runs (packages imported from node_modules), as `npm start` runs
 * dist/server/main.js, with its threads' modules: split at dynamic imports, so what the server
 * loads only when it needs it (the demo's generator, faker, 37 MB) stays out of its start. Made
 * once per test file, and kept between files and runs while no file under src/ changed (keyed by
 * their newest modification time and their count).
 */
function bundleMain(): Promise<string> {
  bundled ??= bundleOnce();
  return bundled;
}

async function bundleOnce(): Promise<string> {
  fs.mkdirSync(bundleDir, { recursive: true });
  // `threads`: bundles made before the threads' modules were entries are not reused.
  const outdir = path.join(bundleDir, `main-threads-${sourceStamp()}`);
  const entry = path.join(outdir, 'main.js');
  if (fs.existsSync(entry)) return entry;
  for (const name of fs.readdirSync(bundleDir)) {
    const old = path.join(bundleDir, name);
    if (Date.now() - fs.statSync(old).mtimeMs > STALE_BUNDLE_MS) fs.rmSync(old, { recursive: true, force: true });
  }
  // Packages stay in node_modules, but the JSON files some are read from go in: an ESM import of one needs an attribute a bundle loses.
  const jsonInside: Plugin = {
    name: 'json-inside',
    setup(bundler) {
      bundler.onResolve({ filter: /\.json$/ }, (args) => ({ path: createRequire(path.join(args.resolveDir, 'index.js')).resolve(args.path) }));
    },
  };
  // Written beside its place and renamed: a test file in another worker never runs half a bundle.
  const temporary = `${outdir}.${process.pid}.part`;
  await build({
    entryPoints: { main: path.join(root, 'src/server/main.ts'), ...threadEntries() },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [jsonInside],
    outdir: temporary,
    logLevel: 'error',
  });
  // .js, as the threads' modules are looked for: this package.json says they are ES modules.
  fs.writeFileSync(path.join(temporary, 'package.json'), '{ "type": "module" }\n');
  try {
    fs.renameSync(temporary, outdir);
  } catch (error) {
    // Another worker bundled the same sources first: its bundle is as good.
    fs.rmSync(temporary, { recursive: true, force: true });
    if (!fs.existsSync(entry)) throw error;
  }
  return entry;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A new empty directory for a process's data (ASSOCIA_DATA); the caller removes it. */
export const temporaryDataDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'associa-main-'));

export interface MainOptions {
  /** ASSOCIA_DATA: on SQLite it holds the database too. */
  dataDir: string;
  /** PostgreSQL: the database and schema every instance shares. */
  databaseUrl?: string | undefined;
  pgSchema?: string | undefined;
  /** ASSOCIA_INSTANCE_ID; absent: the server makes one from the host and the data directory. */
  instanceId?: string;
  /** Any other variable a deployment would set (ASSOCIA_JOB_LEASE_SECONDS, ASSOCIA_TRUST_PROXY...). */
  env?: Record<string, string>;
  /** Longest wait for the server to listen. */
  startTimeoutMs?: number;
}

export interface MainProcess {
  readonly options: MainOptions;
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Everything the process printed so far, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** Whether the process is still running. */
  alive(): boolean;
  /** SIGKILL: the process ends at once, as in a crash or an OOM kill; resolves once it is gone. */
  crash(): Promise<void>;
  /** SIGTERM, and its exit code once the server closed. */
  stop(): Promise<number | null>;
}

/**
 * `node main.js` with only what a deployment would set (nothing of the test run's own ASSOCIA_* or
 * database), listening on a port of its own; resolves once it prints that it listens.
 */
export async function startMain(options: MainOptions): Promise<MainProcess> {
  const main = await bundleMain();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ASSOCIA_') && name !== 'DATABASE_URL'));
  Object.assign(env, { ASSOCIA_DATA: options.dataDir, ASSOCIA_MODE: 'test', ASSOCIA_WEB_DIR: options.dataDir, PORT: String(port), HOST: '127.0.0.1' });
  if (options.databaseUrl) Object.assign(env, { DATABASE_URL: options.databaseUrl, ASSOCIA_PG_SCHEMA: options.pgSchema ?? '' });
  if (options.instanceId) env.ASSOCIA_INSTANCE_ID = options.instanceId;
  Object.assign(env, options.env);
  const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running: MainProcess = {
    options,
    child,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    async crash() {
      if (running.alive()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (running.alive()) child.kill('SIGTERM');
      return exited;
    },
  };
  try {
    await until(() => output.includes('Associa listening on'), () => 'the server to listen', { running, timeoutMs: options.startTimeoutMs });
  } catch (error) {
    await running.crash();
    throw error;
  }
  return running;
}

/** How long `until` waits by default for a state a server reaches on its own. */
const WAIT_MS = 45_000;

/** Polls `check` (a state, not a time) until it holds; fails early when `running` stops meanwhile. */
export async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: () => string,
  { running, timeoutMs = WAIT_MS, everyMs = 20 }: { running?: MainProcess; timeoutMs?: number | undefined; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (running && !running.alive()) throw new Error(`the server stopped before ${what()}:\n${running.output()}`);
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what()}${running ? `:\n${running.output()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
