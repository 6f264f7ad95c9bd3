import type { Migration } from '../../db/migrate.js';

/**
 * A series' next number moved forward by an administrator (to carry on from a paper receipt
 * book): the number that would have come next and the one set instead, so "verificar
 * integridade" tells a gap someone chose from a missing document. One row per series and
 * starting number: setting it again before the next issue replaces the target.
 */
export const treasurySeriesJumpsMigration: Migration = {
  name: '034_treasury_series_jumps',
  async up(db, engine) {
    await db.schema
      .createTable('treasury_series_jumps')
      .addColumn('_id', 'integer', (c) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('series', 'integer', (c) => c.notNull().references('treasury_series._id'))
      .addColumn('from_number', 'integer', (c) => c.notNull())
      .addColumn('to_number', 'integer', (c) => c.notNull())
      .addColumn('at', 'varchar(30)', (c) => c.notNull())
      .addColumn('by', 'integer', (c) => c.references('users._id'))
      .addUniqueConstraint('treasury_series_jumps_start', ['series', 'from_number'])
      .execute();
  },
};
