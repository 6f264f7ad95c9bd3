import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real entry point, compiled next to this file (dist/bench/src/server/main.js). */
const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server/main.js');

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

export interface RunningServer {
  url: string;
  stop(): Promise<number | null>;
}

/** Starts `node main.js` as its own process (as `npm start` would) and waits until it listens. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', ASSOCIA_PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Associa listening on')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with code ${code} before listening:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
