import type { CreateTableBuilder } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { Migration } from '../../db/migrate.js';
import { withRecordColumns } from '../../db/migrations/schema-helpers.js';

/** Every resource table's columns, stated here (a released migration never reads today's helpers' future). */
const record = <T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) =>
  withRecordColumns(table, engine).addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1));

/**
 * Payment links: the secret behind /informacaoDePagamento/{token}, kept only as its SHA-256
 * hash, one per member and purpose (a reminder's deduplication key), with its expiry and
 * revocation; and the payment requests made through each link.
 */
export const paymentLinksMigration: Migration = {
  name: '014_payment_links',
  async up(db, engine) {
    await record(db.schema.createTable('payment_links'), engine)
      .addColumn('member', 'integer', (c) => c.notNull().references('members._id'))
      .addColumn('purpose', 'varchar(200)', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('revoked_at', 'varchar(30)')
      .addColumn('revoked_by', 'integer', (c) => c.references('users._id'))
      .addColumn('last_used_at', 'varchar(30)')
      .addUniqueConstraint('payment_links_member_purpose', ['member', 'purpose'])
      .execute();
    await db.schema.createIndex('payment_links_created_at').on('payment_links').columns(['created_at', '_id']).execute();

    await db.schema
      .createTable('payment_link_requests')
      .addColumn('link', 'integer', (c) => c.notNull().references('payment_links._id'))
      .addColumn('request', 'integer', (c) => c.notNull().references('payment_requests._id'))
      .addPrimaryKeyConstraint('payment_link_requests_pk', ['link', 'request'])
      .execute();
  },
};
