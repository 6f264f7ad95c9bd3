// The staff's application pages (issue 13): the list with bulk accept, one application with
// its decision, photo, documents and possible duplicates, and a paper application typed in.
import { RESOURCE, type ApiRecord } from '../../core/index.js';
import { Lead } from '../../widgets/feature-kit/layout.js';
import { useQuery } from '../../widgets/kit/index.js';
import { useHost } from '../context.js';
import { patternOf, pathOf } from '../routes.js';
import { AcceptSelected } from './applications/accept-selected.js';
import { Decision } from './applications/decision.js';
import { Evidence } from './applications/evidence.js';
import { APPLICATIONS_TEXTS as T } from './applications/texts.js';
import { FormPage, ListPage } from './parts.js';
import type { Page, PageTable } from './types.js';

const RES = RESOURCE.memberApplications;
/** States in which an application still waits for a decision. */
const OPEN_STATES = new Set(['submitted', 'email_confirmed']);

const ListOfApplications: Page = ({ route, routes }) => (
  <ListPage
    title={route.title}
    resource={RES}
    editPath={patternOf(routes, 'memberApplicationsEdit')}
    action={{ href: pathOf(routes, 'memberApplicationsNew'), label: T.newApplication }}
    columns="name,email,state,created_at,duplicates"
    selectable
    filters={<AcceptSelected />}
  />
);

// Saved, the page becomes the application's own (FormPage goes to its edit path), where the photo and documents are added.
const NewApplication: Page = ({ route, routes }) => (
  <FormPage title={route.title} resource={RES} editPath={patternOf(routes, 'memberApplicationsEdit')} listPath={pathOf(routes, 'memberApplicationsList')}>
    <Lead data-files-after-save>{T.filesAfterSave}</Lead>
  </FormPage>
);

const OneApplication: Page = ({ route, routes, params }) => {
  const { core } = useHost();
  const record = useQuery<ApiRecord & { state?: string }>(core.queries, { path: `${RES}/${params.id}`, resources: [RES] });
  const state = record.data?.state;
  const open = state === undefined ? undefined : OPEN_STATES.has(state);
  return (
    <FormPage title={route.title} resource={RES} id={params.id} listPath={pathOf(routes, 'memberApplicationsList')} formAttrs={{ 'no-delete': 'true' }}>
      <Decision id={params.id!} open={open === true} onDecided={record.refresh} />
      <Evidence id={params.id!} open={open} accepted={state === 'accepted'} />
    </FormPage>
  );
};

export const APPLICATION_PAGES = {
  memberApplicationsList: ListOfApplications,
  memberApplicationsNew: NewApplication,
  memberApplicationsEdit: OneApplication,
} satisfies Partial<PageTable>;
