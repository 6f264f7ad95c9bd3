import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';

// SQL pieces the reports share. Years and cut-off days are validated numbers and dates made
// here, so they go in as literals: PostgreSQL types a bound parameter in VALUES as text.

/** Member states that count as active and those that end a membership (the `marksEnd` flag). */
export interface StateSets {
  active: readonly number[];
  ending: readonly number[];
}

export async function stateSets(db: Db): Promise<StateSets> {
  const states = await db.selectFrom('member_states').select(['_id', 'marksEnd']).execute();
  const ids = (ends: boolean) => states.filter((s) => Boolean(Number(s.marksEnd)) === ends).map((s) => Number(s._id));
  return { active: ids(false), ending: ids(true) };
}

const among = (column: string, ids: readonly number[]) => (ids.length === 0 ? sql`FALSE` : sql`${sql.ref(column)} IN (${sql.join(ids.map((id) => sql.lit(id)))})`);

/**
 * What a history entry `h` did to the count of active members. `admitted`: a move into an active
 * state from none or from an ending state (admission or readmission); `ended`: a move from an
 * active state into an ending one. Every entry names the state it left, so a member is active on a
 * day exactly when their admissions up to that day outnumber their endings: counts at any cut-off
 * are sums over entries read in index order, with no search for each member's latest entry. The
 * states go in as literals (a handful) so the sums read the history's indexes alone.
 */
export const moveOf = ({ active, ending }: StateSets) => ({
  admitted: sql<boolean>`(${among('h.state', active)} AND (h.previous_state IS NULL OR ${among('h.previous_state', ending)}))`,
  ended: sql<boolean>`(${among('h.state', ending)} AND ${among('h.previous_state', active)})`,
});

/** The year of a 'YYYY-MM-DD' column, as a number on both engines. */
export const yearOf = (column: string): RawBuilder<number> => sql<number>`CAST(substr(${sql.ref(column)}, 1, 4) AS integer)`;

/** Counts and sums come back as strings from PostgreSQL (bigint): numbers here. */
export const numbers = <K extends string>(row: Record<string, unknown>, keys: readonly K[]): Record<K, number> =>
  Object.fromEntries(keys.map((key) => [key, Number(row[key] ?? 0)])) as Record<K, number>;
