// Written by scripts/new-migration.mjs from the definitions of the five assemblies resources, then
// reviewed: the columns the server always fills are NOT NULL, and the unique indexes say what may
// exist once (an associate's attendance, ballot and convocation; an agenda position; a minutes
// number in its year's book). Frozen once released: its names are literal, so a later change to
// the definitions needs a migration of its own.
import { sql } from 'kysely';
import type { Migration } from '../../db/migrate.js';
import { withRecordColumns } from '../../db/migrations/schema-helpers.js';
import { createSearchIndex } from '../../resources/search.js';

/** General assemblies: the assembly, its agenda, attendance, ballots and the convocations sent. */
export const assembliesMigration: Migration = {
  name: 'assemblies/041_assemblies',
  async up(db, engine) {
    const nullsFirst = engine === 'postgres' ? sql` NULLS FIRST` : sql``;

    await withRecordColumns(db.schema.createTable('assemblies'), engine)
      .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('time', 'text', (c) => c.notNull())
      .addColumn('place', 'text')
      .addColumn('online_link', 'text')
      .addColumn('second_call_minutes', 'integer')
      .addColumn('cutoff_date', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
      .addColumn('convened_at', 'text')
      .addColumn('convened_by', 'integer', (c) => c.references('users._id'))
      .addColumn('last_notice_day', 'text')
      .addColumn('notice_text', 'text')
      .addColumn('opened_at', 'text')
      .addColumn('closed_at', 'text')
      .addColumn('minutes_text', 'text')
      .addColumn('minutes_year', 'integer')
      .addColumn('minutes_number', 'integer')
      .addColumn('minutes_final_at', 'text')
      .addColumn('minutes_file', 'text')
      .addColumn('minutes_sha256', 'text')
      .addColumn('minutes_published', 'integer')
      .execute();
    await createSearchIndex(db, engine, 'assemblies', [{ name: 'title' }]);
    await sql`CREATE INDEX assemblies_date_keyset ON assemblies (date, _id)`.execute(db);
    await sql`CREATE INDEX assemblies_created_at_keyset ON assemblies (created_at, _id)`.execute(db);
    await sql`CREATE INDEX assemblies_updated_at_keyset ON assemblies (updated_at, _id)`.execute(db);
    await sql`CREATE UNIQUE INDEX assemblies_minutes_number ON assemblies (minutes_year, minutes_number)`.execute(db);

    await withRecordColumns(db.schema.createTable('assembly_items'), engine)
      .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('assembly', 'integer', (c) => c.notNull().references('assemblies._id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('majority', 'text', (c) => c.notNull())
      .addColumn('custom_num', 'integer')
      .addColumn('custom_den', 'integer')
      .addColumn('custom_base', 'text')
      .addColumn('secret', 'integer')
      .addColumn('vote_status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('votes_for', 'integer')
      .addColumn('votes_against', 'integer')
      .addColumn('abstentions', 'integer')
      .addColumn('voters', 'integer')
      .addColumn('result', 'text')
      .addColumn('result_text', 'text')
      .addColumn('deliberation', 'text')
      .execute();
    await sql`CREATE UNIQUE INDEX assembly_items_position ON assembly_items (assembly, position)`.execute(db);
    await sql`CREATE INDEX assembly_items_position_keyset ON assembly_items (position, _id)`.execute(db);
    await sql`CREATE INDEX assembly_items_created_at_keyset ON assembly_items (created_at, _id)`.execute(db);
    await sql`CREATE INDEX assembly_items_updated_at_keyset ON assembly_items (updated_at, _id)`.execute(db);

    await withRecordColumns(db.schema.createTable('assembly_attendance'), engine)
      .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('assembly', 'integer', (c) => c.notNull().references('assemblies._id'))
      .addColumn('member', 'integer', (c) => c.notNull().references('members._id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('via', 'text', (c) => c.notNull())
      .addColumn('card_code', 'text')
      .addColumn('represented_by', 'integer', (c) => c.references('members._id'))
      .addColumn('has_vote', 'integer', (c) => c.notNull())
      .addColumn('recorded_by', 'integer', (c) => c.references('users._id'))
      .execute();
    await sql`CREATE UNIQUE INDEX assembly_attendance_member ON assembly_attendance (assembly, member)`.execute(db);
    await sql`CREATE INDEX assembly_attendance_position_keyset ON assembly_attendance (position${nullsFirst}, _id)`.execute(db);
    await sql`CREATE INDEX assembly_attendance_created_at_keyset ON assembly_attendance (created_at, _id)`.execute(db);
    await sql`CREATE INDEX assembly_attendance_updated_at_keyset ON assembly_attendance (updated_at, _id)`.execute(db);

    await withRecordColumns(db.schema.createTable('assembly_ballots'), engine)
      .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('item', 'integer', (c) => c.notNull().references('assembly_items._id'))
      .addColumn('member', 'integer', (c) => c.notNull().references('members._id'))
      .addColumn('choice', 'text', (c) => c.notNull())
      .addColumn('cast_by', 'integer', (c) => c.references('members._id'))
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await sql`CREATE UNIQUE INDEX assembly_ballots_member ON assembly_ballots (item, member)`.execute(db);
    await sql`CREATE INDEX assembly_ballots_at_keyset ON assembly_ballots (at${nullsFirst}, _id)`.execute(db);
    await sql`CREATE INDEX assembly_ballots_created_at_keyset ON assembly_ballots (created_at, _id)`.execute(db);
    await sql`CREATE INDEX assembly_ballots_updated_at_keyset ON assembly_ballots (updated_at, _id)`.execute(db);

    await withRecordColumns(db.schema.createTable('assembly_convocations'), engine)
      .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('assembly', 'integer', (c) => c.notNull().references('assemblies._id'))
      .addColumn('member', 'integer', (c) => c.notNull().references('members._id'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('message', 'integer', (c) => c.references('messages._id'))
      .addColumn('sent_at', 'text')
      .addColumn('recipient', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('number', 'integer')
      .execute();
    await sql`CREATE UNIQUE INDEX assembly_convocations_member ON assembly_convocations (assembly, member)`.execute(db);
    await createSearchIndex(db, engine, 'assembly_convocations', [{ name: 'name' }]);
    await sql`CREATE INDEX assembly_convocations_number_keyset ON assembly_convocations (number${nullsFirst}, _id)`.execute(db);
    await sql`CREATE INDEX assembly_convocations_created_at_keyset ON assembly_convocations (created_at, _id)`.execute(db);
    await sql`CREATE INDEX assembly_convocations_updated_at_keyset ON assembly_convocations (updated_at, _id)`.execute(db);
  },
};
