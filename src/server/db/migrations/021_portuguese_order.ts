import { sql } from 'kysely';
import type { Migration } from '../migrate.js';
import { createPortugueseCollation, createTextOrderIndex } from '../../resources/text-order.js';

// The sortable text columns of tables that grow without bound, stated here, not read from the
// definitions (a released migration creates the same indexes whatever they say later). Small
// tables (countries, member states, tags, settings, API keys, fee categories, reminder stages,
// reconciliation imports) are sorted in memory in well under a millisecond and get none.
const ORDERED: Readonly<Record<string, readonly string[]>> = {
  members: ['name', 'email', 'nif', 'postal_code', 'locality'],
  contacts: ['name', 'email', 'organisation'],
  users: ['username', 'name', 'email'],
  messages: ['recipient', 'subject'],
  member_balances: ['name'],
  sepa_mandates: ['reference'],
  jobs: ['key'],
};

// Plain (name, _id) indexes the Portuguese order replaces: lists no longer walk them.
const REPLACED = ['members_name', 'member_balances_name'];

/** Lists sorted by a text column walk an index in Portuguese alphabetical order (text-order.ts). */
export const portugueseOrder: Migration = {
  name: '021_portuguese_order',
  async up(db, engine) {
    await createPortugueseCollation(db, engine);
    for (const index of REPLACED) await sql`DROP INDEX ${sql.id(index)}`.execute(db);
    for (const [table, columns] of Object.entries(ORDERED)) {
      for (const column of columns) await createTextOrderIndex(db, engine, table, column);
    }
  },
};
