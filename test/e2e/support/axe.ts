import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describeViolations, WCAG_21_AA_RUN } from '../../support/axe-report.js';

const source = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/**
 * Runs axe-core on the page as it is now, shadow roots included (axe walks open shadow
 * trees itself), and answers its WCAG 2.1 AA violations as text; an empty list is a pass.
 * Evaluated through the debugging protocol, so the page's strict CSP does not block it.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const results = await page.evaluate((options) => (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, options), WCAG_21_AA_RUN);
  return describeViolations(results);
}
