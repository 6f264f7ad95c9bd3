import { sql, type CreateTableBuilder } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { Migration } from '../../db/migrate.js';
import { withRecordColumns } from '../../db/migrations/schema-helpers.js';

/** Every resource table's columns, stated here (a released migration never reads today's helpers' future). */
const record = <T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) =>
  withRecordColumns(table, engine).addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1));

/**
 * Membership cards: every card ever issued (a reissued one stays, superseded, so its code still
 * answers 'Substituído'), at most one active per member (a partial unique index, so two staff
 * reissuing at once cannot leave two), the code unique; and the log of public verifications.
 */
export const cardsMigration: Migration = {
  name: '020_membership_cards',
  async up(db, engine) {
    await record(db.schema.createTable('membership_cards'), engine)
      .addColumn('member', 'integer', (c) => c.notNull().references('members._id'))
      .addColumn('code', 'varchar(13)', (c) => c.notNull().unique())
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('issued_at', 'varchar(10)', (c) => c.notNull())
      .addColumn('valid_until', 'varchar(10)', (c) => c.notNull())
      .addColumn('issued_by', 'integer', (c) => c.references('users._id'))
      .addColumn('superseded_at', 'varchar(30)')
      .addColumn('revoked_at', 'varchar(30)')
      .addColumn('revoked_by', 'integer', (c) => c.references('users._id'))
      .addColumn('revoke_reason', 'varchar(500)')
      // The card's PDF and the hash of the data it was drawn from: drawn again only when that changes.
      .addColumn('file', 'integer', (c) => c.references('files._id'))
      .addColumn('file_data_hash', 'varchar(64)')
      // The same for its cover letter.
      .addColumn('letter_file', 'integer', (c) => c.references('files._id'))
      .addColumn('letter_data_hash', 'varchar(64)')
      .execute();
    await db.schema.createIndex('membership_cards_active').on('membership_cards').column('member').unique().where(sql.ref('state'), '=', 'active').execute();
    await db.schema.createIndex('membership_cards_member').on('membership_cards').columns(['member', '_id']).execute();
    await db.schema.createIndex('membership_cards_created_at').on('membership_cards').columns(['created_at', '_id']).execute();

    await db.schema
      .createTable('membership_card_verifications')
      .addColumn('_id', 'integer', (c) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      // What was asked (normalised when it could be a code, else cut to 40 characters).
      .addColumn('code', 'varchar(40)', (c) => c.notNull())
      .addColumn('card', 'integer', (c) => c.references('membership_cards._id'))
      .addColumn('at', 'varchar(30)', (c) => c.notNull())
      // HMAC-SHA-256 of the address under a server key: the same address links its rows, the log holds no address.
      .addColumn('address_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('result', 'varchar(20)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('membership_card_verifications_at').on('membership_card_verifications').columns(['at']).execute();
  },
};
