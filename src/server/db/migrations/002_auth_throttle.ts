import type { Migration } from '../migrate.js';

/**
 * Throttling that holds under concurrency (auth/throttle.ts) and secrets kept out of what
 * staff read in the outbox (messages/message-secrets.ts).
 */
export const authThrottle: Migration = {
  name: '002_auth_throttle',
  async up(db, engine) {
    // One row per login or login-code attempt, written before the password or code is
    // checked (a provisional failure, deleted on success), and per login-link request.
    await db.schema
      .createTable('auth_attempts')
      .addColumn('_id', 'integer', (c) =>
        engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      )
      // 'login' | 'code' | 'link'
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      // Lower-cased username (login) or e-mail (link); null for login codes.
      .addColumn('account', 'varchar(300)')
      // Client address, IPv6 reduced to its /64.
      .addColumn('address', 'varchar(100)', (c) => c.notNull())
      // Why a login attempt was let through: 'open' | 'known' | 'clean'.
      .addColumn('gate', 'varchar(10)', (c) => c.notNull())
      .addColumn('at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auth_attempts_account').on('auth_attempts').columns(['kind', 'account', 'at']).execute();
    await db.schema.createIndex('auth_attempts_address').on('auth_attempts').columns(['address', 'at']).execute();
    await db.schema.createIndex('auth_attempts_at').on('auth_attempts').column('at').execute();

    // Addresses an account logged in from: exempt from that account's backoff.
    await db.schema
      .createTable('auth_known_addresses')
      .addColumn('account', 'varchar(300)', (c) => c.notNull())
      .addColumn('address', 'varchar(100)', (c) => c.notNull())
      .addColumn('last_success_at', 'varchar(30)', (c) => c.notNull())
      .addPrimaryKeyConstraint('auth_known_addresses_pk', ['account', 'address'])
      .execute();
    await db.schema.createIndex('auth_known_addresses_at').on('auth_known_addresses').column('last_success_at').execute();

    // Replaced by auth_attempts.
    await db.schema.dropTable('login_failures').execute();

    // Login codes are looked up by hash; spent and expired ones are pruned by expiry.
    await db.schema.createIndex('login_codes_expires_at').on('login_codes').column('expires_at').execute();

    // The deliverable body of a message carrying secret links, AES-256-GCM sealed; `body`
    // holds the text staff read, links hidden. Cleared once the message is sent or given up.
    await db.schema.alterTable('messages').addColumn('sealed_body', 'text').execute();
  },
};
