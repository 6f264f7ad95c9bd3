import { sql } from 'kysely';
import type { Migration } from '../../db/migrate.js';
import { createTextOrderIndex } from '../../resources/text-order.js';

// Literal names, as every migration: what this creates never follows later definitions.
const TEXT_ORDERED = { treasury_docs: ['number', 'payer_name'], donations: ['donor_name'] } as const;
const ORDERED: Readonly<Record<string, { required: readonly string[]; optional: readonly string[] }>> = {
  treasury_docs: { required: ['updated_at'], optional: ['member', 'issue_date', 'type', 'total', 'status'] },
  donations: { required: ['amount', 'updated_at'], optional: [] },
};

/**
 * A year's receipts and donations grow without bound: every sortable column gets the index that
 * serves its sort with the `_id` tie-break (as migrations 021 and 026 do for the older tables),
 * and document statuses, a handful of rows, none.
 */
export const treasuryOrderIndexesMigration: Migration = {
  name: '032_treasury_order_indexes',
  async up(db, engine) {
    for (const [table, columns] of Object.entries(TEXT_ORDERED)) for (const column of columns) await createTextOrderIndex(db, engine, table, column);
    for (const [table, { required, optional }] of Object.entries(ORDERED)) {
      for (const column of [...required, ...optional]) {
        // SQLite already sorts empty values first and takes no NULLS clause in an index.
        const nulls = engine === 'postgres' && optional.includes(column) ? sql` NULLS FIRST` : sql``;
        await sql`CREATE INDEX ${sql.id(`${table}_${column}_keyset`)} ON ${sql.table(table)} (${sql.ref(column)}${nulls}, ${sql.ref('_id')})`.execute(db);
      }
    }
  },
};
