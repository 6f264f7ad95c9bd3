import { sql } from 'kysely';
import type { Migration } from '../migrate.js';
import { normalisePhone } from '../../fields/phone.js';

// The phone columns of the time, stated here rather than read from the definitions.
const PHONE_COLUMNS: readonly { table: string; column: string }[] = [
  { table: 'members', column: 'phone' },
  { table: 'contacts', column: 'phone' },
];
const BATCH = 500;

/**
 * Phones stored as typed ("912 345 678") become E.164 ("+351912345678"), as writes now store
 * them. Numbers that do not parse are left as they are, for a person to correct; running it
 * again changes nothing, as E.164 reads back as itself.
 */
export const phoneE164: Migration = {
  name: '022_phone_e164',
  async up(db) {
    for (const { table, column } of PHONE_COLUMNS) {
      let after = 0;
      for (;;) {
        const { rows } = await sql<{ _id: number; phone: string }>`SELECT _id, ${sql.ref(column)} AS phone FROM ${sql.table(table)}
          WHERE _id > ${after} AND ${sql.ref(column)} IS NOT NULL ORDER BY _id LIMIT ${BATCH}`.execute(db);
        if (rows.length === 0) break;
        for (const row of rows) {
          const converted = normalisePhone(row.phone);
          if (converted.ok && converted.value !== row.phone) {
            await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${converted.value} WHERE _id = ${row._id}`.execute(db);
          }
        }
        after = Number(rows.at(-1)!._id);
      }
    }
  },
};
