import styled from 'styled-components';
import { space } from '../../widgets/kit/index.js';
import { PATHS } from '../../widgets/feature-kit/paths.js';
import { pathOf } from '../routes.js';
import { ElementPage, Heading } from './parts.js';
import { Panel } from '../shell/styles.js';
import { ElementSlot } from '../elements/element-slot.js';
import type { Page } from './types.js';
import type { SettingsPage } from '../../widgets/settings-form/pages.js';

/** A settings page: the settings form over that page's settings. */
const settingsPage =
  (section: SettingsPage): Page =>
  ({ route }) => <ElementPage title={route.title} tag="associa-settings-form" attrs={{ page: section }} />;

export const MemberSettingsPage = settingsPage('members');
export const CardSettingsPage = settingsPage('cards');
export const ApplicationSettingsPage = settingsPage('applications');
export const MessageSettingsPage = settingsPage('messages');
export const TreasurySettingsPage = settingsPage('treasury');

const Links = styled.p`
  display: flex;
  gap: ${space(2)};
  align-items: center;
  margin: ${space(2)} 0 0;
`;

export const DevelopersPage: Page = ({ route, routes }) => (
  <>
    <Heading title={route.title} action={{ href: pathOf(routes, 'apiSecretsNew'), label: 'Nova Chave de API' }} />
    <Panel>
      <ElementSlot tag="associa-api-keys" />
    </Panel>
    <Links>
      <a href={PATHS.apiDocs} target="_blank" rel="noopener" data-link="openapi">
        Documentação da API (OpenAPI)
      </a>
    </Links>
  </>
);

export const ApiSecretNewPage: Page = ({ route }) => <ElementPage title={route.title} tag="associa-api-key-form" />;

export const ApiSecretEditPage: Page = ({ route, params }) => (
  <ElementPage title={route.title} tag="associa-api-key-form" attrs={{ 'record-id': params.id }} />
);
