import type { OrgType } from '../../core/contract.js';
import type { SettingSchema } from '../../core/settings-schema.js';
import type { appModules } from '../modules/index.js';
import type { Module } from '../modules/define-module.js';
import { defaultOf, type SettingDeclaration } from './declaration.js';

export interface SettingsCatalogue {
  /** Every declaration, in order: the order of a page's settings on screen. */
  readonly all: readonly SettingDeclaration[];
  get(name: string): SettingDeclaration | undefined;
  /** Name → initial value for a new organisation of this type. */
  defaults(orgType: OrgType): Record<string, string>;
  /** What clients see: the declarations without their defaults. */
  schema(): SettingSchema[];
}

/** One catalogue of the declaration lists given (a list per domain or module); a name declared twice is a programming error. */
function createSettingsCatalogue(...lists: readonly (readonly SettingDeclaration[])[]): SettingsCatalogue {
  const all = lists.flat();
  const byName = new Map<string, SettingDeclaration>();
  for (const declaration of all) {
    if (byName.has(declaration.name)) throw new Error(`Setting ${declaration.name} is declared twice`);
    byName.set(declaration.name, declaration);
  }
  return {
    all,
    get: (name) => byName.get(name),
    defaults: (orgType) => Object.fromEntries(all.map((d) => [d.name, defaultOf(d, orgType)])),
    schema: () => all.map(({ default: _default, check: _check, serverValue: _serverValue, ...schema }) => schema),
  };
}

// The catalogue is the modules' own settings: the module list (src/server/modules/index.ts)
// installs it once it is written. It is not built by importing that list here, since the
// modules' code reads settings through this file: that would be an import cycle.
let installed: SettingsCatalogue | undefined;

/** Makes `modules`' settings the server's catalogue (called by the module list). */
export function installSettings(modules: readonly Module[]): void {
  installed = createSettingsCatalogue(...modules.map((module) => module.settings));
}

function catalogue(): SettingsCatalogue {
  if (!installed) throw new Error('Settings read before the modules are listed: import src/server/modules/index.js first');
  return installed;
}

/** The settings of this server: every module's, in module order. */
export const SETTINGS: SettingsCatalogue = {
  get all() {
    return catalogue().all;
  },
  get: (name) => catalogue().get(name),
  defaults: (orgType) => catalogue().defaults(orgType),
  schema: () => catalogue().schema(),
};

/** Every declared setting, with its literal name and kind, read from the modules' types. */
type CoreSetting = (typeof appModules)[number]['settings'][number];
export type CoreSettingName = CoreSetting['name'];
type ValueOfKind<K> = K extends 'boolean' ? boolean : K extends 'integer' | 'decimal' ? number : string;
/** The type a reader gets for a declared setting: boolean, number or string by its kind. */
export type SettingValue<N extends CoreSettingName> = ValueOfKind<Extract<CoreSetting, { name: N }>['kind']>;
