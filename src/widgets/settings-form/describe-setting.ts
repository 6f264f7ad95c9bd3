// How a setting is shown and checked: its declaration from the server's schema
// (GET /api/settings/schema), or, for a setting nobody declared (an administrator's own), its
// own name and a control guessed from its value.
import { settingProblem, type SettingSchema } from '../../core/settings-schema.js';

export function describeSetting(schema: readonly SettingSchema[], name: string, value: string): SettingSchema {
  const declared = schema.find((s) => s.name === name);
  if (declared) return declared;
  return { name, label: name, kind: value === 'true' || value === 'false' ? 'boolean' : 'text', page: null, readers: 'authenticated' };
}

/**
 * Why a value cannot be saved, in pt-PT, or null. The server refuses the same values with the
 * same words; checking first keeps a form with one bad field from saving the others.
 */
export function valueProblem(schema: readonly SettingSchema[], name: string, value: string): string | null {
  const declared = schema.find((s) => s.name === name);
  return declared ? settingProblem(declared, value) : null;
}
