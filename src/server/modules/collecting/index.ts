import { defineModule, type ModuleSeed } from '../define-module.js';
import { COLLECTING_SETTINGS } from './collecting-settings.js';
import { expireJob } from './expiry.js';
import { householdRequestsMigration } from './household-requests-migration.js';
import { collectingMigration } from './migration.js';
import { paymentRequests } from './payment-requests.js';
import { collectingRoutes } from './routes.js';
import { confirmImport, reconciliationImports, reconciliationMigration, reconciliationRoutes } from './reconciliation.js';
import { reconciliationImportLines, reconciliationResultsMigration } from './reconciliation-results.js';

// Its demo data (see ModuleSeed), loaded only to seed.
const demoSeed: ModuleSeed = async (ctx) => (await import('../../seed/demo-collecting.js')).seedDemoCollecting(ctx.db, ctx.now);

/** Collecting: payment requests (Multibanco references, MB WAY) whose confirmations record payments in the dues ledger. */
export const collectingModule = defineModule({
  name: 'collecting',
  resources: [paymentRequests, reconciliationImports, reconciliationImportLines],
  actions: [confirmImport],
  jobs: [expireJob],
  settings: COLLECTING_SETTINGS,
  migrations: [collectingMigration, reconciliationMigration, reconciliationResultsMigration, householdRequestsMigration],
  routes: (app) => {
    collectingRoutes(app);
    reconciliationRoutes(app);
  },
  seed: demoSeed,
});
