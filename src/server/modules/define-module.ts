import type { Migration } from '../db/migrate.js';
import type { JobDefinition } from '../jobs/types.js';
import type { ActionDefinition } from '../resources/actions.js';
import type { FastifyInstance } from 'fastify';
import type { Resource, WriteHooks } from '../resources/define.js';
import type { CoreSettingName } from '../settings/catalogue.js';
import type { SettingDeclaration } from '../settings/declaration.js';
import type { RequestTakeover } from '../resources/takeovers.js';
import type { SeedContext } from '../seed/context.js';

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
   * Settings the module reads, declared here only: the catalogue (src/server/settings/catalogue.ts)
   * is every module's, and their names and kinds type readSetting.
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
  /**
   * The module's demo data, written at a test-mode first start (src/server/seed/demo.ts) in
   * module order: a module reads what earlier ones seeded (ctx.seeded) and draws from the demo's
   * one seeded generator, so every fresh demo is the same. Import the seeding code inside the
   * hook: the demo's generator is loaded only to seed it.
   */
  seed?: ModuleSeed;
}

/**
 * A module's demo seed. Declare it as a typed constant beside the definition and import the
 * seeding code inside it: a hook written inline would have its type inferred with the module's,
 * and the table types (db/resource-tables.ts), read from the modules, would then wait on the
 * database types the hook uses: a circle tsc refuses.
 */
export type ModuleSeed = (ctx: SeedContext) => Promise<void>;

export interface ModuleSwitch {
  setting: CoreSettingName;
  /** pt-PT: what is off and where to turn it on. */
  offMessage: string;
}

export type Module = Required<Pick<ModuleDefinition, 'actions' | 'settings' | 'migrations' | 'jobs'>> & ModuleDefinition;

/**
 * A module. Its settings keep their literal names and kinds, which type the catalogue's readers;
 * its resources their names and fields, from which every record type is derived (record-types.ts).
 */
export function defineModule<const Settings extends readonly SettingDeclaration[] = readonly [], const Resources extends readonly Resource[] = readonly Resource[]>(
  definition: ModuleDefinition & { settings?: Settings; resources: Resources },
): Module & { settings: Settings; resources: Resources } {
  return { actions: [], settings: [] as unknown as Settings, migrations: [], jobs: [], ...definition };
}
