import { sql } from 'kysely';
import type { Migration } from '../../db/migrate.js';

/**
 * member_applications.undecided ("Por decidir"): 1 while an application is open (submitted or
 * e-mail confirmed), else 0, kept by the database itself from `state` (a generated column: no
 * write path can forget it). The staff list opens sorted `-undecided`: open applications first,
 * each group newest first (ties are broken by `_id` in the same direction), walking its index.
 * The open states are application-states.ts's, written out: a released migration never changes.
 */
export const undecidedMigration: Migration = {
  name: 'applications/038_undecided',
  async up(db, engine) {
    const open = sql`CASE WHEN state IN ('submitted', 'email_confirmed') THEN 1 ELSE 0 END`;
    // SQLite adds only virtual generated columns to a table that exists (indexed like any other);
    // PostgreSQL only stored ones.
    await sql`ALTER TABLE member_applications ADD COLUMN undecided integer GENERATED ALWAYS AS (${open}) ${engine === 'postgres' ? sql`STORED` : sql`VIRTUAL`}`.execute(db);
    // Lists order an optional column NULLS FIRST on PostgreSQL (text-order.ts); SQLite takes no NULLS clause.
    await sql`CREATE INDEX member_applications_undecided_keyset ON member_applications (undecided${engine === 'postgres' ? sql` NULLS FIRST` : sql``}, _id)`.execute(db);
  },
};
