import type { Migration } from '../migrate.js';

/**
 * Background jobs (src/server/jobs): one row per run, named by a unique `key`, so a run asked
 * twice (two instances' schedulers, a double click) is one row. Rows are kept after they end:
 * they are the history administrators read.
 */
export const jobs: Migration = {
  name: '009_jobs',
  async up(db, engine) {
    const table = db.schema.createTable('jobs');
    const withId =
      engine === 'postgres'
        ? table.addColumn('_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        : table.addColumn('_id', 'integer', (c) => c.primaryKey().autoIncrement());
    await withId
      // ISO-8601 UTC with milliseconds, like every table's.
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
      // The job's kind as its module declares it, e.g. 'dues.generate'.
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      // One row per run, e.g. 'dues.generate:2027' or 'dues.generate:schedule:2027-01-05T00:00:00.000Z'.
      .addColumn('key', 'varchar(300)', (c) => c.notNull().unique())
      // queued | running | done | failed
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      // JSON text.
      .addColumn('payload', 'text')
      .addColumn('result', 'text')
      // Claims so far, the current one included.
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
      // When the next attempt may start.
      .addColumn('run_at', 'varchar(30)', (c) => c.notNull())
      // While running: the claim ends here unless renewed; past it, another instance may claim the row.
      .addColumn('lease_until', 'varchar(30)')
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('started_at', 'varchar(30)')
      .addColumn('finished_at', 'varchar(30)')
      .addColumn('requested_by', 'integer', (c) => c.references('users._id').onDelete('set null'))
      .execute();
    // The workers' question: what is due (queued by run_at, running by lease).
    await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_at', '_id']).execute();
    // The schedule's question: each kind's latest run; and the list's default order.
    await db.schema.createIndex('jobs_name').on('jobs').columns(['name', 'created_at', '_id']).execute();
    await db.schema.createIndex('jobs_created').on('jobs').columns(['created_at', '_id']).execute();
  },
};
