import type { OrgType } from '../../core/contract.js';
import { settingProblem } from '../../core/settings-schema.js';
import type { Db } from '../db/database.js';
import { SETTINGS, type CoreSettingName, type SettingValue } from './catalogue.js';
import { defaultOf, type SettingDeclaration } from './declaration.js';

function typed(declaration: SettingDeclaration, text: string): boolean | number | string {
  if (declaration.kind === 'boolean') return text === 'true';
  if (declaration.kind === 'integer' || declaration.kind === 'decimal') return Number(text);
  return text;
}

async function storedValue(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst();
  return row === undefined || row.value === null ? undefined : String(row.value);
}

/**
 * A declared setting's value, typed by its kind. A missing row or a value its declaration
 * refuses (stored before writes were checked, or by hand) reads as the default: a typo in a
 * setting must not end every session or delete the audit trail.
 */
export async function readSetting<N extends CoreSettingName>(db: Db, name: N): Promise<SettingValue<N>> {
  const declaration = SETTINGS.get(name)!;
  const stored = await storedValue(db, name);
  if (stored !== undefined && settingProblem(declaration, stored) === null) return typed(declaration, stored) as SettingValue<N>;
  const orgType: OrgType = (await storedValue(db, 'orgType')) === 'cooperative' ? 'cooperative' : 'association';
  return typed(declaration, defaultOf(declaration, orgType)) as SettingValue<N>;
}

/** Several declared settings in one query, typed as readSetting types each (for a hot path that reads many). */
export async function readSettings<N extends CoreSettingName>(db: Db, names: readonly N[]): Promise<{ [K in N]: SettingValue<K> }> {
  const rows = await db.selectFrom('settings').select(['name', 'value']).where('name', 'in', [...names, 'orgType']).execute();
  const stored = new Map(rows.filter((row) => row.value !== null).map((row) => [String(row.name), String(row.value)]));
  const orgType: OrgType = stored.get('orgType') === 'cooperative' ? 'cooperative' : 'association';
  const values: Record<string, boolean | number | string> = {};
  for (const name of names) {
    const declaration = SETTINGS.get(name)!;
    const text = stored.get(name);
    values[name] = typed(declaration, text !== undefined && settingProblem(declaration, text) === null ? text : defaultOf(declaration, orgType));
  }
  return values as { [K in N]: SettingValue<K> };
}
