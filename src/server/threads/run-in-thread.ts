import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ThreadAnswer } from './thread-main.js';

/**
 * The thread's code when the server runs from its TypeScript sources (tests, the e2e suite):
 * tsx's loader registered in the thread first, as vitest loads the rest. Its ESM entry is read
 * from tsx's own manifest (require.resolve knows only its CommonJS one, which cannot register
 * the ESM loader); `--import tsx` in the thread's execArgv is not applied to a worker on Node 20.
 */
function fromSources(entry: URL): string {
  const require = createRequire(import.meta.url);
  const manifestFile = require.resolve('tsx/package.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const api = pathToFileURL(path.join(path.dirname(manifestFile), manifest.exports['./esm/api']!.import.default));
  return `import(${JSON.stringify(api.href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
}

/**
 * Runs the module `name` (beside the module at `callerUrl`) in a worker thread with `input` as
 * its workerData, and answers the one value it posts back (threadMain). For synchronous work
 * long enough to hold the server's requests (better-sqlite3 has no asynchronous calls): the
 * event loop stays free while the thread works. An error thrown there is thrown here with its
 * message.
 */
export function runInThread<T>(callerUrl: string, name: string, input: unknown): Promise<T> {
  const fromSource = callerUrl.endsWith('.ts');
  const entry = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, callerUrl);
  if (!fs.existsSync(entry)) return Promise.reject(new Error(`The thread's module ${entry.pathname} is missing.`));
  return new Promise<T>((resolve, reject) => {
    const worker = fromSource ? new Worker(fromSources(entry), { eval: true, workerData: input }) : new Worker(entry, { workerData: input });
    let answered = false;
    worker.once('message', (answer: ThreadAnswer<T>) => {
      answered = true;
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(answer.value);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The thread ${name} ended (code ${code}) without an answer.`));
    });
  });
}
