import type { Migration } from '../../db/migrate.js';
import { rebuildReceiptTotals } from './receipt-totals.js';

/**
 * The receipts the ledger sums as it writes (receipt-totals.ts), filled from the payments and
 * allocations already recorded. One index serves both reports' reads: cash rows (debt_year NULL)
 * by date, accrual rows by debt year, each with the day they count from, the method and amount.
 */
export const receiptTotalsMigration: Migration = {
  name: '035_receipt_totals',
  async up(db, engine) {
    await db.schema
      .createTable('receipt_totals')
      .addColumn('_id', 'integer', (c) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('basis', 'varchar(7)', (c) => c.notNull())
      .addColumn('debt_year', 'integer')
      .addColumn('method', 'varchar(20)', (c) => c.notNull())
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('counts_from', 'varchar(10)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('receipt_totals_report').on('receipt_totals').columns(['basis', 'debt_year', 'date', 'counts_from', 'method', 'amount']).execute();
    await rebuildReceiptTotals(db);
  },
};
