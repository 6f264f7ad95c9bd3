import type { Migration } from '../../db/migrate.js';

/**
 * Every backup made, one row each: a scheduled or manual one is keyed by its job run (unique), so
 * a run attempted again writes the same row; its check's outcome is what the data page shows.
 */
export const backupsMigration: Migration = {
  name: 'backups/038_backups',
  async up(db, engine) {
    await db.schema
      .createTable('backups')
      .addColumn('_id', 'integer', (c) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      // The job run's key, or 'cli:<time>' for one the operator made.
      .addColumn('key', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('file', 'varchar(1000)', (c) => c.notNull())
      // 'ok' (written and checked), 'failed' (not written, or its check failed).
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('engine', 'varchar(20)', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('tables', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rows', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('files', 'integer', (c) => c.notNull().defaultTo(0))
      // pt-PT: what the check found wrong, or why the backup failed; null when ok.
      .addColumn('problem', 'text')
      .addColumn('started_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('finished_at', 'varchar(40)', (c) => c.notNull())
      // Set when rotation deleted the file.
      .addColumn('removed_at', 'varchar(40)')
      .execute();
    await db.schema.createIndex('backups_finished').on('backups').columns(['state', 'finished_at']).execute();
  },
};
