import { sql, type RawBuilder } from 'kysely';
import { afterDay } from './params.js';

// SQL pieces the reports share. Years and cut-off days are validated numbers and dates made
// here, so they go in as literals: PostgreSQL types a bound parameter in VALUES as text.

/** `years(y, cutoff)`: one row per year of the range with the day its figures are taken on. */
export function yearsCte(cutoffs: readonly { year: number; cutoff: string }[]): RawBuilder<unknown> {
  const rows = cutoffs.map(({ year, cutoff }) => sql`(${sql.lit(year)}, ${sql.lit(cutoff)})`);
  return sql`years(y, cutoff) AS (VALUES ${sql.join(rows)})`;
}

/**
 * `latest(y, member, state)`: each member's state on each year's cut-off day, read from the
 * state history (the entry of latest date, then latest written, on or before that day).
 * Needs `yearsCte` before it.
 */
export const latestStateCte = sql`latest AS (
  SELECT ranked.y, ranked.member, ranked.state FROM (
    SELECT years.y AS y, h.member AS member, h.state AS state,
      ROW_NUMBER() OVER (PARTITION BY years.y, h.member ORDER BY h.date DESC, h._id DESC) AS position
    FROM years JOIN member_state_history h ON h.date <= years.cutoff
  ) ranked WHERE ranked.position = 1
)`;

/** A payment that had been received and not yet annulled on `asOf`. */
export const paymentStandingOn = (payment: string, asOf: string): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(`${payment}.date`)} <= ${asOf} AND (${sql.ref(`${payment}.annulled_at`)} IS NULL OR ${sql.ref(`${payment}.annulled_at`)} >= ${afterDay(asOf)})`;

/** The year of a 'YYYY-MM-DD' column, as a number on both engines. */
export const yearOf = (column: string): RawBuilder<number> => sql<number>`CAST(substr(${sql.ref(column)}, 1, 4) AS integer)`;

/** Counts and sums come back as strings from PostgreSQL (bigint): numbers here. */
export const numbers = <K extends string>(row: Record<string, unknown>, keys: readonly K[]): Record<K, number> =>
  Object.fromEntries(keys.map((key) => [key, Number(row[key] ?? 0)])) as Record<K, number>;
