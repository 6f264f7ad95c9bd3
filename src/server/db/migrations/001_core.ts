import { sql } from 'kysely';
import type { Migration } from '../migrate.js';
import { BOOL, withRecordColumns } from './schema-helpers.js';
import { createSearchIndex, type SearchIndexColumn } from '../../resources/search.js';
import { FOLD_FUNCTION } from '../fold.js';

// The searchable columns of the first release, in index order. Stated here, not read from the
// definitions: a later change to a resource's searchable fields needs a migration of its own
// that drops and recreates that index.
const SEARCH_INDEXES: Readonly<Record<string, readonly SearchIndexColumn[]>> = {
  members: [{ name: 'number', integer: true }, { name: 'name' }, { name: 'email' }, { name: 'phone' }, { name: 'nif' }, { name: 'postal_code' }, { name: 'locality' }],
  contacts: [{ name: 'name' }, { name: 'email' }, { name: 'phone' }, { name: 'organisation' }],
  users: [{ name: 'username' }, { name: 'name' }, { name: 'email' }],
  messages: [{ name: 'recipient' }, { name: 'subject' }],
};

/** Tables of the first release: resources, auth and the message outbox. */
export const core: Migration = {
  name: '001_core',
  async up(db, engine) {
    const table = (name: string) => withRecordColumns(db.schema.createTable(name), engine);

    await table('countries')
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('code', 'varchar(2)', (c) => c.notNull().unique())
      .execute();

    await table('member_states')
      .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('marksEnd', BOOL, (c) => c.notNull().defaultTo(0))
      .execute();

    await table('tags')
      .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('color', 'varchar(7)')
      .execute();

    await table('members')
      .addColumn('number', 'integer', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)')
      .addColumn('phone', 'varchar(30)')
      .addColumn('nif', 'varchar(9)')
      .addColumn('birth_date', 'varchar(10)')
      .addColumn('address', 'varchar(300)')
      .addColumn('postal_code', 'varchar(8)')
      .addColumn('locality', 'varchar(100)')
      .addColumn('country', 'integer', (c) => c.references('countries._id').onDelete('restrict'))
      .addColumn('state', 'integer', (c) => c.notNull().references('member_states._id').onDelete('restrict'))
      .addColumn('admission_date', 'varchar(10)')
      .addColumn('notes', 'text')
      .execute();
    await db.schema.createIndex('members_created_at').on('members').columns(['created_at', '_id']).execute();
    await db.schema.createIndex('members_name').on('members').columns(['name', '_id']).execute();
    await db.schema.createIndex('members_state').on('members').columns(['state', 'created_at', '_id']).execute();
    await db.schema.createIndex('members_nif').on('members').column('nif').execute();
    // Filtering by locality is common and, unindexed, the capped count scans the table.
    await db.schema.createIndex('members_locality').on('members').columns(['locality', 'created_at', '_id']).execute();

    await db.schema
      .createTable('member_tags')
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members._id').onDelete('cascade'))
      .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags._id').onDelete('cascade'))
      .addPrimaryKeyConstraint('member_tags_pk', ['member_id', 'tag_id'])
      .execute();
    await db.schema.createIndex('member_tags_tag').on('member_tags').columns(['tag_id', 'member_id']).execute();

    await table('contacts')
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)')
      .addColumn('phone', 'varchar(30)')
      .addColumn('organisation', 'varchar(200)')
      .addColumn('notes', 'text')
      .execute();

    await table('users')
      .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)')
      .addColumn('role', 'varchar(20)', (c) => c.notNull())
      .addColumn('member', 'integer', (c) => c.references('members._id').onDelete('set null'))
      .addColumn('active', BOOL, (c) => c.notNull().defaultTo(1))
      // scrypt hash; null means the account logs in by link only.
      .addColumn('password_hash', 'varchar(300)')
      .execute();
    await db.schema.createIndex('users_email').on('users').column('email').execute();
    await db.schema.createIndex('users_member').on('users').column('member').execute();

    await table('settings')
      .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();

    await table('api_secrets')
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('role', 'varchar(20)', (c) => c.notNull())
      .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('secret_prefix', 'varchar(20)', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users._id').onDelete('set null'))
      .addColumn('last_used_at', 'varchar(30)')
      .addColumn('revoked_at', 'varchar(30)')
      .execute();

    await table('messages')
      .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
      .addColumn('subject', 'varchar(300)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      // pending | sent | failed
      .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('sent_at', 'varchar(30)')
      .addColumn('next_attempt_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('messages_pending').on('messages').columns(['status', 'next_attempt_at']).execute();

    // Auth bookkeeping (not resources).
    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();

    await table('refresh_tokens')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users._id').onDelete('cascade'))
      .addColumn('family', 'varchar(64)', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(30)')
      .addColumn('revoked_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family').execute();

    await table('login_codes')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users._id').onDelete('cascade'))
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(30)')
      .execute();

    await db.schema
      .createTable('login_failures')
      // 'account:<username>' or 'address:<ip>'
      .addColumn('key', 'varchar(300)', (c) => c.notNull())
      .addColumn('at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_failures_key').on('login_failures').columns(['key', 'at']).execute();

    if (engine === 'postgres') {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`.execute(db);
      await sql`CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public`.execute(db);
      // unaccent() is only STABLE (its dictionary could change); pinning the dictionary makes
      // a function an index may use. Same folding as foldText in src/server/db/fold.ts.
      await sql`CREATE FUNCTION ${sql.id(FOLD_FUNCTION)}(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`.execute(db);
    }
    for (const [table, columns] of Object.entries(SEARCH_INDEXES)) await createSearchIndex(db, engine, table, columns);
  },
};
