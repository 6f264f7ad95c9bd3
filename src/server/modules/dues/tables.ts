// The dues module's own table and columns, as its migrations create them (types only): they join
// the tables Kysely knows (Tables in db/database.ts).
import type { Generated } from 'kysely';

declare module '../../db/tables.js' {
  interface ModuleTables {
    /** Amounts received, summed by how the receipts count them (receipt-totals-migration.ts). */
    receipt_totals: {
      _id: Generated<number>;
      basis: string;
      debt_year: number | null;
      method: string;
      date: string;
      counts_from: string;
      /** Cents. */
      amount: number;
    };
  }
  interface StoredOnlyColumns {
    /** A provider's id for the payment, so a payment is never recorded twice. */
    payments: { external_id: string | null };
    /** A caller's key for a payment never to be left unsettled twice. */
    unsettled_payments: { dedupe_key: string | null };
    /** The day the balance's owed figures were brought up to (balances-owed-migration.ts). */
    member_balances: { as_of: Generated<string> };
  }
  interface NotNullColumns {
    fee_categories: 'exempt' | 'charge' | 'household_discount_percent' | 'household_discount_from';
    households: 'shared_address';
    fee_schedules: 'joining_fee' | 'capital';
    unsettled_payments: 'member' | 'kind' | 'year' | 'period' | 'description' | 'amount' | 'paid' | 'due_date' | 'status';
    payments: 'member' | 'date' | 'amount' | 'allocated' | 'method';
    payment_allocations: 'payment' | 'debt' | 'member' | 'amount';
    member_balances: 'member';
  }
}
