import type { SettingDeclaration } from '../../../settings/declaration.js';

export const ERASURE_SETTINGS = [] as const satisfies readonly SettingDeclaration[];
