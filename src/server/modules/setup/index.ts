import { defineModule } from '../define-module.js';
import { logoRoutes } from './logo-routes.js';
import { SETUP_SETTINGS } from './setup-settings.js';
import { setupRoutes } from './setup-routes.js';

/**
 * The first-run checklist of a production start (decision 0049): GET /api/setup derives each
 * step's state from the settings, two routes test e-mail and the payment provider, and the
 * organisation's logo is uploaded and served here.
 */
export const setupModule = defineModule({
  name: 'setup',
  resources: [],
  settings: SETUP_SETTINGS,
  routes: (app) => {
    setupRoutes(app);
    logoRoutes(app);
  },
});
