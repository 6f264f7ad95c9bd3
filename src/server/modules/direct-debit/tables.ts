// The direct-debit module's own columns, as its migration adds them (types only): they join the
// tables Kysely knows (Tables in db/database.ts).

declare module '../../db/tables.js' {
  interface StoredOnlyColumns {
    /** The debt an item collects while the collection is pending. */
    direct_debit_items: { pending_debt: number | null };
  }
  interface NotNullColumns {
    sepa_mandates: 'sequence' | 'state';
    direct_debit_batches: 'collection_date' | 'state' | 'item_count' | 'total';
    direct_debit_items: 'batch' | 'debt' | 'member' | 'mandate' | 'amount' | 'sequence_type' | 'state';
  }
}

export {};
