// The treasury module's own tables and columns, as its migrations create them (types only): they
// join the tables Kysely knows (Tables in db/database.ts).
import type { Generated } from 'kysely';

declare module '../../db/tables.js' {
  interface ModuleTables {
    /** The payments a document covers. */
    treasury_doc_payments: { doc: number; payment: number };
    /** Every change of a document's status. */
    treasury_doc_status_history: { _id: Generated<number>; doc: number; status: number | null; at: string; by: number | null };
    /** A numbering series per document type and year, with the last number and hash of its chain. */
    treasury_series: {
      _id: Generated<number>;
      type: string;
      year: number;
      prefix: string;
      last_number: Generated<number>;
      last_hash: string | null;
    };
    /** Numbers a series skipped, who skipped them and when. */
    treasury_series_jumps: { _id: Generated<number>; series: number; from_number: number; to_number: number; at: string; by: number | null };
  }
  interface StoredOnlyColumns {
    /**
     * A document's number in its series, its frozen content (JSON), its PDF (null until drawn after
     * the commit, decision 0054), the hash chaining it to the previous one and what that link covers (chain.ts).
     */
    treasury_docs: { sequence: number; snapshot: string; file: number | null; prev_hash: string | null; chain_version: Generated<number> };
  }
  interface NotNullColumns {
    treasury_docs: 'number' | 'type' | 'series' | 'issue_date' | 'payer_name' | 'lines' | 'total' | 'vat_wording' | 'hash';
  }
}
