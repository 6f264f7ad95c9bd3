import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LOOP_DELAY_ENV, loopDelayOf, type LoopDelayProbe } from './loop-delay.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The real entry point, compiled next to this file (dist/bench/src/server/main.js). */
const MAIN = path.resolve(here, '../src/server/main.js');
const PACKAGE_JSON = path.resolve(here, '../../../package.json');
/** Loaded into the server before its main: the event loop's delays, measured inside it (loop-delay.ts). */
const LOOP_DELAY_PROBE = path.resolve(here, 'loop-delay.js');

/** How `npm start` runs node (package.json: `exec [env NAME=value …] node [options] dist/server/main.js`), so the bench runs the server as it runs. */
export function startCommand(): { env: Record<string, string>; options: string[] } {
  const { scripts } = JSON.parse(fs.readFileSync(PACKAGE_JSON, 'utf8')) as { scripts: Record<string, string> };
  const found = /exec (?:env ((?:[A-Z_]+=\S+ )*))?node ((?:--\S+ )*)dist\/server\/main\.js/.exec(scripts.start ?? '');
  if (!found) throw new Error(`package.json: the start script no longer reads "exec [env NAME=value …] node [options] dist/server/main.js": ${scripts.start}`);
  const env = Object.fromEntries((found[1] ?? '').split(' ').filter(Boolean).map((assignment) => [assignment.slice(0, assignment.indexOf('=')), assignment.slice(assignment.indexOf('=') + 1)]));
  return { env, options: (found[2] ?? '').split(' ').filter(Boolean) };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The server process's resident memory now and its peak so far (MB), where /proc tells it (Linux). */
export interface ServerMemory {
  rssMb: number;
  peakMb: number;
}

export interface RunningServer {
  url: string;
  memory(): ServerMemory | undefined;
  /**
   * Bytes the server process has read from the storage device so far (its threads included;
   * reads the page cache answered are not counted), where /proc tells it (Linux). On SQLite a
   * statement reading the disk holds the event loop until the disk answers.
   */
  diskReadBytes(): number | undefined;
  /** The event loop's delays inside the server: reset before a row, read after it. */
  loopDelay: LoopDelayProbe;
  stop(): Promise<number | null>;
}

function memoryOf(pid: number | undefined): ServerMemory | undefined {
  if (pid === undefined) return undefined;
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  // VmRSS and VmHWM (the high-water mark of VmRSS) are in kB.
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  const rssMb = kb('VmRSS') / 1024;
  const peakMb = kb('VmHWM') / 1024;
  return Number.isFinite(rssMb) && Number.isFinite(peakMb) ? { rssMb, peakMb } : undefined;
}

function diskReadBytesOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const read = /^read_bytes:\s+(\d+)$/m.exec(fs.readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1];
    return read === undefined ? undefined : Number(read);
  } catch {
    return undefined;
  }
}

/**
 * Waits until `child` prints `ready` on stdout; rejects, with what it printed, if it exits first.
 * Answers what it printed so far and goes on collecting (`output()`), for a later failure.
 */
export async function untilPrinted(child: ChildProcess, ready: string, what: string): Promise<{ output(): string }> {
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${what} exited with code ${code} before listening:\n${output}`)));
  });
  return { output: () => output };
}

/** Starts `node [options] main.js` as its own process, as `npm start` does, and waits until it listens. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const port = await freePort();
  // As `npm start` runs it: its node options and the environment it sets.
  const start = startCommand();
  const child: ChildProcess = spawn(process.execPath, [...start.options, '--import', pathToFileURL(LOOP_DELAY_PROBE).href, MAIN], {
    env: { ...env, ...start.env, PORT: String(port), HOST: '127.0.0.1', ASSOCIA_PUBLIC_URL: `http://127.0.0.1:${port}`, [LOOP_DELAY_ENV]: '1' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const printed = await untilPrinted(child, 'Associa listening on', 'server');
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      // A server that stops under load says why: the tail of what it printed.
      if (code !== 0) console.error(`server exited (code ${code}, signal ${signal ?? 'none'}); its last output:\n${printed.output().slice(-4000)}`);
      resolve(code);
    }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    memory: () => memoryOf(child.pid),
    diskReadBytes: () => diskReadBytesOf(child.pid),
    loopDelay: loopDelayOf(child),
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Waits for the jobs a fresh server catches up on (the day's backup of a database of a
 * gigabyte, reminder planning, the receipts sweep) to end before anything is measured: they
 * would share the machine's cores with the rows. How long they took is printed; past `limitMs`
 * (when given) the bench stops.
 */
export async function untilJobsIdle(server: RunningServer, access: string, log: (line: string) => void, limitMs?: number): Promise<void> {
  const started = performance.now();
  await server.loopDelay.reset();
  const pending = async () => {
    const names: string[] = [];
    for (const state of ['running', 'queued']) {
      const response = await fetch(`${server.url}/api/jobs?_state=${state}&_run_at_lte=${encodeURIComponent(new Date().toISOString())}&_limit=20`, { headers: { authorization: `Bearer ${access}` } });
      const body = (await response.json()) as { data?: unknown };
      if (!response.ok || !Array.isArray(body.data)) throw new Error(`jobs list failed: ${response.status}`);
      names.push(...(body.data as { name: string }[]).map((job) => `${job.name} (${state})`));
    }
    return names;
  };
  let lastSaid = started;
  for (let names = await pending(); names.length > 0; names = await pending()) {
    if (limitMs !== undefined && performance.now() - started > limitMs) throw new Error(`the server's catch-up jobs still run after ${limitMs / 1000} s: ${names.join(', ')}`);
    if (performance.now() - lastSaid > 30_000) {
      lastSaid = performance.now();
      log(`  waiting for the server's catch-up jobs: ${names.join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const seconds = (performance.now() - started) / 1000;
  // The polls themselves are requests: the worst delay is what a request could have waited behind the jobs.
  if (seconds >= 1) log(`  the server's catch-up jobs (backup, planning) ended ${seconds.toFixed(1)} s after start; event loop held at most ${(await server.loopDelay.read()).maxMs.toFixed(1)} ms meanwhile`);
}
