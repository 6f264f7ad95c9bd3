import { defineConfig } from 'vitest/config';
import { RoutesFirstSequencer } from './test/e2e/support/routes-first-sequencer.js';

// End-to-end tests: the real server and Debian's Chromium. They need the web build first:
//   npx rollup -c rollup.config.mjs && npx vitest run --config vitest.e2e.config.ts
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    // Two spec files at a time, each with its own server and data directory, in its worker's
    // Chromium (nothing shared: storage is per browser context, ports per server, and the two
    // workers' browsers are two processes, so focus is not shared either). A spec file spends most
    // of its time waiting (network idle, animations, the server's answers): one at a time used
    // about a third of one core. Measured on a quiet machine: 744 s for the run, 928 s one at a time.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page waits on the server and the browser: under CI's load an answer can take seconds, and
    // expect.poll's 1 s default failed a page still showing its loading mark (a passing poll
    // returns as soon as it holds, so only a real failure waits the whole 10 s).
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // Spec files share their worker's modules: each still starts its own server and data
    // directory, but no longer imports the server and playwright again (about 4 s of CPU per
    // file), nor launches Chromium again (about 3 s: support/harness.ts keeps the worker's).
    // Measured on a quiet machine, 45 files: 549 s isolated, 420 s shared, all passing.
    isolate: false,
    // The demo organisation seeded once per run, copied for each server (test/e2e/support/demo-template.ts).
    globalSetup: ['test/e2e/support/global-setup.ts'],
    // The files that walk every route (minutes each) start first, one on each worker.
    sequence: { sequencer: RoutesFirstSequencer },
    setupFiles: ['test/support/password-cost.ts'],
  },
});
