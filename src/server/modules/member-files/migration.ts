import { sql } from 'kysely';
import type { Migration } from '../../db/migrate.js';
import { withRecordColumns } from '../../db/migrations/schema-helpers.js';

/**
 * Photos and PDF documents of members and of member applications: one row per photo (the
 * picture and its thumbnail, both in `files`) or document. A member or an application has at
 * most one photo (partial unique indexes, so two uploads at once cannot leave two). The
 * application is a plain integer: an accepted application's files move to the member.
 */
export const memberFilesMigration: Migration = {
  name: '028_member_files',
  async up(db, engine) {
    await withRecordColumns(db.schema.createTable('member_files'), engine)
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('member', 'integer', (c) => c.references('members._id'))
      .addColumn('member_application', 'integer')
      .addColumn('file', 'integer', (c) => c.notNull().references('files._id'))
      .addColumn('thumb_file', 'integer', (c) => c.references('files._id'))
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .execute();
    await db.schema.createIndex('member_files_member_photo').on('member_files').column('member').unique().where(sql.ref('kind'), '=', 'photo').execute();
    await db.schema.createIndex('member_files_application_photo').on('member_files').column('member_application').unique().where(sql.ref('kind'), '=', 'photo').execute();
    await db.schema.createIndex('member_files_member').on('member_files').columns(['member', 'kind', '_id']).execute();
    await db.schema.createIndex('member_files_application').on('member_files').columns(['member_application', 'kind', '_id']).execute();
  },
};
