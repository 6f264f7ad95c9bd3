// The erasure part's own tables, as its migration (privacy/046_erasure) creates them (types
// only): they join the tables Kysely knows (Tables in db/database.ts).
import type { Generated } from 'kysely';

declare module '../../../db/tables.js' {
  interface ModuleTables {
    /** One row per erased member: who erased them, when, on which request, and what was done. */
    member_erasures: {
      _id: Generated<number>;
      created_at: string;
      updated_at: string;
      member: number;
      erased_at: string;
      reason: 'pedido' | 'retencao';
      request: number | null;
      actor_kind: string;
      actor_id: number | null;
      actor_name: string | null;
      summary: string;
    };
    /** The retention job's warning before it anonymises a departed member. */
    retention_warnings: {
      member: number;
      left_on: string;
      warned_on: string;
      erase_on: string;
    };
  }
  interface NotNullColumns {
    data_subject_requests: 'received_on' | 'due_on' | 'status';
  }
}
