// Frozen once released: its names are literal, so a later change to the definitions needs a
// migration of its own.
import { sql } from 'kysely';
import type { Migration } from '../../../db/migrate.js';
import { withRecordColumns } from '../../../db/migrations/schema-helpers.js';
import { createTextOrderIndex } from '../../../resources/text-order.js';

/**
 * Erasure, retention and the register of data-subject requests (issue 34, part 5):
 * - `data_subject_requests`, the register;
 * - `members.left_on`, the day a member left (entered an ending state), from which retention
 *   counts; `members.erased_at`, when their personal data was erased;
 * - `member_erasures`, the record of each erasure (who, when, on which request, what it did);
 * - `retention_warnings`, the warning the retention job gave before anonymising (one per member
 *   and departure, so the job warns once and anonymises only after warning).
 */
export const erasureMigration: Migration = {
  name: 'privacy/046_erasure',
  async up(db, engine) {
    const nullsFirst = engine === 'postgres' ? sql` NULLS FIRST` : sql``;

    await withRecordColumns(db.schema.createTable('data_subject_requests'), engine)
      .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('member', 'integer', (c) => c.references('members._id'))
      .addColumn('requester_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('requester_contact', 'varchar(254)')
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('received_on', 'varchar(10)', (c) => c.notNull())
      .addColumn('due_on', 'varchar(10)', (c) => c.notNull())
      .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('aberto'))
      .addColumn('answered_on', 'varchar(10)')
      .addColumn('answer', 'text')
      .addColumn('handled_by', 'integer', (c) => c.references('users._id').onDelete('set null'))
      .execute();
    await sql`CREATE INDEX data_subject_requests_member ON data_subject_requests (member, _id)`.execute(db);
    await createTextOrderIndex(db, engine, 'data_subject_requests', 'requester_name');
    // As the list orders them (text-order.ts listOrder): a required field and the record's times
    // plainly; a field the definition lets be empty with its empty values first on PostgreSQL
    // (received_on and due_on are always filled by the hooks, but their fields do not say so).
    for (const column of ['kind', 'created_at', 'updated_at']) {
      await sql`CREATE INDEX ${sql.id(`data_subject_requests_${column}_keyset`)} ON data_subject_requests (${sql.ref(column)}, _id)`.execute(db);
    }
    for (const column of ['received_on', 'due_on', 'status', 'answered_on']) {
      await sql`CREATE INDEX ${sql.id(`data_subject_requests_${column}_keyset`)} ON data_subject_requests (${sql.ref(column)}${nullsFirst}, _id)`.execute(db);
    }

    await db.schema.alterTable('members').addColumn('left_on', 'varchar(10)').execute();
    await db.schema.alterTable('members').addColumn('erased_at', 'varchar(30)').execute();
    // Lists sort by them; the retention job reads the members who left before a day.
    await sql`CREATE INDEX members_left_on ON members (left_on${nullsFirst}, _id)`.execute(db);
    await sql`CREATE INDEX members_erased_at ON members (erased_at${nullsFirst}, _id)`.execute(db);
    // Members already in an ending state left on the day the state history says they entered it
    // (the reports' history, backfilled from each record's last change when it was created), or
    // on their record's last change where no history says otherwise.
    await sql`
      UPDATE members SET left_on = COALESCE(
        (SELECT MAX(h.date) FROM member_state_history h WHERE h.member = members._id AND h.state = members.state),
        substr(members.updated_at, 1, 10))
      WHERE state IN (SELECT _id FROM member_states WHERE "marksEnd" = 1)
    `.execute(db);

    await withRecordColumns(db.schema.createTable('member_erasures'), engine)
      .addColumn('member', 'integer', (c) => c.notNull().references('members._id'))
      .addColumn('erased_at', 'varchar(30)', (c) => c.notNull())
      // pedido (a data-subject request or staff's decision) | retencao (the retention job).
      .addColumn('reason', 'varchar(20)', (c) => c.notNull())
      .addColumn('request', 'integer', (c) => c.references('data_subject_requests._id'))
      // user | apiKey | system, and that account's id and name at the time (no personal data of the erased).
      .addColumn('actor_kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('actor_id', 'integer')
      .addColumn('actor_name', 'varchar(200)')
      // JSON: what was erased, by step, with counts.
      .addColumn('summary', 'text', (c) => c.notNull())
      .execute();
    // A member is erased once: a second erasure (two staff at once, a retried job) is refused by the database.
    await sql`CREATE UNIQUE INDEX member_erasures_member ON member_erasures (member)`.execute(db);

    await db.schema
      .createTable('retention_warnings')
      .addColumn('member', 'integer', (c) => c.notNull().references('members._id'))
      // The departure warned about: a member who comes back and leaves again is warned again.
      .addColumn('left_on', 'varchar(10)', (c) => c.notNull())
      .addColumn('warned_on', 'varchar(10)', (c) => c.notNull())
      .addColumn('erase_on', 'varchar(10)', (c) => c.notNull())
      .addPrimaryKeyConstraint('retention_warnings_pk', ['member', 'left_on'])
      .execute();
  },
};
