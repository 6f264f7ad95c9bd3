// The reports page, in its own chunk.
import { lazyPages } from './lazy.js';
import type { PageTable } from './types.js';

// The reports page in its own chunk, with its print styles: the host's first page stays within its budget.
const { reportOverview: ReportsPage } = lazyPages(async () => ({ reportOverview: (await import('./reports.js')).ReportsPage }), ['reportOverview']);

export const MODULE_PAGES = {
  reportOverview: ReportsPage,
} satisfies Partial<PageTable>;
