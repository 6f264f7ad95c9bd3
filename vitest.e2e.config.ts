import { defineConfig } from 'vitest/config';

// End-to-end tests: the real server and Debian's Chromium. They need the web build first:
//   npx rollup -c rollup.config.mjs && npx vitest run --config vitest.e2e.config.ts
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    // One server and one browser at a time: the machine is small and shared.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The demo organisation seeded once per run, copied for each server (test/e2e/support/demo-template.ts).
    globalSetup: ['test/e2e/support/global-setup.ts'],
    setupFiles: ['test/support/password-cost.ts'],
  },
});
