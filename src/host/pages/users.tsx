import { pathOf } from '../routes.js';
import { ElementPage, FormPage, ListPage } from './parts.js';
import type { Page } from './types.js';

export const UsersListPage: Page = ({ route, routes }) => (
  <ListPage
    title={route.title}
    resource="users"
    editPath={`${pathOf(routes, 'userSettings')}/:id`}
    action={{ href: pathOf(routes, 'usersNew'), label: 'Novo Utilizador' }}
  />
);

export const UsersNewPage: Page = ({ route }) => <FormPage title={route.title} resource="users" />;

export const UsersEditPage: Page = ({ route, params }) => <FormPage title={route.title} resource="users" id={params.id} />;

export const UsersPasswordPage: Page = ({ route, params }) => (
  <ElementPage title={route.title} tag="associa-user-password" attrs={{ 'user-id': params.id }} />
);
