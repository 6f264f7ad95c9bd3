import { defineModule, type ModuleSeed } from '../define-module.js';
import { rejectApplicationAction, withdrawApplicationAction } from './actions.js';
import { APPLICATION_SETTINGS } from './application-settings.js';
import { memberApplications } from './applications.js';
import { applicationsMigration } from './migration.js';
import { guardianContactsMigration } from './guardian-contacts-migration.js';
import { undecidedMigration } from './undecided-migration.js';
import { publicCreateTakeover } from './public-create.js';
import { applicationRoutes } from './routes.js';
import { publicReadTakeover } from './takeovers.js';

// Its demo data (see ModuleSeed), loaded only to seed.
const demoSeed: ModuleSeed = async (ctx) => (await import('../../seed/demo-applications.js')).seedDemoApplications(ctx);

/**
 * Membership applications: the public form (spam defences, e-mail confirmation), staff's review
 * (duplicates, pending count) and the decisions; accepting makes the member, their first debts,
 * card and welcome message in one transaction.
 */
export const applicationsModule = defineModule({
  name: 'applications',
  resources: [memberApplications],
  actions: [rejectApplicationAction, withdrawApplicationAction],
  settings: APPLICATION_SETTINGS,
  migrations: [applicationsMigration, undecidedMigration, guardianContactsMigration],
  routes: applicationRoutes,
  takeovers: [publicCreateTakeover, publicReadTakeover],
  seed: demoSeed,
});
