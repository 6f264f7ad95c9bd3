import type { Migration } from '../migrate.js';

/**
 * Uploaded files (photos, PDFs). The bytes live under `<ASSOCIA_DATA>/files/` by a random
 * `storage_key`, never by the client's name; a row is written only once its file is on disk.
 * A file belongs to nobody until a record's file or image field takes it (owner_*).
 */
export const files: Migration = {
  name: '008_files',
  async up(db, engine) {
    const table = db.schema.createTable('files');
    const withId =
      engine === 'postgres'
        ? table.addColumn('_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        : table.addColumn('_id', 'integer', (c) => c.primaryKey().autoIncrement());
    await withId
      // ISO-8601 UTC with milliseconds, like every table's.
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('owner_resource', 'varchar(100)')
      .addColumn('owner_record', 'integer')
      .addColumn('owner_field', 'varchar(100)')
      // As the client sent it, cleaned; shown and offered as the download name only.
      .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
      // Read from the bytes, never from the client's word.
      .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      // Hex SHA-256 of the stored bytes (after an image is re-encoded).
      .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('storage_key', 'varchar(64)', (c) => c.notNull().unique())
      // user | apiKey, with that account's or key's _id.
      .addColumn('uploaded_by_kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('uploaded_by', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('files_owner').on('files').columns(['owner_resource', 'owner_record', 'owner_field']).execute();
  },
};
