import { TERMINOLOGY_DEFAULTS, type Terminology } from '../../core/contract.js';
import type { SettingSchema } from '../../core/settings-schema.js';
import type { SettingDeclaration } from './declaration.js';

/** A terminology word: public (the host builds its menus and addresses from it), defaulting by organisation type. */
export function terminologyWord<N extends keyof Terminology>(name: N, label: string, hint: string | undefined, extra: Partial<SettingSchema> = {}) {
  const declaration: SettingDeclaration = {
    kind: 'text', label, hint, required: true, maxLength: 60, page: 'members', readers: 'public',
    default: (orgType) => TERMINOLOGY_DEFAULTS[orgType][name], ...extra, name,
  };
  return declaration as SettingDeclaration & { name: N; kind: 'text' };
}
