// The imports module's own tables, as its migration creates them (types only): they join the
// tables Kysely knows (Tables in db/database.ts).
import type { Generated } from 'kysely';

declare module '../../db/tables.js' {
  interface ModuleTables {
    import_batches: {
      _id: Generated<number>;
      created_at: string;
      updated_at: string;
      kind: string;
      file_name: string;
      file_sha256: string;
      row_count: number;
      mapping: string;
      defaults: string;
      state: string;
      summary: string | null;
      created_by: number | null;
      committed_at: string | null;
      undone_at: string | null;
      job_id: number | null;
      committed_rows: Generated<number>;
      result: string | null;
    };
    import_batch_files: { batch_id: number; content: Buffer; check_rows: string | null };
    import_batch_changes: {
      _id: Generated<number>;
      created_at: string;
      updated_at: string;
      batch_id: number;
      resource: string;
      record_id: number;
      action: string;
      before: string | null;
      undone_at: string | null;
    };
    import_mappings: { kind: string; mapping: string; defaults: string; updated_at: string };
  }
}
