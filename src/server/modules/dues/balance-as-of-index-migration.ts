import { sql } from 'kysely';
import type { Migration } from '../../db/migrate.js';

/**
 * member_balances' index on `as_of` served one question: is any row computed for a later day
 * than today (a clock set back)? Every writer sets `as_of` and `updated_at` from the same clock
 * reading, so the index on `updated_at` (the lists' sort, 026) answers it as well
 * (balances.ts, STALE_CONDITIONS). The index was written with every balance row: by every ledger
 * action, and for every member by a year's generation, where it was a fifth of the cost of
 * adding the new quotas to the rows (SQLite, 40,000 rows: 101 ms with it, 83 ms without).
 */
export const balanceAsOfIndexMigration: Migration = {
  name: 'dues/053_balance_as_of_index',
  async up(db) {
    await sql`DROP INDEX IF EXISTS member_balances_as_of`.execute(db);
  },
};
