import type { AxeResults, RunOptions } from 'axe-core';

/** WCAG 2.1 A and AA: the level the back office and its elements promise (issue 16). */
export const WCAG_21_AA_RUN: RunOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] };

/** One line per violation and node: rule, impact, where (shadow hosts first) and why. */
export function describeViolations(results: Pick<AxeResults, 'violations'>): string[] {
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact ?? 'n/a'}) ${JSON.stringify(node.target)}: ${violation.help}. ${node.failureSummary ?? ''}`.trim()),
  );
}
