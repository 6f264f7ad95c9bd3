import { sql } from 'kysely';
import type { Migration } from '../../db/migrate.js';

/**
 * Every change of a member's state with the day it took effect, so reports answer "who was
 * active on 31 December" and "who left in 2024" from history rather than from today's state.
 * No foreign keys: a history row outlives neither its member (the hook deletes it with them) nor
 * needs to block a state's removal. Existing members get their admission as the first entry;
 * one in an ending state gets the first active state at admission and the ending state on the
 * day their record last changed (the best date the data holds).
 */
export const memberStateHistoryMigration: Migration = {
  name: '025_member_state_history',
  async up(db, engine) {
    await db.schema
      .createTable('member_state_history')
      .addColumn('_id', 'integer', (c) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('member', 'integer', (c) => c.notNull())
      .addColumn('state', 'integer', (c) => c.notNull())
      .addColumn('previous_state', 'integer')
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('changed_by', 'integer')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('member_state_history_member').on('member_state_history').columns(['member', 'date', '_id']).execute();
    await db.schema.createIndex('member_state_history_date').on('member_state_history').columns(['date', 'state']).execute();

    const firstActive = sql`(SELECT MIN(f._id) FROM member_states f WHERE f."marksEnd" = 0)`;
    const admission = sql`COALESCE(m.admission_date, substr(m.created_at, 1, 10))`;
    await sql`
      INSERT INTO member_state_history (member, state, previous_state, date, created_at)
      SELECT m._id, CASE WHEN s."marksEnd" = 0 THEN m.state ELSE COALESCE(${firstActive}, m.state) END, NULL, ${admission}, m.updated_at
      FROM members m JOIN member_states s ON s._id = m.state
    `.execute(db);
    await sql`
      INSERT INTO member_state_history (member, state, previous_state, date, created_at)
      SELECT m._id, m.state, ${firstActive},
        CASE WHEN substr(m.updated_at, 1, 10) > ${admission} THEN substr(m.updated_at, 1, 10) ELSE ${admission} END, m.updated_at
      FROM members m JOIN member_states s ON s._id = m.state
      WHERE s."marksEnd" = 1 AND ${firstActive} IS NOT NULL
    `.execute(db);
  },
};

/**
 * Indexes the reports read at 100,000 members and seven years of dues, each holding every column
 * its query needs so no table row is fetched: the state history by date (membership counts) and
 * by member (who was active on a day), the
 * debts by status (what was owed), the allocations by debt (what paid a debt) and the payments
 * by method and date (cash received per year and method, a range per pair).
 */
export const reportIndexesMigration: Migration = {
  name: '031_report_indexes',
  async up(db) {
    await db.schema.createIndex('member_state_history_moves').on('member_state_history').columns(['date', 'state', 'previous_state']).execute();
    await db.schema.createIndex('member_state_history_member_moves').on('member_state_history').columns(['member', 'date', 'state', 'previous_state']).execute();
    await db.schema.createIndex('unsettled_payments_report').on('unsettled_payments').columns(['status', 'year', 'due_date', 'member', 'amount', 'resolved_at', '_id']).execute();
    await db.schema.createIndex('payment_allocations_report').on('payment_allocations').columns(['debt', 'payment', 'amount']).execute();
    await db.schema.createIndex('payments_report').on('payments').columns(['method', 'date', 'amount', 'annulled_at']).execute();
  },
};

/**
 * What owedPerYear reads since it starts from each debt's `paid` (migration 035's receipt totals
 * took the payments per year off the payments and allocations): the debts by status with `paid`
 * beside the amount, replacing 031's index without it, and the payments annulled, by the moment
 * of the annulment. payments_report (031) served the cash sums, now read from the totals.
 */
export const reportOwedIndexesMigration: Migration = {
  name: '035_report_owed_indexes',
  async up(db) {
    await db.schema.createIndex('unsettled_payments_owed').on('unsettled_payments').columns(['status', 'year', 'due_date', 'member', 'amount', 'paid', 'resolved_at', '_id']).execute();
    await db.schema.dropIndex('unsettled_payments_report').execute();
    await db.schema.createIndex('payments_annulled').on('payments').columns(['annulled_at', 'date', '_id']).execute();
    await db.schema.dropIndex('payments_report').execute();
  },
};

/**
 * payments_annulled (035) indexed every payment, though owedPerYear reads only the annulled
 * ones (`annulled_at >= …`, which implies the partial index's condition on both engines). With
 * annulled_at empty on nearly every row, SQLite's statistics made it skip-scan that index for
 * any `date = ? AND _id < ?` and sort, instead of seeking the date order index: a payments
 * cursor page at 1.7 million payments took 2.8 ms instead of 0.5 ms.
 */
export const paymentsAnnulledPartialMigration: Migration = {
  name: '036_payments_annulled_partial',
  async up(db) {
    await db.schema.dropIndex('payments_annulled').execute();
    await db.schema.createIndex('payments_annulled').on('payments').columns(['annulled_at', 'date', '_id']).where(sql.ref('annulled_at'), 'is not', null).execute();
  },
};
