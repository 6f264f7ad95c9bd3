import type { CreateTableBuilder } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { Migration } from '../../db/migrate.js';
import { BOOL, withRecordColumns } from '../../db/migrations/schema-helpers.js';

/** Every resource table's columns, stated here (a released migration never reads today's helpers' future). */
const record = <T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) =>
  withRecordColumns(table, engine).addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1));

/**
 * Staged payment reminders: the stages staff define, the log of every decision the planner
 * took (one row per member, debt set and stage, unique, so no reminder is ever decided, let
 * alone sent, twice), which debts each decision covered at its stage, and a deduplication key
 * on outgoing messages.
 */
export const remindersMigration: Migration = {
  name: '013_reminders',
  async up(db, engine) {
    await record(db.schema.createTable('reminder_stages'), engine)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      // Null: every fee category.
      .addColumn('category', 'integer', (c) => c.references('fee_categories._id'))
      // Days from the due date: negative before, 0 on the day, positive after.
      .addColumn('offset_days', 'integer', (c) => c.notNull())
      .addColumn('channel', 'varchar(20)', (c) => c.notNull())
      .addColumn('subject', 'varchar(200)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('active', BOOL, (c) => c.notNull().defaultTo(1))
      .execute();

    await record(db.schema.createTable('reminder_decisions'), engine)
      .addColumn('member', 'integer', (c) => c.notNull().references('members._id'))
      .addColumn('stage', 'integer', (c) => c.notNull().references('reminder_stages._id'))
      // The debt set's key: its first debt not reminded before at this stage (reminder_coverage).
      .addColumn('debt_set', 'varchar(40)', (c) => c.notNull())
      // The Lisbon day the planner decided on.
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      // awaiting (approval), approved (to be sent), held (back), sent, skipped.
      .addColumn('decision', 'varchar(20)', (c) => c.notNull())
      // skipped: paid, ending, no_email; held: no_recent_payments.
      .addColumn('reason', 'varchar(30)')
      .addColumn('debts', 'integer', (c) => c.notNull())
      .addColumn('total', 'bigint', (c) => c.notNull())
      .addColumn('message', 'integer', (c) => c.references('messages._id'))
      .addColumn('decided_at', 'varchar(30)')
      .addUniqueConstraint('reminder_decisions_dedupe', ['member', 'debt_set', 'stage'])
      // One decision per member, stage and day, even from two planners that saw different debts.
      .addUniqueConstraint('reminder_decisions_daily', ['member', 'stage', 'day'])
      .execute();
    await db.schema.createIndex('reminder_decisions_decision').on('reminder_decisions').columns(['decision', '_id']).execute();
    await db.schema.createIndex('reminder_decisions_stage').on('reminder_decisions').columns(['stage', 'day']).execute();
    await db.schema.createIndex('reminder_decisions_created_at').on('reminder_decisions').columns(['created_at', '_id']).execute();

    // A debt is reminded once per stage: the decision that covered it.
    await db.schema
      .createTable('reminder_coverage')
      .addColumn('stage', 'integer', (c) => c.notNull().references('reminder_stages._id'))
      .addColumn('debt', 'integer', (c) => c.notNull().references('unsettled_payments._id'))
      .addColumn('decision', 'integer', (c) => c.notNull().references('reminder_decisions._id'))
      .addPrimaryKeyConstraint('reminder_coverage_pk', ['stage', 'debt'])
      .execute();
    await db.schema.createIndex('reminder_coverage_decision').on('reminder_coverage').column('decision').execute();

    // Outgoing messages a caller must never queue twice (null: no such key).
    await db.schema.alterTable('messages').addColumn('dedupe_key', 'varchar(200)').execute();
    await db.schema.createIndex('messages_dedupe_key').on('messages').column('dedupe_key').unique().execute();
  },
};
