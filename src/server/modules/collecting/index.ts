import { defineModule } from '../define-module.js';
import { COLLECTING_SETTINGS } from './collecting-settings.js';
import { collectingMigration } from './migration.js';
import { paymentRequests } from './payment-requests.js';
import { collectingRoutes } from './routes.js';
import { confirmImport, reconciliationImports, reconciliationMigration, reconciliationRoutes } from './reconciliation.js';

/** Collecting: payment requests (Multibanco references, MB WAY) whose confirmations record payments in the dues ledger. */
export const collectingModule = defineModule({
  name: 'collecting',
  resources: [paymentRequests, reconciliationImports],
  actions: [confirmImport],
  settings: COLLECTING_SETTINGS,
  migrations: [collectingMigration, reconciliationMigration],
  routes: (app) => {
    collectingRoutes(app);
    reconciliationRoutes(app);
  },
});
