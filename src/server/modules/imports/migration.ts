import { sql } from 'kysely';
import type { Migration } from '../../db/migrate.js';
import { withRecordColumns } from '../../db/migrations/schema-helpers.js';

/**
 * Imports (decision 0045): each uploaded file is a batch; its bytes and the last check's rows
 * are kept beside it; every record a batch creates or changes is listed with its state before,
 * so the batch can be undone; the last mapping per kind is the next upload's suggestion.
 */
export const importsMigration: Migration = {
  name: 'imports/038_import_batches',
  async up(db, engine) {
    await withRecordColumns(db.schema.createTable('import_batches'), engine)
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('file_sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('row_count', 'integer', (c) => c.notNull())
      // JSON: column index -> field key, and field key -> a value for every row.
      .addColumn('mapping', 'text', (c) => c.notNull())
      .addColumn('defaults', 'text', (c) => c.notNull())
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      // JSON counts of the last check.
      .addColumn('summary', 'text')
      .addColumn('created_by', 'integer', (c) => c.references('users._id'))
      .addColumn('committed_at', 'varchar(30)')
      .addColumn('undone_at', 'varchar(30)')
      .addColumn('job_id', 'integer', (c) => c.references('jobs._id'))
      // Data rows the commit has written, chunk by chunk: a re-attempt after a crash goes on from there.
      .addColumn('committed_rows', 'integer', (c) => c.notNull().defaultTo(0))
      // JSON counts of the commit so far (ImportCommitResult), written with each chunk.
      .addColumn('result', 'text')
      .execute();
    await db.schema.createIndex('import_batches_created_at').on('import_batches').columns(['created_at', '_id']).execute();

    // The file as uploaded and the last check's rows (JSON), apart from the batch: lists never read them.
    await db.schema
      .createTable('import_batch_files')
      .addColumn('batch_id', 'integer', (c) => c.primaryKey().references('import_batches._id'))
      .addColumn('content', engine === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('check_rows', 'text')
      .execute();

    // _id orders the changes: an undo restores them newest first.
    await withRecordColumns(db.schema.createTable('import_batch_changes'), engine)
      .addColumn('batch_id', 'integer', (c) => c.notNull().references('import_batches._id'))
      .addColumn('resource', 'varchar(60)', (c) => c.notNull())
      .addColumn('record_id', 'integer', (c) => c.notNull())
      .addColumn('action', 'varchar(10)', (c) => c.notNull())
      // JSON of the record before the batch (null when the batch created it).
      .addColumn('before', 'text')
      .addColumn('undone_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('import_batch_changes_record').on('import_batch_changes').columns(['batch_id', 'resource', 'record_id']).unique().execute();
    await db.schema.createIndex('import_batch_changes_of_record').on('import_batch_changes').columns(['resource', 'record_id']).execute();

    // An import matches every row's e-mail (whatever its case) and runs the duplicate guard
    // (same-person.ts: e-mail, name and birth date) on every new member: unindexed, each is a
    // scan of the members, and an import of many thousands becomes quadratic. Birth dates are
    // already found through the list's keyset index (birth_date, _id); a second index on the
    // column alone would only draw the planner away from it for the list's cursor pages.
    await db.schema.createIndex('members_email_lower').on('members').expression(sql`lower(email)`).execute();

    await db.schema
      .createTable('import_mappings')
      .addColumn('kind', 'varchar(20)', (c) => c.primaryKey())
      // JSON: header name (folded) -> field key, and the defaults.
      .addColumn('mapping', 'text', (c) => c.notNull())
      .addColumn('defaults', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
  },
};
