import type { Migration } from '../../db/migrate.js';

/**
 * A payment request may be a household's (issue 34): one Multibanco reference or MB WAY push for
 * debts of several of its members, paid by the household's payer; its confirmation records one
 * payment with the household set. Null for a member's own request, as every earlier one is.
 */
export const householdRequestsMigration: Migration = {
  name: 'collecting/044_household_requests',
  async up(db) {
    await db.schema.alterTable('payment_requests').addColumn('household', 'integer', (c) => c.references('households._id')).execute();
    await db.schema.createIndex('payment_requests_household').on('payment_requests').columns(['household', 'created_at']).execute();
  },
};
