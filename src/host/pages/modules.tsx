// The reports page and one message, each in its own chunk.
import { lazyPages } from './lazy.js';
import type { PageTable } from './types.js';

// The reports page in its own chunk, with its print styles: the host's first page stays within its budget.
const { reportOverview: ReportsPage } = lazyPages(async () => ({ reportOverview: (await import('./reports.js')).ReportsPage }), ['reportOverview']);
const { messagesEdit: MessagePage } = lazyPages(async () => ({ messagesEdit: (await import('./messages/message-page.js')).MessagePage }), ['messagesEdit']);

export const MODULE_PAGES = {
  reportOverview: ReportsPage,
  messagesEdit: MessagePage,
} satisfies Partial<PageTable>;
