import type { JobDefinition } from './types.js';

/** The job kinds an app's modules declare, by name. */
export interface JobRegistry {
  definitions: readonly JobDefinition[];
  /** Every declared name: the kinds this instance claims (a kind it does not know is left to one that does). */
  names: readonly string[];
  byName(name: string): JobDefinition | undefined;
  /** The declared names by lane (JobDefinition.lane): each lane is claimed and run apart. */
  lanes: ReadonlyMap<string, readonly string[]>;
}

const MAIN_LANE = 'main';

const NAME = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;

/** Checked at start-up, like resources: a bad declaration stops the server rather than a run. */
export function createJobRegistry(modules: readonly { jobs?: readonly JobDefinition[] }[]): JobRegistry {
  const definitions = modules.flatMap((module) => module.jobs ?? []);
  const byName = new Map<string, JobDefinition>();
  for (const definition of definitions) {
    if (!NAME.test(definition.name)) throw new Error(`Job ${definition.name}: the name must be lower-case words joined by dots, e.g. dues.generate.`);
    if (byName.has(definition.name)) throw new Error(`Two modules declare the job ${definition.name}.`);
    if (!definition.label.trim()) throw new Error(`Job ${definition.name}: the label (pt-PT) is missing.`);
    if (definition.maxAttempts !== undefined && (!Number.isInteger(definition.maxAttempts) || definition.maxAttempts < 1)) {
      throw new Error(`Job ${definition.name}: maxAttempts must be a positive integer.`);
    }
    byName.set(definition.name, definition);
  }
  const lanes = new Map<string, string[]>();
  for (const definition of definitions) {
    const lane = definition.lane ?? MAIN_LANE;
    lanes.set(lane, [...(lanes.get(lane) ?? []), definition.name]);
  }
  return { definitions, names: [...byName.keys()], byName: (name) => byName.get(name), lanes };
}
