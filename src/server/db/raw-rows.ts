import type { Row } from './database.js';

/**
 * Row objects made in JavaScript from a statement's raw arrays (better-sqlite3's `raw(true)`), as
 * better-sqlite3 makes its own: the same keys in the same order, a repeated name keeping its last
 * value. Null when a column is named __proto__: an own property of that name cannot be made by
 * assignment, and the caller reads such a statement's own objects instead.
 */
export function rowBuilder(names: readonly string[]): ((values: readonly unknown[]) => Row) | null {
  if (names.includes('__proto__')) return null;
  return (values) => {
    const row: Row = {};
    for (let i = 0; i < names.length; i += 1) row[names[i]!] = values[i];
    return row;
  };
}
