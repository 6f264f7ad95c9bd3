// The backups module's own table, as its migration creates it (types only).
import type { Generated } from 'kysely';

declare module '../../db/tables.js' {
  interface ModuleTables {
    backups: {
      _id: Generated<number>;
      key: string;
      file: string;
      state: 'ok' | 'failed';
      engine: string;
      size: number;
      tables: number;
      rows: number;
      files: number;
      problem: string | null;
      started_at: string;
      finished_at: string;
      removed_at: string | null;
    };
  }
}

export {};
