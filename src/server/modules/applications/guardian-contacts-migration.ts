import type { Migration } from '../../db/migrate.js';

/**
 * A minor applicant's guardian contacts (issue 34): e-mail, phone and relation, beside the name
 * and consent the form already asked. Accepting the application copies them to the member
 * (members.guardian_*, migration members/042), whose messages then go to the guardian.
 */
export const guardianContactsMigration: Migration = {
  name: 'applications/047_guardian_contacts',
  async up(db) {
    await db.schema.alterTable('member_applications').addColumn('guardian_email', 'varchar(254)').execute();
    await db.schema.alterTable('member_applications').addColumn('guardian_phone', 'varchar(30)').execute();
    await db.schema.alterTable('member_applications').addColumn('guardian_relation', 'varchar(20)').execute();
  },
};
