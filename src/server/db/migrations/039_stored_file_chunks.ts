import type { Migration } from '../migrate.js';

/**
 * The database file store's bytes (src/server/files/database-store.ts): each stored file as
 * chunks of 256 KiB in order, under its storage key, so every instance on one PostgreSQL
 * database reads every file. On SQLite the store keeps this table in its own file (files.db,
 * files/chunk-database.ts), off the one connection requests share: nothing is made here.
 */
export const storedFileChunks: Migration = {
  name: 'files/039_stored_file_chunks',
  async up(db, engine) {
    if (engine !== 'postgres') return;
    await db.schema
      .createTable('stored_file_chunks')
      .addColumn('storage_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('bytes', 'bytea', (c) => c.notNull())
      .addPrimaryKeyConstraint('stored_file_chunks_pk', ['storage_key', 'seq'])
      .execute();
  },
};
