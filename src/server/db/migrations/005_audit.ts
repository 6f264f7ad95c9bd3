import type { Migration } from '../migrate.js';
import { withRecordColumns } from './schema-helpers.js';

/**
 * The audit trail: one row per create, update, delete or action, written in the transaction
 * of the change it describes. Actors are kept by name as text too, so a history still says who
 * acted after that account or key is gone.
 */
export const audit: Migration = {
  name: '005_audit',
  async up(db, engine) {
    await withRecordColumns(db.schema.createTable('audit_log'), engine)
      .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
      // ISO-8601 UTC with milliseconds, like created_at.
      .addColumn('at', 'varchar(30)', (c) => c.notNull())
      // The calendar day (UTC) of `at`, so lists can filter by day with the plain equality filter.
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      // user | apiKey | anonymous | system
      .addColumn('actor_kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('actor_id', 'integer')
      .addColumn('actor_name', 'varchar(200)')
      .addColumn('address', 'varchar(64)')
      .addColumn('resource', 'varchar(100)', (c) => c.notNull())
      .addColumn('record_id', 'integer')
      // create | update | delete | an action name (login, logout, password, revoke...)
      .addColumn('action', 'varchar(50)', (c) => c.notNull())
      // JSON {field: [old, new]}; never a password or a secret.
      .addColumn('changes', 'text')
      .execute();
    // _id last: lists and histories break ties of `at` by _id, so the index serves the whole order.
    await db.schema.createIndex('audit_log_record').on('audit_log').columns(['resource', 'record_id', 'at', '_id']).execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', '_id']).execute();
    await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_kind', 'actor_id', 'at', '_id']).execute();
    await db.schema.createIndex('audit_log_day').on('audit_log').columns(['day', 'at', '_id']).execute();
  },
};
