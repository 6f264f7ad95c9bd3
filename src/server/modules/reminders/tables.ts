// The reminders module's own table, as its migration creates it (types only): it joins the
// tables Kysely knows (Tables in db/database.ts).

declare module '../../db/tables.js' {
  interface ModuleTables {
    /** The debts a reminder decision covered, at which stage. */
    reminder_coverage: { stage: number; debt: number; decision: number };
  }
  interface NotNullColumns {
    reminder_stages: 'active';
    reminder_decisions: 'member' | 'stage' | 'debt_set' | 'day' | 'decision' | 'debts' | 'total';
  }
}

export {};
