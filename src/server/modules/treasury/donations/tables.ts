// The NOT NULL columns of the donations table that its definition does not mark required, as its
// migration creates them (types only): they join the tables Kysely knows (Tables in db/database.ts).

declare module '../../../db/tables.js' {
  interface NotNullColumns {
    donations: 'kind' | 'donor_name' | 'donor_nif';
  }
}

export {};
