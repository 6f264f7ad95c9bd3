import type { SettingDeclaration } from '../../../settings/declaration.js';

export const CONSENT_SETTINGS = [] as const satisfies readonly SettingDeclaration[];
