// Which settings a form shows: those of a settings page, in the order the server declares
// them, or an explicit list of names.
import type { SettingSchema } from '../../core/settings-schema.js';

/** The names of a page's settings, in declaration order. */
export function pageNames(schema: readonly SettingSchema[], page: string): string[] {
  return schema.filter((s) => s.page === page).map((s) => s.name);
}

/** Parses a `names` attribute: comma-separated, blanks ignored, order kept. */
export function parseNames(names: string | undefined): string[] | null {
  if (names === undefined) return null;
  return [...new Set(names.split(',').map((n) => n.trim()).filter(Boolean))];
}
