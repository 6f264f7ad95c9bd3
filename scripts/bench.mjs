#!/usr/bin/env node
// `npm run bench [-- --members=N | --large] [--seconds=S] [--engines=sqlite,postgres]`.
// The benchmark is TypeScript that reuses the server's own code (data generator, entry point).
// No TypeScript loader is installed, so it is compiled with tsc (bench/tsconfig.json, into
// dist/bench: the server and the bench together) and run with plain node.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules', '.bin', 'tsc');

console.log('Compiling the server and the benchmark (tsc -p bench/tsconfig.json)...');
const build = spawnSync(tsc, ['-p', path.join(root, 'bench', 'tsconfig.json')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const run = spawnSync(process.execPath, [path.join(root, 'dist', 'bench', 'bench', 'run.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
