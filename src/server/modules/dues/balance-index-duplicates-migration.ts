import { sql } from 'kysely';
import type { Migration } from '../../db/migrate.js';

/**
 * member_balances had two indexes on (number, _id) and two on (oldest_due, _id): 010_dues made
 * the first of each, 026_keyset_order_indexes the second (`…_keyset`). Every balance row a ledger
 * action or a year's generation writes wrote both (on PostgreSQL a new version in each, on
 * SQLite both b-trees). The keyset index serves whatever the other did: the same columns, and on
 * PostgreSQL its NULLS FIRST is the order lists sort these optional columns in (the other served
 * none of them, and a range such as `oldest_due <= day` either way). The first of each is dropped.
 */
export const balanceIndexDuplicatesMigration: Migration = {
  name: 'dues/050_balance_index_duplicates',
  async up(db) {
    for (const index of ['member_balances_number', 'member_balances_oldest_due']) await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
  },
};
