import { sql } from 'kysely';
import type { Migration } from '../migrate.js';

// Sortable columns of tables that grow without bound whose sort no index served with the `_id`
// tie-break (text columns have theirs since 021). Stated here, not read from the definitions:
// a released migration creates the same indexes whatever they say later. "Optional" columns are
// those listOrder sorts with empty values first (the field is not required): PostgreSQL's index
// must state NULLS FIRST to serve that order forwards and its descending order backwards.
// Small tables (as in 021) are sorted in memory in well under a millisecond and get none.
const ORDERED: Readonly<Record<string, { required?: readonly string[]; optional?: readonly string[] }>> = {
  members: { required: ['number', 'state', 'updated_at'], optional: ['birth_date', 'admission_date'] },
  contacts: { required: ['created_at', 'updated_at'] },
  users: { required: ['role', 'created_at', 'updated_at'], optional: ['active'] },
  messages: { required: ['created_at', 'updated_at'], optional: ['status', 'attempts', 'sent_at'] },
  payments: { required: ['updated_at'], optional: ['member', 'date', 'amount', 'method', 'annulled_at'] },
  payment_allocations: { required: ['created_at', 'updated_at'] },
  member_balances: { required: ['open_debts', 'credit', 'created_at', 'updated_at'], optional: ['number', 'oldest_due'] },
  unsettled_payments: { required: ['updated_at'], optional: ['member', 'year', 'amount', 'due_date', 'status'] },
  payment_requests: { required: ['updated_at'], optional: ['member', 'amount', 'expires_at', 'state', 'paid_at'] },
  sepa_mandates: { required: ['member', 'signature_date', 'updated_at'], optional: ['state'] },
  direct_debit_items: { required: ['created_at', 'updated_at'], optional: ['member', 'amount', 'state'] },
  membership_cards: { required: ['updated_at'], optional: ['member', 'state', 'issued_at', 'valid_until'] },
  card_checkin_scans: { required: ['updated_at'], optional: ['position', 'at'] },
  audit_log: { required: ['created_at', 'updated_at'], optional: ['at'] },
  jobs: { required: ['updated_at'], optional: ['name', 'state', 'run_at', 'started_at', 'finished_at'] },
  reminder_decisions: { required: ['updated_at'], optional: ['day', 'decision', 'total', 'decided_at'] },
  payment_links: { required: ['updated_at'], optional: ['member', 'expires_at', 'revoked_at', 'last_used_at'] },
  reconciliation_import_lines: { required: ['updated_at'], optional: ['line', 'date', 'amount'] },
};

/** Lists sorted by any sortable column of a large table walk an index of (column, _id), first page or cursor page. */
export const keysetOrderIndexes: Migration = {
  name: '026_keyset_order_indexes',
  async up(db, engine) {
    for (const [table, { required = [], optional = [] }] of Object.entries(ORDERED)) {
      for (const column of [...required, ...optional]) {
        // SQLite already sorts empty values first and takes no NULLS clause in an index.
        const nulls = engine === 'postgres' && optional.includes(column) ? sql` NULLS FIRST` : sql``;
        await sql`CREATE INDEX ${sql.id(`${table}_${column}_keyset`)} ON ${sql.table(table)} (${sql.ref(column)}${nulls}, ${sql.ref('_id')})`.execute(db);
      }
    }
  },
};
