import { TREASURY_SWITCH } from '../enabled.js';
import { defineModule } from '../../define-module.js';
import { DONATION_SETTINGS } from './donation-settings.js';
import { donations } from './donations.js';
import { donationsMigration } from './migration.js';
import { issueMissingJob, MISSING_RECEIPT_ACTIONS } from './missing-receipts.js';
import { donationRoutes } from './routes.js';

/**
 * Donations: each recorded with its donor's NIF and given a donation receipt (a treasury
 * document of series D) in the same transaction; the year's list exported for Modelo 25. Also
 * what the treasury pages need beside the documents: receipts for the payments that have none,
 * and a document's status history.
 */
export const donationsModule = defineModule({
  name: 'donations',
  resources: [donations],
  actions: MISSING_RECEIPT_ACTIONS,
  settings: DONATION_SETTINGS,
  jobs: [issueMissingJob],
  migrations: [donationsMigration],
  enabledBy: TREASURY_SWITCH,
  routes: donationRoutes,
});
