import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

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
 * A worker thread running the module `name` (beside the module at `callerUrl`, compiled or from
 * its sources alike) with `input` as its workerData. Throws when the module is not there (a
 * bundle that left it out). `resourceLimits`: the thread's heap, when not the process's flags.
 */
export function startThread(callerUrl: string, name: string, input: unknown, resourceLimits?: ResourceLimits): Worker {
  const fromSource = callerUrl.endsWith('.ts');
  const entry = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, callerUrl);
  if (!fs.existsSync(entry)) throw new Error(`The thread's module ${entry.pathname} is missing.`);
  const options = { workerData: input, ...(resourceLimits ? { resourceLimits } : {}) };
  return fromSource ? new Worker(fromSources(entry), { eval: true, ...options }) : new Worker(entry, options);
}
