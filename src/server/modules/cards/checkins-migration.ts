import type { CreateTableBuilder } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { Migration } from '../../db/migrate.js';
import { withRecordColumns } from '../../db/migrations/schema-helpers.js';

/** Every resource table's columns, stated here (a released migration never reads today's helpers' future). */
const record = <T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) =>
  withRecordColumns(table, engine).addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1));

/**
 * Check-in sessions of the verify-multiple page and their scans, each numbered within its
 * session (unique, so two scans at once cannot take one number) and kept as answered then.
 */
export const checkinsMigration: Migration = {
  name: '023_card_checkins',
  async up(db, engine) {
    await record(db.schema.createTable('card_checkins'), engine)
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('card_checkins_created_at').on('card_checkins').columns(['created_at', '_id']).execute();

    await record(db.schema.createTable('card_checkin_scans'), engine)
      .addColumn('session', 'integer', (c) => c.notNull().references('card_checkins._id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('at', 'varchar(30)', (c) => c.notNull())
      .addColumn('input', 'varchar(500)', (c) => c.notNull())
      .addColumn('code', 'varchar(13)')
      .addColumn('card', 'integer', (c) => c.references('membership_cards._id'))
      .addColumn('member', 'integer', (c) => c.references('members._id'))
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('state', 'varchar(40)')
      .addColumn('holder', 'varchar(200)')
      .addColumn('number', 'integer')
      .addColumn('category', 'varchar(200)')
      .addColumn('duplicate_of', 'integer')
      .execute();
    await db.schema.createIndex('card_checkin_scans_position').on('card_checkin_scans').columns(['session', 'position']).unique().execute();
    await db.schema.createIndex('card_checkin_scans_member').on('card_checkin_scans').columns(['session', 'member']).execute();
    await db.schema.createIndex('card_checkin_scans_created_at').on('card_checkin_scans').columns(['created_at', '_id']).execute();
  },
};
