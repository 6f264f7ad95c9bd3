import type { Migration } from '../../db/migrate.js';

/**
 * members.dues_exempt ("Isento de quotas"): a member is either exempt or has a fee category and
 * an admission date (dues-terms.ts). Existing members start not exempt; the yearly generation
 * skips exempt ones.
 */
export const duesExemptMigration: Migration = {
  name: 'members/038_dues_exempt',
  async up(db) {
    // BOOL as schema-helpers states it today: integer 0/1 on both engines.
    await db.schema.alterTable('members').addColumn('dues_exempt', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
