import type { Migration } from '../../db/migrate.js';

/**
 * A minor member's guardian (encarregado de educação, issue 34): name, e-mail, phone and relation.
 * Messages and payment links for a minor go to the guardian's e-mail (recipient.ts), and the
 * guardian signs in to the member dashboard with it.
 */
export const guardiansMigration: Migration = {
  name: 'members/042_guardians',
  async up(db) {
    await db.schema.alterTable('members').addColumn('guardian_name', 'varchar(200)').execute();
    await db.schema.alterTable('members').addColumn('guardian_email', 'varchar(254)').execute();
    await db.schema.alterTable('members').addColumn('guardian_phone', 'varchar(30)').execute();
    await db.schema.alterTable('members').addColumn('guardian_relation', 'varchar(20)').execute();
    await db.schema.createIndex('members_guardian_email').on('members').column('guardian_email').execute();
  },
};
