import { defineModule } from '../define-module.js';
import { memberStateHistoryMigration, paymentsAnnulledPartialMigration, reportIndexesMigration, reportOwedIndexesMigration } from './migration.js';
import { reportRoutes } from './routes.js';
import { stateHistoryHooks } from './state-history.js';

/** Reports (SPEC 7): the member state history they read, and the five report routes over the ledger and that history. */
export const reportsModule = defineModule({
  name: 'reports',
  resources: [],
  migrations: [memberStateHistoryMigration, reportIndexesMigration, reportOwedIndexesMigration, paymentsAnnulledPartialMigration],
  extends: { members: stateHistoryHooks },
  routes: reportRoutes,
});
