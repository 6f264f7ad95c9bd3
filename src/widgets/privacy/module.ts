// Personal data (issue 34): the consent register, bulk messages by purpose, erasure and the
// register of data-subject requests. Each part's pages are written in its own file.
import { defineClientModule } from '../../core/client-module.js';
import { CONSENT_MENU, CONSENT_SETTINGS_TABS, consentRoutes } from './consent-routes.js';
import { ERASURE_MENU, ERASURE_ROUTES, ERASURE_SETTINGS_TABS } from './erasure-routes.js';

export const PRIVACY_MODULE = defineClientModule({
  name: 'privacy',
  // The consent pages sit under the members' path, in the association's terminology.
  routes: (t) => [...consentRoutes(t), ...ERASURE_ROUTES],
  menu: [...CONSENT_MENU, ...ERASURE_MENU],
  settings: [...CONSENT_SETTINGS_TABS, ...ERASURE_SETTINGS_TABS],
});
