import type { CreateTableBuilder } from 'kysely';
import type { Engine } from '../../../db/database.js';
import type { Migration } from '../../../db/migrate.js';
import { withRecordColumns } from '../../../db/migrations/schema-helpers.js';

/** Every resource table's columns, stated here (a released migration never reads today's helpers' future). */
const record = <T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) =>
  withRecordColumns(table, engine).addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1));

/**
 * Donations received, with a snapshot of the donor (name, NIF, address) and the donation receipt
 * issued for each (one receipt per donation: `receipt` is unique). Money in integer cents.
 */
export const donationsMigration: Migration = {
  name: '030_donations',
  async up(db, engine) {
    await record(db.schema.createTable('donations'), engine)
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('kind', 'varchar(20)', (c) => c.notNull().defaultTo('numerario'))
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('goods', 'varchar(500)')
      .addColumn('member', 'integer', (c) => c.references('members._id'))
      .addColumn('contact', 'integer', (c) => c.references('contacts._id'))
      .addColumn('donor_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('donor_nif', 'varchar(9)', (c) => c.notNull())
      .addColumn('donor_address', 'varchar(300)')
      .addColumn('notes', 'text')
      .addColumn('receipt', 'integer', (c) => c.unique().references('treasury_docs._id'))
      .execute();
    await db.schema.createIndex('donations_date').on('donations').columns(['date', '_id']).execute();
    await db.schema.createIndex('donations_member').on('donations').column('member').execute();
    await db.schema.createIndex('donations_created_at').on('donations').columns(['created_at', '_id']).execute();
  },
};
