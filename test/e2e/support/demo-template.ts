import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig, type Config } from '../../../src/server/config.js';
import type { ServerContext } from '../../../src/server/context.js';
import { openDatabase } from '../../../src/server/db/database.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { createFileStore } from '../../../src/server/files/create-store.js';
import { appMigrations } from '../../../src/server/modules/migrations.js';
import { createBus } from '../../../src/server/realtime/create-bus.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { prepareFirstStart, type FirstStartReport } from '../../../src/server/seed/first-start.js';

const E2E_ADMIN_PASSWORD = 'admin-e2e-senha';

/**
 * The data directory of a first start in test mode (schema, reference data, admin, demo
 * organisation with its files), made once per run (vitest's globalSetup) and copied for each
 * spec file's server: seeding the demo took 10-25 s a server, a copy well under a second.
 */
export interface DemoTemplate {
  dataDir: string;
  report: FirstStartReport;
}

declare module 'vitest' {
  export interface ProvidedContext {
    demoTemplate: DemoTemplate | null;
  }
}

/** The server's configuration on a data directory, as `npm start` in test mode (or, with `mode`, production) would have it. */
export function e2eConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return loadConfig(
    { ...process.env, ASSOCIA_MODE: overrides.mode ?? 'test' },
    { dataDir, databaseUrl: undefined, adminPassword: E2E_ADMIN_PASSWORD, sentryDsn: undefined, logRequests: false, ...overrides },
  );
}

/** Seeds a first start in `dataDir` as `npm start` does on an empty database in test mode (production: the admin and reference data only). */
export async function seedFirstStart(dataDir: string, now: number, mode: Config['mode'] = 'test'): Promise<FirstStartReport> {
  const config = e2eConfig(dataDir, { mode });
  const database = await openDatabase(config);
  try {
    await migrate(database.db, database.engine, appMigrations);
    await ensureReferenceData(database.db, now, 'association');
    const report = await prepareFirstStart(database, config, now);
    if (!report) throw new Error('e2e: the fresh database already had users');
    return report;
  } finally {
    // Closing checkpoints the WAL into the file, so the directory alone is the whole state.
    await database.close();
  }
}

/**
 * Runs, once, the jobs a server's first tick catches up on (the day's backup, reminder planning,
 * dues, expiry of payment references), as a server started on this data directory would. Each
 * copy's scheduler then finds those occurrences done, as a server restarted the same day does,
 * instead of every spec file's server running them again beside its tests (about 2.5 s of CPU
 * a server, 45 servers a run).
 */
async function runCatchUp(dataDir: string): Promise<void> {
  const config = e2eConfig(dataDir);
  const database = await openDatabase(config);
  const bus = await createBus(database);
  const ctx: ServerContext = { config, database, bus, files: createFileStore(config, database), now: () => Date.now() };
  const app = await buildApp(ctx);
  try {
    for (let pass = 0; pass < 10; pass++) {
      const { scheduled, ran } = await app.jobs.tick();
      if (ran === 0 && scheduled.every((job) => job.state !== 'queued')) return;
    }
    throw new Error('e2e: the catch-up jobs were still running after 10 passes');
  } finally {
    await app.close();
    await bus.close();
    await database.close();
  }
}

export async function createDemoTemplate(): Promise<DemoTemplate> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-e2e-template-'));
  const report = await seedFirstStart(dataDir, Date.now());
  await runCatchUp(dataDir);
  return { dataDir, report };
}

export function copyDemoTemplate(template: DemoTemplate, dataDir: string): void {
  fs.cpSync(template.dataDir, dataDir, { recursive: true });
}
