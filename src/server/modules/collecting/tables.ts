// The collecting module's own tables and columns, as its migration creates them (types only):
// they join the tables Kysely knows (Tables in db/database.ts).
import type { Generated } from 'kysely';

declare module '../../db/tables.js' {
  interface ModuleTables {
    /** The last number handed out per counter (the local provider's reference sequence). */
    collecting_counters: { name: string; value: number };
    /** Every provider callback received once, by its dedupe key. */
    payment_callbacks: {
      _id: Generated<number>;
      created_at: string;
      updated_at: string;
      provider: string;
      dedupe_key: string;
      request: number | null;
      outcome: string;
      raw: string;
    };
  }
  interface StoredOnlyColumns {
    /** The provider's references for a request: the entity's sub-entity, our sequence, the provider's order and id. */
    payment_requests: { sub_entity: string | null; sequence: number | null; provider_order: string | null; provider_id: string | null };
  }
  interface NotNullColumns {
    payment_requests: 'member' | 'method' | 'amount' | 'expires_at' | 'state' | 'provider';
    reconciliation_imports: 'file' | 'file_name' | 'source' | 'lines' | 'recorded' | 'recorded_amount' | 'unmatched';
    reconciliation_import_lines: 'reconciliation_import' | 'line' | 'date' | 'amount' | 'message';
  }
}
