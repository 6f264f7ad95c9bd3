import { pathOf } from '../routes.js';
import { ElementPage, FormPage, ListPage } from './parts.js';
import type { Page } from './types.js';

export const MembersListPage: Page = ({ route, routes, words }) => (
  <ListPage
    title={route.title}
    resource="members"
    editPath={`${pathOf(routes, 'membersList')}/:id`}
    action={{ href: pathOf(routes, 'membersNew'), label: `Novo ${words.memberSingular}` }}
  />
);

export const MembersNewPage: Page = ({ route }) => <FormPage title={route.title} resource="members" />;

export const MembersEditPage: Page = ({ route, params }) => <FormPage title={route.title} resource="members" id={params.id} />;

export const MemberHomePage: Page = ({ route }) => <ElementPage title={route.title} tag="associa-member-home" />;
