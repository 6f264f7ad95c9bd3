import type SQLite from 'better-sqlite3';

/**
 * Text as search compares it: lower case, accents and cedillas dropped ("João" -> "joao",
 * "Conceição" -> "conceicao"), because people type names without them.
 * PostgreSQL does the same with the `associa_fold` SQL function (unaccent + lower), SQLite
 * with a function of this name registered on its connection, and FTS5's trigram tokenizer
 * with remove_diacritics.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export const FOLD_FUNCTION = 'associa_fold';

/** Registers the fold function on a SQLite connection: every connection that reads indexes or orders on folded text needs it. */
export function registerFold(conn: SQLite.Database): void {
  conn.function(FOLD_FUNCTION, { deterministic: true }, (value: unknown) => (value === null ? null : foldText(String(value))));
}
