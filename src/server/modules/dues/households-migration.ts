import { sql } from 'kysely';
import type { Migration } from '../../db/migrate.js';
import { BOOL, withRecordColumns } from '../../db/migrations/schema-helpers.js';
import { createTextOrderIndex } from '../../resources/text-order.js';

/**
 * Households (issue 34): members grouped under one payer (a member or a contact with NIF).
 * Fee categories say whether they charge per member (with an optional household discount) or
 * once per household; a debt and a payment may be charged to, or made by, a household.
 *
 * A household's own quota (charge 'household') has the dedupe key 'agregado:quota:Y:P' on its
 * holder: the partial unique index on (household, dedupe_key) makes it one per household and
 * period whoever holds it, while the per-member debts of the household's members (which carry
 * `household` too, with their own 'quota:Y:P' keys) stay governed by (member, dedupe_key).
 */
export const householdsMigration: Migration = {
  name: 'dues/043_households',
  async up(db, engine) {
    await withRecordColumns(db.schema.createTable('households'), engine)
      .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('payer_member', 'integer', (c) => c.references('members._id'))
      .addColumn('payer_name', 'varchar(200)')
      .addColumn('payer_nif', 'varchar(20)')
      .addColumn('payer_email', 'varchar(254)')
      .addColumn('payer_phone', 'varchar(30)')
      .addColumn('shared_address', BOOL, (c) => c.notNull().defaultTo(0))
      .addColumn('address', 'varchar(300)')
      .addColumn('postal_code', 'varchar(20)')
      .addColumn('locality', 'varchar(100)')
      .addColumn('notes', 'text')
      .execute();
    // The indexes the list's sorts walk (Portuguese order for the text a person reads; see text-order.ts).
    await createTextOrderIndex(db, engine, 'households', 'name');
    await createTextOrderIndex(db, engine, 'households', 'locality');
    await sql`CREATE INDEX households_created_at_keyset ON households (created_at, _id)`.execute(db);
    await sql`CREATE INDEX households_updated_at_keyset ON households (updated_at, _id)`.execute(db);
    await db.schema.createIndex('households_payer_member').on('households').column('payer_member').execute();

    await db.schema.alterTable('members').addColumn('household', 'integer', (c) => c.references('households._id')).execute();
    // Partial: most rows have no household, and a whole index led by it lured SQLite's planner into
    // skip-scanning it for lists that never name a household (the payments' date order).
    await sql`CREATE INDEX members_household ON members (household, number) WHERE household IS NOT NULL`.execute(db);

    await db.schema.alterTable('fee_categories').addColumn('charge', 'varchar(20)', (c) => c.notNull().defaultTo('member')).execute();
    await db.schema.alterTable('fee_categories').addColumn('household_discount_percent', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('fee_categories').addColumn('household_discount_from', 'integer', (c) => c.notNull().defaultTo(2)).execute();

    await db.schema.alterTable('unsettled_payments').addColumn('household', 'integer', (c) => c.references('households._id')).execute();
    await sql`CREATE INDEX unsettled_payments_household ON unsettled_payments (household, status, due_date) WHERE household IS NOT NULL`.execute(db);
    await sql`CREATE UNIQUE INDEX unsettled_payments_household_dedupe ON unsettled_payments (household, dedupe_key)
      WHERE household IS NOT NULL AND dedupe_key LIKE 'agregado:%'`.execute(db);

    await db.schema.alterTable('payments').addColumn('household', 'integer', (c) => c.references('households._id')).execute();
    await sql`CREATE INDEX payments_household ON payments (household, date) WHERE household IS NOT NULL`.execute(db);
  },
};
