// Users and API keys: the settings landing (users, then the organisation's details), one user,
// a password change, and the developers' page with the API keys.
import { defineClientModule, type PageContext } from '../../core/client-module.js';
import { isStaffRole, RESOURCE, ROLE, STAFF_ROLES } from '../../core/index.js';
import { PATHS } from '../feature-kit/paths.js';

const own = (page: PageContext) => page.userId !== null && page.userId === page.params.id;
/** The current password belongs to changing one's own password; one's own account offers no delete (the server refuses it). */
const userForm = (page: PageContext) => (own(page) ? { 'hidden-fields': 'password,current_password', 'no-delete': 'true' } : { 'hidden-fields': 'current_password' });

export const USERS_MODULE = defineClientModule({
  name: 'users',
  routes: () => [
    // Members reach their own account only (SPEC 6): the explainer says which it is.
    {
      name: 'userSettings',
      path: PATHS.users,
      title: 'Utilizadores',
      access: STAFF_ROLES,
      settings: true,
      needs: { resource: RESOURCE.users, operation: 'list' },
      page: {
        action: { route: 'usersNew', label: 'Novo Utilizador', when: { resource: RESOURCE.users, operation: 'create' } },
        parts: [{ list: RESOURCE.users, edit: 'usersEdit' }, { element: 'associa-settings-form', attrs: { page: 'organisation', heading: 'Organização' } }],
      },
    },
    {
      name: 'usersNew',
      path: `${PATHS.users}/novo`,
      title: 'Novo Utilizador',
      settings: true,
      needs: { resource: RESOURCE.users, operation: 'create' },
      page: { parts: [{ form: RESOURCE.users, edit: 'usersEdit', back: 'userSettings', attrs: { 'hidden-fields': 'current_password' } }] },
    },
    {
      name: 'usersEditPassword',
      path: `${PATHS.users}/recuperar-password/:id`,
      title: 'Alterar Palavra-passe',
      needs: { resource: RESOURCE.users, operation: 'update', param: 'id' },
      page: { parts: [{ element: 'associa-user-password', attrs: ({ params }) => ({ 'user-id': params.id }) }] },
    },
    {
      name: 'usersEdit',
      path: `${PATHS.users}/:id`,
      title: 'Editar Utilizador',
      needs: { resource: RESOURCE.users, operation: 'read', param: 'id' },
      page: {
        parts: [
          { form: RESOURCE.users, back: 'userSettings', attrs: userForm },
          { link: 'usersEditPassword', label: 'Alterar palavra-passe' },
          { element: 'associa-two-factor', when: (page) => own(page) && isStaffRole(page.role) },
          // The change history: for administrators, and for a person on their own user page.
          { element: 'associa-record-history', attrs: ({ params }) => ({ resource: RESOURCE.users, 'record-id': params.id }), when: (page) => page.role === ROLE.admin || own(page) },
        ],
      },
    },
    // The element brings the way to a new key and the link to the API reference: the page adds none of its own.
    { name: 'developers', path: PATHS.developers, title: 'Programadores', access: STAFF_ROLES, settings: true, page: { parts: [{ element: 'associa-api-keys' }] } },
    { name: 'apiSecretsNew', path: PATHS.apiSecretNew, title: 'Nova Chave de API', access: STAFF_ROLES, settings: true, page: { parts: [{ element: 'associa-api-key-form' }] } },
    {
      name: 'apiSecretsEdit',
      path: `${PATHS.apiSecrets}/:id`,
      title: 'Chave de API',
      access: STAFF_ROLES,
      settings: true,
      page: { parts: [{ element: 'associa-api-key-form', attrs: ({ params }) => ({ 'record-id': params.id }) }] },
    },
  ],
  settings: [
    { order: 10, route: 'userSettings', label: 'Utilizadores' },
    { order: 80, route: 'developers', label: 'Programadores' },
  ],
});
