import { defineModule, type ModuleSeed } from '../define-module.js';
import { LEDGER_ACTIONS } from './actions.js';
import { memberLedgerHooks } from './admission.js';
import { balances } from './balances.js';
import { balancesOwedMigration } from './balances-owed-migration.js';
import { debts } from './debts.js';
import { DUES_SETTINGS } from './dues-settings.js';
import { feeCategories } from './fee-categories.js';
import { feeFromGlobalSettingMigration } from './fee-from-global-setting-migration.js';
import { feeSchedules } from './fee-schedules.js';
import { households } from './households.js';
import { balanceAsOfIndexMigration } from './balance-as-of-index-migration.js';
import { balanceIndexDuplicatesMigration } from './balance-index-duplicates-migration.js';
import { paymentsCreditLeftMigration } from './credit-left-migration.js';
import { householdsMigration } from './households-migration.js';
import { balancesTodayJob, compactTotalsJob, generateAction, generateJob } from './jobs.js';
import { duesMigration } from './migration.js';
import { allocations, payments } from './payments.js';
import { receiptTotalsMigration } from './receipt-totals-migration.js';
import { duesRoutes } from './routes.js';
import { paymentsDebtsSearchMigration } from './search-index-migration.js';

// Its demo data (see ModuleSeed), loaded only to seed.
const demoSeed: ModuleSeed = async (ctx) => (await import('../../seed/demo-dues.js')).seedDemoDues(ctx.db, ctx.now);

/** Dues and debts: fee categories and schedules raise debts, payments settle them (one ledger). */
export const duesModule = defineModule({
  name: 'dues',
  resources: [feeCategories, feeSchedules, households, debts, payments, allocations, balances],
  actions: [...LEDGER_ACTIONS, generateAction],
  jobs: [generateJob, compactTotalsJob, balancesTodayJob],
  settings: DUES_SETTINGS,
  migrations: [duesMigration, receiptTotalsMigration, balancesOwedMigration, feeFromGlobalSettingMigration, householdsMigration, balanceIndexDuplicatesMigration, paymentsDebtsSearchMigration, paymentsCreditLeftMigration, balanceAsOfIndexMigration],
  extends: { members: memberLedgerHooks },
  routes: duesRoutes,
  seed: demoSeed,
});
