import type { CreateTableBuilder } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { Migration } from '../../db/migrate.js';
import { BOOL, withRecordColumns } from '../../db/migrations/schema-helpers.js';

/** Every resource table's columns, stated here (a released migration never reads today's helpers' future). */
const record = <T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) =>
  withRecordColumns(table, engine).addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1));

/**
 * The dues ledger: fee categories and schedules raise debts; payments settle them through
 * allocations. Money columns hold integer cents. `paid` and `status` of a debt, `allocated` of
 * a payment and the member_balances rows are rewritten by every ledger action inside its own
 * transaction from the allocation rows (a derived cache, never a cron's status).
 */
export const duesMigration: Migration = {
  name: '010_dues',
  async up(db, engine) {
    await record(db.schema.createTable('fee_categories'), engine)
      .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('exempt', BOOL, (c) => c.notNull().defaultTo(0))
      .addColumn('notes', 'text')
      .execute();

    await db.schema.alterTable('members').addColumn('fee_category', 'integer', (c) => c.references('fee_categories._id')).execute();
    await db.schema.createIndex('members_fee_category').on('members').columns(['fee_category', '_id']).execute();

    await record(db.schema.createTable('fee_schedules'), engine)
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('category', 'integer', (c) => c.notNull().references('fee_categories._id'))
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('periodicity', 'varchar(20)', (c) => c.notNull())
      .addColumn('due_day', 'integer', (c) => c.notNull())
      .addColumn('joining_fee', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('capital', 'bigint', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('fee_schedules_year_category', ['year', 'category'])
      .execute();

    await record(db.schema.createTable('unsettled_payments'), engine)
      .addColumn('member', 'integer', (c) => c.notNull().references('members._id'))
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('period', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('paid', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('description', 'varchar(200)', (c) => c.notNull())
      // The fee schedule that raised it (null: raised by hand).
      .addColumn('schedule', 'integer', (c) => c.references('fee_schedules._id'))
      // 'quota:2026:1' for raised quotas, joining fees and capital: one per member and period,
      // whoever raises it and however often (a unique key, not a check-then-insert). Null: manual 'other'.
      .addColumn('dedupe_key', 'varchar(60)')
      .addColumn('resolution_reason', 'varchar(500)')
      .addColumn('resolved_by', 'integer', (c) => c.references('users._id'))
      .addColumn('resolved_at', 'varchar(30)')
      .addUniqueConstraint('unsettled_payments_dedupe', ['member', 'dedupe_key'])
      .execute();
    await db.schema.createIndex('unsettled_payments_member').on('unsettled_payments').columns(['member', 'status', 'due_date']).execute();
    await db.schema.createIndex('unsettled_payments_year').on('unsettled_payments').columns(['year', 'status']).execute();
    await db.schema.createIndex('unsettled_payments_schedule').on('unsettled_payments').column('schedule').execute();
    await db.schema.createIndex('unsettled_payments_created_at').on('unsettled_payments').columns(['created_at', '_id']).execute();

    await record(db.schema.createTable('payments'), engine)
      .addColumn('member', 'integer', (c) => c.notNull().references('members._id'))
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('allocated', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('method', 'varchar(20)', (c) => c.notNull())
      .addColumn('reference', 'varchar(100)')
      .addColumn('notes', 'text')
      .addColumn('recorded_by', 'integer', (c) => c.references('users._id'))
      // A provider's or an import's own id for the payment: the same confirmation twice records one payment.
      .addColumn('external_id', 'varchar(100)', (c) => c.unique())
      .addColumn('annulled_at', 'varchar(30)')
      .addColumn('annulled_by', 'integer', (c) => c.references('users._id'))
      .addColumn('annul_reason', 'varchar(500)')
      .execute();
    await db.schema.createIndex('payments_member').on('payments').columns(['member', 'date']).execute();
    await db.schema.createIndex('payments_date').on('payments').columns(['date', '_id']).execute();
    await db.schema.createIndex('payments_created_at').on('payments').columns(['created_at', '_id']).execute();

    await record(db.schema.createTable('payment_allocations'), engine)
      .addColumn('payment', 'integer', (c) => c.notNull().references('payments._id'))
      .addColumn('debt', 'integer', (c) => c.notNull().references('unsettled_payments._id'))
      .addColumn('member', 'integer', (c) => c.notNull().references('members._id'))
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('payment_allocations_payment_debt', ['payment', 'debt'])
      .execute();
    await db.schema.createIndex('payment_allocations_debt').on('payment_allocations').column('debt').execute();
    await db.schema.createIndex('payment_allocations_member').on('payment_allocations').column('member').execute();

    // One row per member with a ledger; _id is the member's. Name, number and category are copied
    // from the member in the same transaction as any change to them, so the unpaid list sorts
    // and filters on indexed columns.
    await db.schema
      .createTable('member_balances')
      .addColumn('_id', 'integer', (c) => c.primaryKey())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('member', 'integer', (c) => c.notNull().unique().references('members._id'))
      .addColumn('number', 'integer')
      .addColumn('name', 'varchar(200)')
      .addColumn('category', 'integer')
      .addColumn('open_total', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('open_debts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('years_owed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('oldest_due', 'varchar(10)')
      .addColumn('credit', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const column of ['open_total', 'name', 'number', 'oldest_due', 'years_owed']) {
      await db.schema.createIndex(`member_balances_${column}`).on('member_balances').columns([column, '_id']).execute();
    }
  },
};
