import type { Migration } from '../db/migrate.js';
import type { ActionDefinition } from '../resources/actions.js';
import type { Resource } from '../resources/define.js';
import type { SettingDeclaration } from '../settings/declaration.js';

/**
 * One domain (members, users, dues...): its resources, the commands it adds to them, its
 * settings and its migrations. The app lists its modules once (src/server/modules/index.ts)
 * and hands them to the engine, which serves, explains and describes whatever they declare.
 */
export interface ModuleDefinition {
  name: string;
  resources: readonly Resource[];
  actions?: readonly ActionDefinition[];
  /**
   * Settings the module reads, typed. The catalogue (src/server/settings/catalogue.ts) imports
   * the same lists, since the settings resource checks writes against it.
   */
  settings?: readonly SettingDeclaration[];
  migrations?: readonly Migration[];
}

export type Module = Required<Pick<ModuleDefinition, 'actions' | 'settings' | 'migrations'>> & ModuleDefinition;

export function defineModule(definition: ModuleDefinition): Module {
  return { actions: [], settings: [], migrations: [], ...definition };
}
