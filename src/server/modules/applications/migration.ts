import { sql, type CreateTableBuilder } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { Migration } from '../../db/migrate.js';
import { BOOL, withRecordColumns } from '../../db/migrations/schema-helpers.js';
import { createTextOrderIndex } from '../../resources/text-order.js';

/** Every resource table's columns, stated here (a released migration never reads today's helpers' future). */
const record = <T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) =>
  withRecordColumns(table, engine).addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1));

/**
 * Membership applications: the applicant's member fields (the same columns as `members`), what
 * they ask and consent to, the review (state, who decided, when, why) and the member they became.
 * The e-mail confirmation code is stored only as its SHA-256, unique, so a code finds its row.
 */
export const applicationsMigration: Migration = {
  name: '027_member_applications',
  async up(db, engine) {
    await record(db.schema.createTable('member_applications'), engine)
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)')
      .addColumn('phone', 'varchar(30)')
      .addColumn('nif', 'varchar(9)')
      .addColumn('birth_date', 'varchar(10)')
      .addColumn('address', 'varchar(300)')
      .addColumn('postal_code', 'varchar(8)')
      .addColumn('locality', 'varchar(100)')
      .addColumn('country', 'integer', (c) => c.references('countries._id').onDelete('restrict'))
      .addColumn('fee_category', 'integer', (c) => c.references('fee_categories._id').onDelete('restrict'))
      .addColumn('proposer_number', 'integer')
      .addColumn('consent_version', 'varchar(64)')
      .addColumn('consent_at', 'varchar(30)')
      .addColumn('guardian_name', 'varchar(200)')
      .addColumn('guardian_consent', BOOL, (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('email_confirmed_at', 'varchar(30)')
      .addColumn('decided_at', 'varchar(30)')
      .addColumn('decided_by', 'integer', (c) => c.references('users._id').onDelete('set null'))
      .addColumn('reject_reason', 'varchar(1000)')
      .addColumn('member', 'integer', (c) => c.references('members._id').onDelete('set null'))
      .addColumn('verification_hash', 'varchar(64)', (c) => c.unique())
      .addColumn('verification_expires_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('member_applications_created_at').on('member_applications').columns(['created_at', '_id']).execute();
    await db.schema.createIndex('member_applications_state').on('member_applications').columns(['state', 'created_at', '_id']).execute();
    await db.schema.createIndex('member_applications_nif').on('member_applications').column('nif').execute();
    await db.schema.createIndex('member_applications_email').on('member_applications').column('email').execute();
    // Staff lists sort by any sortable column: text in Portuguese order, the others by (column, _id).
    for (const column of ['name', 'email', 'nif', 'postal_code', 'locality']) await createTextOrderIndex(db, engine, 'member_applications', column);
    // `state` is never empty, but the server sets it (no 'required' rule), so lists order it NULLS FIRST like any optional column.
    for (const [column, optional] of [['state', true], ['updated_at', false], ['birth_date', true], ['email_confirmed_at', true], ['decided_at', true]] as const) {
      // SQLite already sorts empty values first and takes no NULLS clause in an index.
      const nulls = engine === 'postgres' && optional ? sql` NULLS FIRST` : sql``;
      await sql`CREATE INDEX ${sql.id(`member_applications_${column}_keyset`)} ON member_applications (${sql.ref(column)}${nulls}, _id)`.execute(db);
    }
    // One member per application: accepting twice cannot make two, whatever races.
    await db.schema.createIndex('member_applications_member').on('member_applications').column('member').unique().where(sql.ref('member'), 'is not', null).execute();
  },
};
