import { settingProblem } from '../../core/settings-schema.js';
import { invalidRecord } from '../errors.js';
import type { Row } from '../db/database.js';
import { SETTINGS } from './catalogue.js';

const RENAME_REFUSED = 'O nome de uma configuração do sistema não pode ser alterado.';

/**
 * Refuses (422, pt-PT) a write that would store a value its declaration does not allow, or
 * rename a declared setting. Settings nobody declared (an administrator's own) stay free text.
 */
export function checkSettingWrite(values: Row, existing: Row | undefined): void {
  const oldName = existing === undefined ? undefined : String(existing.name);
  const name = values.name === undefined ? oldName! : String(values.name);
  if (oldName !== undefined && name !== oldName && SETTINGS.get(oldName)) throw invalidRecord({ name: RENAME_REFUSED });
  const declaration = SETTINGS.get(name);
  if (!declaration) return;
  const value = values.value ?? existing?.value ?? '';
  const problem = settingProblem(declaration, String(value)) ?? (String(value) === '' ? null : (declaration.check?.(String(value)) ?? null));
  if (problem) throw invalidRecord({ value: problem });
}
