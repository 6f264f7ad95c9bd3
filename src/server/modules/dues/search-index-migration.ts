import type { Migration } from '../../db/migrate.js';
import { createSearchIndex } from '../../resources/search.js';

/**
 * Lists of payments and debts searched by their own text (a payment's reference, a debt's
 * description) read every row: at 100,000 members with seven years of dues, 571k payments and
 * 630k debts, 115 to 150 ms on SQLite for one search, the event loop held all along. A trigram
 * index each, as members have (decision 0004), holding the rows already there.
 */
export const paymentsDebtsSearchMigration: Migration = {
  name: 'dues/051_payments_debts_search',
  async up(db, engine) {
    await createSearchIndex(db, engine, 'payments', [{ name: 'reference' }]);
    await createSearchIndex(db, engine, 'unsettled_payments', [{ name: 'description' }]);
  },
};
