import type { Migration } from '../migrate.js';
import { withRecordColumns } from './schema-helpers.js';

/** Optional TOTP two-factor login for staff: secrets, recovery codes, login tickets. */
export const totp: Migration = {
  name: '004_totp',
  async up(db, engine) {
    await db.schema
      .createTable('user_totp')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users._id').onDelete('cascade'))
      // AES-256-GCM of the base32 secret, bound to the user id; never readable through the API.
      .addColumn('secret', 'text', (c) => c.notNull())
      // Null while an enrolment waits for its first code.
      .addColumn('enabled_at', 'varchar(30)')
      // Highest 30-second step a code was accepted for: older and equal steps are replays.
      .addColumn('last_step', 'integer')
      // Wrong codes and passwords in the current window, across every ticket and endpoint.
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failures_since', 'varchar(30)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();

    await withRecordColumns(db.schema.createTable('totp_recovery_codes'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users._id').onDelete('cascade'))
      // SHA-256 of the normalised code (about 50 bits of randomness each).
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('totp_recovery_codes_user').on('totp_recovery_codes').columns(['user_id', 'code_hash']).execute();

    await withRecordColumns(db.schema.createTable('two_factor_tickets'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users._id').onDelete('cascade'))
      .addColumn('ticket_hash', 'varchar(64)', (c) => c.notNull().unique())
      // 'totp' (answer with a code) or 'enrol' (set up two-factor login first)
      .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('two_factor_tickets_expiry').on('two_factor_tickets').column('expires_at').execute();
  },
};
