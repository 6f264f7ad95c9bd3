import styled from 'styled-components';
import { space, token } from '../../widgets/kit/index.js';
import { pathOf } from '../routes.js';
import { ElementPage, Heading } from './parts.js';
import { Panel, SecondaryRouteLink } from '../shell/styles.js';
import { MESSAGE_TEXTS } from './messages/texts.js';
import { ElementSlot } from '../elements/element-slot.js';
import type { Page } from './types.js';
import { useHost, useValue } from '../context.js';
import type { SettingsPage } from '../../widgets/settings-form/pages.js';

/** A settings page: the settings form over that page's settings. */
const settingsPage =
  (section: SettingsPage): Page =>
  ({ route }) => <ElementPage title={route.title} tag="associa-settings-form" attrs={{ page: section }} />;

const TreasurySettingsForm = settingsPage('treasury');

/** /configuracaoTesouraria: the treasury's settings, then (while it is on) each series' next number. */
export const TreasurySettingsPage: Page = (props) => {
  const on = useValue(useHost().core.settings.hasTreasury);
  return (
    <>
      <TreasurySettingsForm {...props} />
      {on && (
        <Panel>
          <ElementSlot tag="associa-treasury-series" />
        </Panel>
      )}
    </>
  );
};

const Links = styled.p`
  display: flex;
  gap: ${space(2)};
  align-items: center;
  margin: ${space(2)} 0 0;
`;

/**
 * /configuracaoMensagens: the messages' settings (sending at all, automatic payment messages, the
 * sender's name and reply-to address...) and the way to the reminder templates, which live with
 * their stages under the payments.
 */
export const MessageSettingsPage: Page = ({ route, routes }) => (
  <>
    <ElementPage title={route.title} tag="associa-settings-form" attrs={{ page: 'messages' }} />
    <Links>
      <SecondaryRouteLink href={pathOf(routes, 'paymentReminders')} data-link="reminder-templates">
        {MESSAGE_TEXTS.templatesLink}
      </SecondaryRouteLink>
      <Hint>{MESSAGE_TEXTS.templatesHint}</Hint>
    </Links>
  </>
);

const Hint = styled.span`
  color: ${token('color-text-muted')};
  font-size: 0.875rem;
`;
