import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { createDemoTemplate } from './demo-template.js';

/** Seeds the demo organisation once per run; every spec file's server starts from a copy. */
export default async function setup(project: TestProject): Promise<() => void> {
  const template = await createDemoTemplate();
  project.provide('demoTemplate', template);
  return () => fs.rmSync(template.dataDir, { recursive: true, force: true });
}
