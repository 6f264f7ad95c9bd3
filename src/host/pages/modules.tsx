// Routes of domains the server gains in later releases (applications, cards, treasury,
// reports) and messages, which it has. Each shows its resource's generic list
// where the server offers the resource, and says plainly that it does not otherwise.
import { RESOURCE } from '../../core/index.js';
import { patternOf, routeNamed, type RouteName } from '../routes.js';
import { lazyPages } from './lazy.js';
import { ElementPage, ModuleFormPage, ModulePage } from './parts.js';
import type { Page, PageTable } from './types.js';

const { messagesEdit: MessagePage } = lazyPages(async () => ({ messagesEdit: (await import('./messages/message-page.js')).MessagePage }), ['messagesEdit']);

/** The resource's list; a row opens the `edit` route. */
const listOf =
  (resource: string, edit?: RouteName): Page =>
  ({ route, routes }) => <ModulePage title={route.title} resource={resource} editPath={edit && patternOf(routes, edit)} />;

/** One record's form; the module is named by its `list` route's title. */
const formOf =
  (resource: string, list: RouteName): Page =>
  ({ route, routes, params }) => (
    <ModuleFormPage title={route.title} moduleTitle={routeNamed(routes, list).title} resource={resource} id={params.id} />
  );

export const MODULE_PAGES = {
  memberApplicationsList: listOf(RESOURCE.memberApplications, 'memberApplicationsEdit'),
  memberApplicationsNew: formOf(RESOURCE.memberApplications, 'memberApplicationsList'),
  memberApplicationsEdit: formOf(RESOURCE.memberApplications, 'memberApplicationsList'),

  reportOverview: ({ route }) => <ElementPage title={route.title} tag="associa-reports" />,

  messageList: listOf(RESOURCE.messages, 'messagesEdit'),
  messagesEdit: MessagePage,

  treasuryDocList: listOf(RESOURCE.treasuryDocs, 'treasuryDocsEdit'),
  treasuryDocsNew: formOf(RESOURCE.treasuryDocs, 'treasuryDocList'),
  treasuryDocsMultiple: ({ route }) => <ElementPage title={route.title} tag="associa-treasury-multiple" />,
  treasuryDocsEdit: formOf(RESOURCE.treasuryDocs, 'treasuryDocList'),
} satisfies Partial<PageTable>;
