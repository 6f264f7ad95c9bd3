import { sql } from 'kysely';
import type { Migration } from '../../db/migrate.js';

/**
 * The payments with credit left (valid, not wholly allocated): a partial index of the few of
 * them, which the credit pass of a year's generation reads (spend-credit.ts). In steps (SQLite)
 * each step looked up every payment of its members through the members' index to keep the few
 * with credit (at 100,000 members, 571,336 payments of which 500 with credit: about 8 ms of each
 * step); at once it walked every valid payment. Led by `annulled_at` (null in every entry), so
 * the condition `annulled_at IS NULL AND member IN (…)` matches two of its columns, more than
 * any other index of payments: SQLite's planner takes it without statistics (a server's database
 * has none), where with `member` first it kept the members' index.
 */
export const paymentsCreditLeftMigration: Migration = {
  name: 'dues/052_payments_credit_left',
  async up(db) {
    await sql`CREATE INDEX payments_credit_left ON payments (annulled_at, member, "date", _id) WHERE annulled_at IS NULL AND amount > allocated`.execute(db);
  },
};
