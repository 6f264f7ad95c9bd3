import { defineModule, type ModuleSeed } from '../define-module.js';
import { duesExemptMigration } from './dues-exempt-migration.js';
import { guardiansMigration } from './guardians-migration.js';
import { MEMBERSHIP_SETTINGS } from './member-settings.js';
import { members } from './members.js';
import { ownDataRoutes } from './own-data-route.js';

// Its demo data (see ModuleSeed), loaded only to seed.
const demoSeed: ModuleSeed = async (ctx) => (await import('../../seed/demo-members.js')).seedDemoMembers(ctx);

export const membersModule = defineModule({
  name: 'members',
  resources: [members],
  settings: MEMBERSHIP_SETTINGS,
  routes: ownDataRoutes,
  migrations: [duesExemptMigration, guardiansMigration],
  seed: demoSeed,
});
