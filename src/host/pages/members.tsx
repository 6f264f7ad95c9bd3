import { pathOf } from '../routes.js';
import { ElementPage, FormPage, ListPage } from './parts.js';
import { RecordHistorySlot } from './audit.js';
import type { Page } from './types.js';

export const MembersListPage: Page = ({ route, routes, words }) => (
  <ListPage
    title={route.title}
    resource="members"
    editPath={`${pathOf(routes, 'membersList')}/:id`}
    action={{ href: pathOf(routes, 'membersNew'), label: `Novo ${words.memberSingular}` }}
  />
);

const base = (routes: Parameters<Page>[0]['routes']) => pathOf(routes, 'membersList');

export const MembersNewPage: Page = ({ route, routes }) => (
  <FormPage title={route.title} resource="members" editPath={`${base(routes)}/:id`} listPath={base(routes)} />
);

export const MembersEditPage: Page = ({ route, params, routes }) => (
  <FormPage title={route.title} resource="members" id={params.id} listPath={base(routes)}>
    <RecordHistorySlot resource="members" id={params.id} />
  </FormPage>
);

export const MemberHomePage: Page = ({ route }) => <ElementPage title={route.title} tag="associa-member-home" />;
