import { sql } from 'kysely';
import type { Migration } from '../../db/migrate.js';

/**
 * member_balances follow the ledger's one rule for what is owed (owed.ts): open_total,
 * open_debts, years_owed and oldest_due now count only debts due by the row's day (`as_of`);
 * what falls due later is `upcoming_total`/`upcoming_debts`, the earliest such date `next_due`.
 * A row is computed again before any read once `next_due` is reached (bringBalancesToToday).
 * A migration has no clock: every row is marked due for that (next_due in year 0), so the first
 * read computes them all for its own day.
 */
export const balancesOwedMigration: Migration = {
  name: '037_balances_owed',
  async up(db, engine) {
    await db.schema.alterTable('member_balances').addColumn('upcoming_total', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('member_balances').addColumn('upcoming_debts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('member_balances').addColumn('next_due', 'varchar(10)').execute();
    await db.schema.alterTable('member_balances').addColumn('as_of', 'varchar(10)', (c) => c.notNull().defaultTo('')).execute();
    // Keyset order indexes as 026 makes them (next_due may be empty: NULLS FIRST on PostgreSQL);
    // next_due's also finds the rows a due date reached, as_of's those computed for a later day.
    const nullsFirst = engine === 'postgres' ? sql` NULLS FIRST` : sql``;
    await sql`CREATE INDEX member_balances_upcoming_total_keyset ON member_balances (upcoming_total, _id)`.execute(db);
    await sql`CREATE INDEX member_balances_next_due_keyset ON member_balances (next_due${nullsFirst}, _id)`.execute(db);
    await db.schema.createIndex('member_balances_as_of').on('member_balances').column('as_of').execute();
    await sql`UPDATE member_balances SET next_due = '0000-01-01'`.execute(db);
  },
};
