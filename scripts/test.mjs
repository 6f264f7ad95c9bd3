#!/usr/bin/env node
// `npm test`: every suite, one summary:
//   1. vitest on everything vitest.config.ts includes (core, host, server), the server on SQLite;
//   2. vitest on test/server again on PostgreSQL, when DATABASE_URL is set (the files that meet a database);
//   3. the browser tests (web-test-runner in Debian's Chromium), when their config exists, and
//      beside them, one after another, the typecheck of everything (tsc) with typescript-eslint
//      on the same program, knip and the web build (rollup);
//   4. the tests of the web build's output (node:test) and the end-to-end tests (the real
//      server and Chromium driven by playwright-core);
// and ends with exactly one line `tests: N passed, M failed`. Exits non-zero if anything failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = mkdtempSync(path.join(os.tmpdir(), 'associa-test-results-'));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** One row of the final report per suite. */
const suites = [];
/** Every failed test by name, repeated at the very end: CI keeps only the tail of the output. */
const failures = [];

function heading(text) {
  console.log(`\n=== ${text} ===\n`);
}

/**
 * Runs a command with inherited output; `capture` also keeps stdout+stderr for parsing; `quiet`
 * keeps them without printing (a command run beside another, printed once it ends).
 */
function run(command, args, { env = process.env, capture = false, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: capture || quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (capture || quiet) {
      const keep = (stream) => (chunk) => {
        if (!quiet) stream.write(chunk);
        output += chunk;
      };
      child.stdout.on('data', keep(process.stdout));
      child.stderr.on('data', keep(process.stderr));
    }
    child.on('error', (error) => resolve({ code: 127, output: String(error) }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

/** Seconds since `started` (a `performance.now()` reading), for the summary: CI keeps only the tail. */
const secondsSince = (started) => Math.round((performance.now() - started) / 1000);

async function vitest(name, files, env, extraArgs = []) {
  const started = performance.now();
  heading(name);
  const report = path.join(outDir, `${name.replace(/\W+/g, '-')}.json`);
  const { code } = await run(
    bin('vitest'),
    ['run', ...extraArgs, ...files, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { env },
  );
  let passed = 0;
  let failed = 0;
  let note = '';
  if (existsSync(report)) {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    passed = result.numPassedTests ?? 0;
    // Pending/todo tests count as failures: the suite must have no skipped tests.
    failed = (result.numFailedTests ?? 0) + (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
    // A file that fails to load has no failed test but fails the run.
    const brokenFiles = (result.testResults ?? []).filter((file) => file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed')).length;
    failed += brokenFiles;
    if (brokenFiles) note = `${brokenFiles} test file(s) failed to load`;
    for (const file of result.testResults ?? []) {
      const where = path.relative(root, file.name ?? '');
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status !== 'passed');
      for (const t of failedTests) failures.push(`${name}: ${where} > ${t.fullName ?? t.title} (${t.status})${whyFailed(t)}`);
      if (file.status === 'failed' && failedTests.length === 0) failures.push(`${name}: ${where} did not load`);
    }
  }
  if (code !== 0 && failed === 0) {
    failed = 1;
    note = `vitest exited with code ${code}`;
  }
  suites.push({ name, passed, failed, note, seconds: secondsSince(started) });
}

/**
 * The first lines of a failed test's message, for the summary: CI keeps only the end of the log,
 * so a timing bound that was missed must say there by how much, not only that it was.
 */
function whyFailed(test) {
  const message = (test.failureMessages ?? [])[0];
  if (!message) return '';
  const lines = stripVTControlCharacters(message).split('\n').filter((line) => line.trim() && !/^\s+at /.test(line));
  return `\n      ${lines.slice(0, 4).map((line) => line.trim().slice(0, 400)).join('\n      ')}`;
}

/** node's own test runner; its closing lines read "# pass N" and "# fail N". */
async function nodeTests(name, files) {
  const started = performance.now();
  heading(name);
  const { code, output } = await run(process.execPath, ['--test', ...files], { capture: true });
  const count = (label) => Number(new RegExp(`^# ${label} (\\d+)$`, 'm').exec(output)?.[1] ?? 0);
  const passed = count('pass');
  let failed = count('fail') + count('skipped') + count('todo') + count('cancelled');
  for (const match of output.matchAll(/^\s*not ok \d+ - (.+)$/gm)) failures.push(`${name}: ${match[1]}`);
  let note = '';
  if (code !== 0 && failed === 0) {
    failed = 1;
    note = `node --test exited with code ${code}`;
  }
  suites.push({ name, passed, failed, note, seconds: secondsSince(started) });
}

const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

async function browserTests() {
  const name = 'browser (web-test-runner, Chromium)';
  const started = performance.now();
  const config = path.join(root, 'web-test-runner.config.mjs');
  if (!existsSync(config)) {
    suites.push({ name, passed: 0, failed: 0, note: 'not run: web-test-runner.config.mjs does not exist' });
    return;
  }
  heading(name);
  const ensure = path.join(root, 'scripts', 'ensure-chromium.mjs');
  if (existsSync(ensure)) {
    const { code } = await run(process.execPath, [ensure]);
    if (code !== 0) {
      suites.push({ name, passed: 0, failed: 1, note: 'no Chromium: scripts/ensure-chromium.mjs failed' });
      return;
    }
  } else {
    console.log('scripts/ensure-chromium.mjs does not exist: running web-test-runner with whatever Chromium its config finds.');
  }
  // Says why, should it stop again with nothing printed (scripts/why-wtr-stopped.cjs).
  const witness = path.join(root, 'scripts', 'why-wtr-stopped.cjs');
  const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require "${witness}"`.trim() };
  const wtr = async () => {
    const { code, output } = await run(bin('wtr'), ['--config', config], { capture: true, env });
    return { code, ...browserResults(name, output) };
  };
  let result = await wtr();
  let note = '';
  if (result.code !== 0 && result.failed === 0) {
    // Seen twice on this machine kind (stops 50 and 55): web-test-runner stopped about 10 s in,
    // four or five files done, exit code 1, no test failed and no error printed; run again at
    // once, every file passed. A runner that stops without a failed test is run once more and
    // the summary says so; a failed test is never run again.
    const why = result.witnessed.length > 0 ? ` (${result.witnessed[0]})` : '';
    const stopped = `web-test-runner stopped (exit code ${result.code}) after ${result.files} test files with no failed test reported${why}`;
    console.log(`\n${stopped}: running it once more.\n`);
    result = await wtr();
    note = `run twice: the first ${stopped}`;
  }
  failures.push(...result.failedTitles);
  let { passed, failed } = result;
  if (result.code !== 0 && failed === 0) {
    failed = 1;
    note = note ? `${note}; the second exited with code ${result.code}` : `web-test-runner exited with code ${result.code}`;
  }
  suites.push({ name, passed, failed, note, seconds: secondsSince(started) });
}

/**
 * What web-test-runner's output says: per browser the last summary line printed (e.g. "Chrome:
 * |████| 7/7 test files | 48 passed, 0 failed"), which is final, and each failed test's title
 * under its file's heading, and what scripts/why-wtr-stopped.cjs witnessed.
 */
function browserResults(name, output) {
  const perBrowser = new Map();
  let file = '';
  const failedTitles = new Set();
  // What scripts/why-wtr-stopped.cjs saw: the first line of each of its reports.
  const witnessed = [];
  for (const line of output.replace(ANSI, '').split(/\r?\n/)) {
    if (line.startsWith('[why-wtr-stopped] ')) witnessed.push(line.slice('[why-wtr-stopped] '.length));
    const fileHeader = /^(test\/\S+\.test\.tsx?):\s*$/.exec(line);
    if (fileHeader) file = fileHeader[1];
    const failure = /^\s*❌\s*(.+)$/.exec(line);
    if (failure) failedTitles.add(`${name}: ${file} > ${failure[1].trim()}`);
    const match = /^\s*([^:|]+):\s*\|.*\|\s*(\d+)\/\d+ test files\s*\|\s*(\d+) passed,\s*(\d+) failed(?:,\s*(\d+) skipped)?/.exec(line);
    if (match) perBrowser.set(match[1], { files: Number(match[2]), passed: Number(match[3]), failed: Number(match[4]) + Number(match[5] ?? 0) });
  }
  let passed = 0;
  let failed = 0;
  let files = 0;
  for (const counts of perBrowser.values()) {
    passed += counts.passed;
    failed += counts.failed;
    files = Math.max(files, counts.files);
  }
  return { passed, failed, files, failedTitles: [...failedTitles], witnessed };
}

/**
 * What runs beside the browser tests, one after another: the typecheck of everything and
 * typescript-eslint on one TypeScript program (scripts/typecheck-and-lint.mjs: the linter's
 * type-aware rules need the program checked, so checking it once saves the typecheck's whole
 * time), knip, then the web build the end-to-end tests need. A browser test file mostly waits on
 * its page (about a third of one core); these keep one core busy, so the browser tests run no
 * more loaded than beside the linters alone. Their output is kept and printed, in order, by the
 * function this answers.
 */
async function besideBrowser() {
  const checks = [];
  {
    const started = performance.now();
    const { code, output } = await run(process.execPath, [path.join(root, 'scripts', 'typecheck-and-lint.mjs')], { quiet: true });
    // Each part passed only if it printed its heading with no error (a crash prints neither).
    const part = (label) => {
      const match = new RegExp(`^=== ${label.replace(/[()]/g, '\\$&')}: (\\d+) error\\(s\\), (\\d+) s ===$`, 'm').exec(output);
      return { failed: !match || match[1] !== '0' || code > 3, seconds: match ? Number(match[2]) : secondsSince(started) };
    };
    // One output for the two, printed under one heading.
    checks.push({ name: 'typecheck (tsc, everything)', ...part('typecheck (tsc, everything)'), code, heading: 'typecheck and lint (tsc, typescript-eslint)', output });
    checks.push({ name: 'lint: typescript-eslint', ...part('lint: typescript-eslint'), code, heading: null, output: null });
  }
  {
    const name = 'lint: knip (unused files, exports, dependencies)';
    const started = performance.now();
    const { code, output } = await run(bin('knip'), [], { quiet: true });
    checks.push({ name, failed: code !== 0, code, heading: name, output, seconds: secondsSince(started) });
  }
  // One terser worker: the second core is the browser tests'.
  const build = await run(bin('rollup'), ['-c', 'rollup.config.mjs'], { quiet: true, env: { ...process.env, ASSOCIA_TERSER_WORKERS: '1' } });
  return () => {
    for (const { name, failed, code, heading: title, output, seconds } of checks) {
      if (title !== null) {
        heading(title);
        process.stdout.write(output || 'no findings\n');
      }
      suites.push({ name, passed: failed ? 0 : 1, failed: failed ? 1 : 0, note: failed ? `exited with code ${code}` : '', seconds });
      if (failed) failures.push(`${name}: exited with code ${code} (its findings are printed under its heading)`);
    }
    heading('web build (rollup)');
    process.stdout.write(build.output);
    return build.code;
  };
}

// 1. SQLite: the default engine; make sure a stray variable does not switch it.
const sqliteEnv = { ...process.env, ASSOCIA_TEST_ENGINE: 'sqlite' };
await vitest('vitest: core, host, server (SQLite)', [], sqliteEnv);

/**
 * The server test files that can meet a database: those naming the engine, a database, migrations
 * or a support module (every test server comes from one). The rest (the zip module, a provider's
 * status codes...) answer the same on either engine, so they run once, in the SQLite pass, as do
 * the files about SQLite itself, marked by a line `// sqlite-only: why` (they open SQLite files
 * whatever the engine: run again, they would test the same thing twice).
 */
function serverFilesWithDatabase() {
  const meetsDatabase = /support|testEngine|openDatabase|migrate|atabase|DATABASE_URL|\bpg\b/;
  const sqliteOnly = /^\/\/ sqlite-only: /m;
  return readdirSync(path.join(root, 'test/server'), { recursive: true, encoding: 'utf8' })
    .map((file) => path.posix.join('test/server', file.split(path.sep).join('/')))
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return meetsDatabase.test(text) && !sqliteOnly.test(text);
    });
}

// 2. PostgreSQL.
if (process.env.DATABASE_URL) {
  await vitest('vitest: server (PostgreSQL)', serverFilesWithDatabase(), { ...process.env, ASSOCIA_TEST_ENGINE: 'postgres' });
} else {
  suites.push({ name: 'vitest: server (PostgreSQL)', passed: 0, failed: 0, note: 'not run: DATABASE_URL is not set' });
}

// 3. Browser, with the linters, the typecheck and the web build beside it.
const beside = besideBrowser();
await browserTests();
const buildCode = (await beside)();

// 4. The web build's output, and the whole product end to end.
if (buildCode !== 0) {
  suites.push({ name: 'web build', passed: 0, failed: 1, note: `rollup exited with code ${buildCode}` });
} else {
  await nodeTests('build output (node:test)', ['test/build/']);
  await vitest('end to end (playwright-core, Chromium)', [], sqliteEnv, ['--config', 'vitest.e2e.config.ts']);
}

rmSync(outDir, { recursive: true, force: true });

const total = suites.reduce((sum, s) => ({ passed: sum.passed + s.passed, failed: sum.failed + s.failed }), { passed: 0, failed: 0 });
console.log('\n=== summary ===');
for (const s of suites) {
  const took = s.seconds === undefined ? '' : `  ${s.seconds} s`;
  console.log(`  ${s.name.padEnd(40)} ${String(s.passed).padStart(5)} passed ${String(s.failed).padStart(4)} failed${took}${s.note ? `  (${s.note})` : ''}`);
}
if (failures.length) {
  console.log('\n=== failed tests ===');
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed > 0 ? 1 : 0);
