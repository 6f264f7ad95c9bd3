import { defineModule, type ModuleSeed } from '../define-module.js';
import { apiSecrets, revokeApiSecret } from './api-secrets.js';
import { usernameLengthMigration } from './username-length-migration.js';
import { users } from './users.js';

// Its demo data (see ModuleSeed), loaded only to seed.
const demoSeed: ModuleSeed = async (ctx) => (await import('../../seed/demo-accounts.js')).seedDemoAccounts(ctx);

export const usersModule = defineModule({
  name: 'users',
  resources: [users, apiSecrets],
  actions: [revokeApiSecret],
  migrations: [usernameLengthMigration],
  seed: demoSeed,
});
