import type { Migration } from '../../db/migrate.js';
import { withRecordColumns } from '../../db/migrations/schema-helpers.js';

/**
 * Saved list filters: one row per person, list and name (unique, so a second save under a
 * name taken is refused rather than stored twice). `query` is the list's query string.
 */
export const savedFiltersMigration: Migration = {
  name: '024_saved_filters',
  async up(db, engine) {
    await withRecordColumns(db.schema.createTable('saved_filters'), engine)
      .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('owner', 'integer', (c) => c.notNull().references('users._id').onDelete('cascade'))
      .addColumn('resource', 'varchar(100)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('query', 'varchar(2000)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('saved_filters_owner_resource_name').on('saved_filters').columns(['owner', 'resource', 'name']).unique().execute();
    await db.schema.createIndex('saved_filters_created_at').on('saved_filters').columns(['created_at', '_id']).execute();
  },
};
