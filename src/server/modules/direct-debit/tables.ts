// The direct-debit module's own columns, as its migration adds them (types only): they join the
// tables Kysely knows (Tables in db/database.ts).

declare module '../../db/tables.js' {
  interface StoredOnlyColumns {
    /** The debt an item collects while the collection is pending. */
    direct_debit_items: { pending_debt: number | null };
  }
}

export {};
