import { settingProblem } from '../../core/settings-schema.js';
import { invalidRecord } from '../errors.js';
import type { Row } from '../db/database.js';
import { SETTINGS } from './catalogue.js';
import type { SettingDeclaration } from './declaration.js';

const RENAME_REFUSED = 'O nome de uma configuração do sistema não pode ser alterado.';

/** Why a read-only setting refuses every change through the API, in pt-PT. */
function readOnlyRefusal(declaration: SettingDeclaration): string {
  return `«${declaration.label}» é definida pelo servidor e não se altera aqui${declaration.changedIn ? `: ${declaration.changedIn}` : '.'}`;
}

/**
 * Refuses (422, pt-PT) a write that would store a value its declaration does not allow, rename a
 * declared setting, or touch a read-only one (the server writes those itself at every start).
 * Settings nobody declared (an administrator's own) stay free text.
 */
export function checkSettingWrite(values: Row, existing: Row | undefined): void {
  const oldName = existing === undefined ? undefined : String(existing.name);
  const name = values.name === undefined ? oldName! : String(values.name);
  const readOnly = [oldName, name].map((n) => (n === undefined ? undefined : SETTINGS.get(n))).find((d) => d?.readOnly);
  if (readOnly) throw invalidRecord({ value: readOnlyRefusal(readOnly) });
  if (oldName !== undefined && name !== oldName && SETTINGS.get(oldName)) throw invalidRecord({ name: RENAME_REFUSED });
  const declaration = SETTINGS.get(name);
  if (!declaration) return;
  const value = values.value ?? existing?.value ?? '';
  const problem = settingProblem(declaration, String(value)) ?? (String(value) === '' ? null : (declaration.check?.(String(value)) ?? null));
  if (problem) throw invalidRecord({ value: problem });
}

/** Refuses (422, pt-PT) deleting a read-only setting: its row is the server's answer to every reader. */
export function checkSettingDelete(existing: Row): void {
  const declaration = SETTINGS.get(String(existing.name));
  if (declaration?.readOnly) throw invalidRecord({ value: readOnlyRefusal(declaration) });
}
