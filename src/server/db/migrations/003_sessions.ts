import { sql } from 'kysely';
import type { Migration } from '../migrate.js';

/**
 * Sessions that can be ended and keys that can expire:
 * - users.token_version: raised whenever every session of an account must end (password
 *   change, deactivation, role change); access tokens carry it and a stale one is refused.
 * - refresh_tokens.family_started_at: the first login of a family, for the 30-day maximum.
 * - api_secrets.expires_at: an optional end of an API key's life.
 */
export const sessions: Migration = {
  name: '003_sessions',
  async up(db) {
    await db.schema.alterTable('users').addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('refresh_tokens').addColumn('family_started_at', 'varchar(30)').execute();
    // A family already in use started no later than its oldest token.
    await sql`UPDATE refresh_tokens SET family_started_at = (
      SELECT MIN(r.created_at) FROM refresh_tokens r WHERE r.family = refresh_tokens.family
    )`.execute(db);
    await db.schema.alterTable('api_secrets').addColumn('expires_at', 'varchar(30)').execute();
  },
};
