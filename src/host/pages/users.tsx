import styled from 'styled-components';
import { isStaffRole, RESOURCE } from '../../core/index.js';
import { space } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { ElementSlot } from '../elements/element-slot.js';
import { pathOf, patternOf } from '../routes.js';
import { Panel, SecondaryRouteLink } from '../shell/styles.js';
import { ElementPage, FormPage, ListPage } from './parts.js';
import { RecordHistorySlot } from './audit.js';
import type { Page } from './types.js';

const Spaced = styled.div`
  margin-top: ${space(3)};
`;

/** The settings landing: the users, then the organisation's own details. */
export const UsersListPage: Page = ({ route, routes }) => (
  <>
    <ListPage
      title={route.title}
      resource={RESOURCE.users}
      editPath={patternOf(routes, 'usersEdit')}
      action={{ href: pathOf(routes, 'usersNew'), label: 'Novo Utilizador' }}
    />
    <Spaced>
      <Panel>
        <ElementSlot tag="associa-settings-form" attrs={{ page: 'organisation', heading: 'Organização' }} />
      </Panel>
    </Spaced>
  </>
);

/**
 * The current password belongs to changing one's own password, on its own page. One's own
 * account offers no delete (the server refuses it) and leaves the password to that page.
 */
const userFormAttrs = (own: boolean) =>
  own ? { 'hidden-fields': 'password,current_password', 'no-delete': 'true' } : { 'hidden-fields': 'current_password' };

export const UsersNewPage: Page = ({ route, routes }) => (
  <FormPage
    title={route.title}
    resource={RESOURCE.users}
    editPath={patternOf(routes, 'usersEdit')}
    listPath={pathOf(routes, 'userSettings')}
    formAttrs={userFormAttrs(false)}
  />
);

export const UsersEditPage: Page = ({ route, params, routes }) => {
  const { core } = useHost();
  const claims = useValue(core.session.claims);
  // Two-factor login is set up by its owner, on their own page, and only staff have it.
  const ownStaffPage = claims !== null && String(claims.ID) === params.id && isStaffRole(claims.Role);
  return (
    <FormPage
      title={route.title}
      resource={RESOURCE.users}
      id={params.id}
      listPath={pathOf(routes, 'userSettings')}
      formAttrs={userFormAttrs(claims !== null && String(claims.ID) === params.id)}
    >
      <Spaced>
        <SecondaryRouteLink href={pathOf(routes, 'usersEditPassword', { id: params.id ?? '' })}>Alterar palavra-passe</SecondaryRouteLink>
      </Spaced>
      {ownStaffPage && (
        <Spaced>
          <Panel>
            <ElementSlot tag="associa-two-factor" />
          </Panel>
        </Spaced>
      )}
      <RecordHistorySlot resource={RESOURCE.users} id={params.id} />
    </FormPage>
  );
};

export const UsersPasswordPage: Page = ({ route, params }) => (
  <ElementPage title={route.title} tag="associa-user-password" attrs={{ 'user-id': params.id }} />
);
