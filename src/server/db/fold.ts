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
