import { sql, type CreateTableBuilder } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { Migration } from '../../db/migrate.js';
import { withRecordColumns } from '../../db/migrations/schema-helpers.js';

/** Every resource table's columns, stated here (a released migration never reads today's helpers' future). */
const record = <T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) =>
  withRecordColumns(table, engine).addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1));

/**
 * Collecting: payment requests (a Multibanco reference or an MB WAY push for chosen debts), the
 * debts each one pays, the providers' raw callbacks and the counter local references are
 * numbered from. Money columns hold integer cents.
 */
export const collectingMigration: Migration = {
  name: '011_collecting',
  async up(db, engine) {
    await record(db.schema.createTable('payment_requests'), engine)
      .addColumn('member', 'integer', (c) => c.notNull().references('members._id'))
      .addColumn('method', 'varchar(20)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('entity', 'varchar(5)')
      .addColumn('reference', 'varchar(9)')
      .addColumn('phone', 'varchar(20)')
      // Local references: the sub-entity and the 4-digit sequence the reference was built from.
      .addColumn('sub_entity', 'varchar(3)')
      .addColumn('sequence', 'integer')
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('provider', 'varchar(20)', (c) => c.notNull())
      // The order id sent to the provider (unique) and the provider's own id for the request.
      .addColumn('provider_order', 'varchar(40)', (c) => c.unique())
      .addColumn('provider_id', 'varchar(100)')
      .addColumn('payment', 'integer', (c) => c.references('payments._id'))
      .addColumn('paid_at', 'varchar(30)')
      .addColumn('created_by', 'integer', (c) => c.references('users._id'))
      .execute();
    await db.schema.createIndex('payment_requests_member').on('payment_requests').columns(['member', 'created_at']).execute();
    await db.schema.createIndex('payment_requests_created_at').on('payment_requests').columns(['created_at', '_id']).execute();
    await db.schema.createIndex('payment_requests_provider_id').on('payment_requests').columns(['provider', 'provider_id']).execute();
    await db.schema.createIndex('payment_requests_reference').on('payment_requests').columns(['entity', 'reference']).execute();
    await db.schema.createIndex('payment_requests_state').on('payment_requests').columns(['state', 'expires_at']).execute();
    // A local reference's sequence is never held by two open requests: the database refuses it.
    await sql`CREATE UNIQUE INDEX payment_requests_open_sequence ON payment_requests (entity, sub_entity, sequence) WHERE state = 'pending' AND sequence IS NOT NULL`.execute(db);

    await db.schema
      .createTable('payment_request_debts')
      .addColumn('request', 'integer', (c) => c.notNull().references('payment_requests._id'))
      .addColumn('debt', 'integer', (c) => c.notNull().references('unsettled_payments._id'))
      .addPrimaryKeyConstraint('payment_request_debts_pk', ['request', 'debt'])
      .execute();
    await db.schema.createIndex('payment_request_debts_debt').on('payment_request_debts').column('debt').execute();

    // Callbacks a provider sent with the right key, as received; the key makes a redelivery one row.
    await withRecordColumns(db.schema.createTable('payment_callbacks'), engine)
      .addColumn('provider', 'varchar(20)', (c) => c.notNull())
      .addColumn('dedupe_key', 'varchar(300)', (c) => c.notNull().unique())
      .addColumn('request', 'integer', (c) => c.references('payment_requests._id'))
      .addColumn('outcome', 'varchar(30)', (c) => c.notNull())
      .addColumn('raw', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('collecting_counters')
      .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
      .addColumn('value', 'integer', (c) => c.notNull())
      .execute();
  },
};
