// The payment-links module's own table and columns, as its migration creates them (types only):
// they join the tables Kysely knows (Tables in db/database.ts).

declare module '../../db/tables.js' {
  interface ModuleTables {
    /** The payment requests a link has made. */
    payment_link_requests: { link: number; request: number };
  }
  interface StoredOnlyColumns {
    /** Only the hash of a link's token is kept. */
    payment_links: { token_hash: string };
  }
  interface NotNullColumns {
    payment_links: 'member' | 'purpose' | 'expires_at';
  }
}

export {};
