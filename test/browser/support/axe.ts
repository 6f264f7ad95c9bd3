import axe from 'axe-core';
import { describeViolations, WCAG_21_AA_RUN } from '../../support/axe-report.js';

/**
 * Runs axe-core on `context` (an element, or the whole document) as it is now, inside its
 * shadow roots (axe walks open shadow trees itself), and fails listing every WCAG 2.1 AA
 * violation: rule, impact, the node (shadow hosts first) and why.
 */
export async function expectAccessible(context: Element | Document = document): Promise<void> {
  const lines = describeViolations(await axe.run(context, WCAG_21_AA_RUN));
  if (lines.length > 0) throw new Error(`axe-core found ${lines.length} WCAG 2.1 AA violation(s):\n${lines.join('\n')}`);
}
