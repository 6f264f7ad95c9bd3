import styled from 'styled-components';
import { Link } from 'wouter';
import { isStaffRole } from '../../core/index.js';
import { space, token } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { pathOf } from '../routes.js';
import { SHELL_TEXTS, SPEC_TEXTS } from './texts.js';

const Banner = styled.div<{ $tone: 'warning' | 'danger' }>`
  padding: ${space(1)} ${space(3)};
  text-align: center;
  font-weight: 600;
  font-size: 0.9375rem;
  color: ${({ $tone }) => ($tone === 'danger' ? token('color-primary-contrast') : token('color-warning-text'))};
  background: ${({ $tone }) => ($tone === 'danger' ? token('color-danger') : token('color-warning-surface'))};
  border-bottom: 1px solid ${token('color-border')};
  a {
    color: inherit;
    margin-left: ${space(1)};
  }
`;

/** SPEC 2 banners: test mode, automatic messages off (staff, with 'Alterar'), offline. */
export function Banners() {
  const host = useHost();
  const { core } = host;
  const testMode = useValue(host.testMode);
  const offline = useValue(core.offline);
  const loggedIn = useValue(core.session.loggedIn);
  const settingsLoaded = useValue(core.settings.loaded);
  useValue(core.settings.items);
  const role = useValue(host.role);
  const routes = useValue(host.routes);
  const sendingOff = loggedIn && settingsLoaded && isStaffRole(role) && core.settings.get('SendMessages') === 'false';

  return (
    <div>
      {offline && (
        <Banner $tone="danger" role="alert" data-banner="offline">
          {SPEC_TEXTS.offline}
        </Banner>
      )}
      {testMode && (
        <Banner $tone="warning" role="status" data-banner="test-mode">
          {SPEC_TEXTS.testMode}
        </Banner>
      )}
      {sendingOff && (
        <Banner $tone="warning" role="status" data-banner="send-messages">
          {SHELL_TEXTS.sendMessagesOff}
          <Link href={pathOf(routes, 'messageSettings')}>{SHELL_TEXTS.change}</Link>
        </Banner>
      )}
    </div>
  );
}
