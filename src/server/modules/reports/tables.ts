// The reports module's own table, as its migration creates it (types only): it joins the tables
// Kysely knows (Tables in db/database.ts).
import type { Generated } from 'kysely';

declare module '../../db/tables.js' {
  interface ModuleTables {
    /** Every change of a member's state, with the day it counts from. */
    member_state_history: {
      _id: Generated<number>;
      member: number;
      state: number;
      previous_state: number | null;
      date: string;
      changed_by: number | null;
      created_at: string;
    };
  }
}
