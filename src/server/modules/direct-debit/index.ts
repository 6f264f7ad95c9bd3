import { defineModule } from '../define-module.js';
import { DIRECT_DEBIT_ACTIONS } from './actions.js';
import { batches, items } from './batches.js';
import { DIRECT_DEBIT_SETTINGS } from './direct-debit-settings.js';
import { mandates } from './mandates.js';
import { directDebitMigration } from './migration.js';
import { directDebitRoutes } from './routes.js';

/**
 * SEPA direct debit: members' mandates, batches of open debts exported as pain.008, and the
 * confirmations and returns that settle or free each debt through the dues ledger.
 */
export const directDebitModule = defineModule({
  name: 'direct-debit',
  resources: [mandates, batches, items],
  actions: DIRECT_DEBIT_ACTIONS,
  settings: DIRECT_DEBIT_SETTINGS,
  migrations: [directDebitMigration],
  routes: directDebitRoutes,
});
