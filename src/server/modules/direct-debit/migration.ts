import { sql, type CreateTableBuilder } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { Migration } from '../../db/migrate.js';
import { withRecordColumns } from '../../db/migrations/schema-helpers.js';

/** Every resource table's columns, stated here (a released migration never reads today's helpers' future). */
const record = <T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) =>
  withRecordColumns(table, engine).addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1));

/**
 * SEPA direct debit: members' mandates, and batches of debts sent to the bank. Money columns hold
 * integer cents. A debt is in at most one pending item (`pending_debt`, unique, null once the item
 * is confirmed or rejected); a member has at most one active mandate.
 */
export const directDebitMigration: Migration = {
  name: '012_direct_debit',
  async up(db, engine) {
    await record(db.schema.createTable('sepa_mandates'), engine)
      .addColumn('member', 'integer', (c) => c.notNull().references('members._id'))
      .addColumn('iban', 'varchar(42)', (c) => c.notNull())
      .addColumn('bic', 'varchar(11)')
      .addColumn('reference', 'varchar(35)', (c) => c.notNull().unique())
      .addColumn('signature_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('max_amount', 'bigint')
      .addColumn('sequence', 'varchar(20)', (c) => c.notNull().defaultTo('first'))
      .addColumn('state', 'varchar(20)', (c) => c.notNull().defaultTo('active'))
      .execute();
    await db.schema.createIndex('sepa_mandates_member').on('sepa_mandates').columns(['member', 'state']).execute();
    await db.schema.createIndex('sepa_mandates_one_active').on('sepa_mandates').column('member').unique().where(sql<boolean>`state = 'active'`).execute();
    await db.schema.createIndex('sepa_mandates_created_at').on('sepa_mandates').columns(['created_at', '_id']).execute();

    await record(db.schema.createTable('direct_debit_batches'), engine)
      .addColumn('collection_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'integer', (c) => c.references('users._id'))
      .execute();
    await db.schema.createIndex('direct_debit_batches_created_at').on('direct_debit_batches').columns(['created_at', '_id']).execute();

    await record(db.schema.createTable('direct_debit_items'), engine)
      .addColumn('batch', 'integer', (c) => c.notNull().references('direct_debit_batches._id'))
      .addColumn('debt', 'integer', (c) => c.notNull().references('unsettled_payments._id'))
      .addColumn('member', 'integer', (c) => c.notNull().references('members._id'))
      .addColumn('mandate', 'integer', (c) => c.notNull().references('sepa_mandates._id'))
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('sequence_type', 'varchar(4)', (c) => c.notNull())
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      // The debt while the item is pending, null after: one pending collection per debt, whoever prepares batches.
      .addColumn('pending_debt', 'integer', (c) => c.unique())
      .addColumn('reason', 'varchar(500)')
      .addColumn('payment', 'integer', (c) => c.references('payments._id'))
      .addColumn('resolved_by', 'integer', (c) => c.references('users._id'))
      .addColumn('resolved_at', 'varchar(30)')
      .addUniqueConstraint('direct_debit_items_batch_debt', ['batch', 'debt'])
      .execute();
    await db.schema.createIndex('direct_debit_items_debt').on('direct_debit_items').column('debt').execute();
    await db.schema.createIndex('direct_debit_items_member').on('direct_debit_items').column('member').execute();
    await db.schema.createIndex('direct_debit_items_mandate').on('direct_debit_items').column('mandate').execute();
  },
};
