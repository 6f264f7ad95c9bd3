// Routes of domains the server gains in later releases (reports) and messages,
// which it has. Each shows its resource's generic list where the server offers the resource,
// and says plainly that it does not otherwise.
import { RESOURCE } from '../../core/index.js';
import { patternOf, type RouteName } from '../routes.js';
import { lazyPages } from './lazy.js';
import { ModulePage } from './parts.js';
import type { Page, PageTable } from './types.js';

// The reports page in its own chunk, with its print styles: the host's first page stays within its budget.
const { reportOverview: ReportsPage } = lazyPages(async () => ({ reportOverview: (await import('./reports.js')).ReportsPage }), ['reportOverview']);
const { messagesEdit: MessagePage } = lazyPages(async () => ({ messagesEdit: (await import('./messages/message-page.js')).MessagePage }), ['messagesEdit']);

/** The resource's list; a row opens the `edit` route. */
const listOf =
  (resource: string, edit?: RouteName): Page =>
  ({ route, routes }) => <ModulePage title={route.title} resource={resource} editPath={edit && patternOf(routes, edit)} />;

export const MODULE_PAGES = {
  reportOverview: ReportsPage,

  messageList: listOf(RESOURCE.messages, 'messagesEdit'),
  messagesEdit: MessagePage,
} satisfies Partial<PageTable>;
