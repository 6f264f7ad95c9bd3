import type { Migration } from '../db/migrate.js';
import type { JobDefinition } from '../jobs/types.js';
import type { ActionDefinition } from '../resources/actions.js';
import type { FastifyInstance } from 'fastify';
import type { Resource, WriteHooks } from '../resources/define.js';
import type { CoreSettingName } from '../settings/catalogue.js';
import type { SettingDeclaration } from '../settings/declaration.js';
import type { RequestTakeover } from '../resources/takeovers.js';

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
  /** Background jobs the module runs (on a schedule, on demand, or both): src/server/jobs. */
  jobs?: readonly JobDefinition[];
  /**
   * Hooks on other modules' resources, run after the resource's own in the same transaction
   * (dues raises a newcomer's first debts when a member is created). Keyed by resource name.
   */
  extends?: Readonly<Record<string, WriteHooks>>;
  /** Routes beyond resources and actions (reads that are no resource: a statement, payment advice). */
  routes?: (app: FastifyInstance) => void;
  /** Other answers on its resources' own list or record address, for requests that ask for them (src/server/resources/takeovers.ts). */
  takeovers?: readonly RequestTakeover[];
  /**
   * An optional module's switch (hasTreasury): while the boolean setting is off, every route of
   * its resources and its own routes answer 404 with `offMessage`, and the explainer leaves its
   * resources out (module-switch.ts). Settings stay writable, so an admin can turn it on.
   */
  enabledBy?: ModuleSwitch;
}

export interface ModuleSwitch {
  setting: CoreSettingName;
  /** pt-PT: what is off and where to turn it on. */
  offMessage: string;
}

export type Module = Required<Pick<ModuleDefinition, 'actions' | 'settings' | 'migrations' | 'jobs'>> & ModuleDefinition;

export function defineModule(definition: ModuleDefinition): Module {
  return { actions: [], settings: [], migrations: [], jobs: [], ...definition };
}
