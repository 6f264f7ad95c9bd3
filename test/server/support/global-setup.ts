import type { TestProject } from 'vitest/node';
import { createMigratedTemplate, dropMigratedTemplate } from './template-database.js';

/** Migrates one template database for the whole run; every test server starts from a copy of it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engine = process.env.ASSOCIA_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
  const template = await createMigratedTemplate(engine);
  project.provide('migratedTemplate', template);
  return () => dropMigratedTemplate(template);
}
