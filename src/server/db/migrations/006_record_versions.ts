import type { Migration } from '../migrate.js';

/** The resource tables of 001_core, named here so this migration never changes with the code. */
const TABLES = ['countries', 'member_states', 'tags', 'members', 'contacts', 'users', 'settings', 'api_secrets', 'messages'] as const;

/** Every record gets a version, raised by each update, so a write based on an older one is refused. */
export const recordVersions: Migration = {
  name: '006_record_versions',
  async up(db) {
    for (const table of TABLES) {
      await db.schema.alterTable(table).addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    }
  },
};
