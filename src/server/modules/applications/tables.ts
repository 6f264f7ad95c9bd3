// The applications module's own columns, as its migration adds them (types only): they join the
// tables Kysely knows (Tables in db/database.ts).

declare module '../../db/tables.js' {
  interface StoredOnlyColumns {
    /** The e-mail check of a public application: the code's hash and when it expires. */
    member_applications: { verification_hash: string | null; verification_expires_at: string | null };
  }
}

export {};
