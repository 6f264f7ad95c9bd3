import { defineModule } from '../define-module.js';
import { LEDGER_ACTIONS } from './actions.js';
import { memberLedgerHooks } from './admission.js';
import { balances } from './balances.js';
import { balancesOwedMigration } from './balances-owed-migration.js';
import { debts } from './debts.js';
import { DUES_SETTINGS } from './dues-settings.js';
import { feeCategories } from './fee-categories.js';
import { feeSchedules } from './fee-schedules.js';
import { balancesTodayJob, compactTotalsJob, generateAction, generateJob } from './jobs.js';
import { duesMigration } from './migration.js';
import { allocations, payments } from './payments.js';
import { receiptTotalsMigration } from './receipt-totals-migration.js';
import { duesRoutes } from './routes.js';

/** Dues and debts: fee categories and schedules raise debts, payments settle them (one ledger). */
export const duesModule = defineModule({
  name: 'dues',
  resources: [feeCategories, feeSchedules, debts, payments, allocations, balances],
  actions: [...LEDGER_ACTIONS, generateAction],
  jobs: [generateJob, compactTotalsJob, balancesTodayJob],
  settings: DUES_SETTINGS,
  migrations: [duesMigration, receiptTotalsMigration, balancesOwedMigration],
  extends: { members: memberLedgerHooks },
  routes: duesRoutes,
});
