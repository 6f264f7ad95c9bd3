import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../../src/server/config.js';
import { openDatabase } from '../../../src/server/db/database.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { appMigrations } from '../../../src/server/modules/migrations.js';
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

export async function createDemoTemplate(): Promise<DemoTemplate> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-e2e-template-'));
  return { dataDir, report: await seedFirstStart(dataDir, Date.now()) };
}

export function copyDemoTemplate(template: DemoTemplate, dataDir: string): void {
  fs.cpSync(template.dataDir, dataDir, { recursive: true });
}
