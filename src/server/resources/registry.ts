import type { Module } from '../modules/define-module.js';
import type { ActionDefinition } from './actions.js';
import type { Resource } from './define.js';
import { linkRelatedSearch } from './search.js';
import { withAuditLog } from './audit-log.js';
import { jobsResource } from '../jobs/resource.js';
import { withExtensions } from './hook-chain.js';
import type { RequestTakeover } from './takeovers.js';

/**
 * What the engine serves, built from the modules the app was given: routes, the explainer,
 * OpenAPI, validation and the audit trail all read it instead of a global list.
 */
export interface Registry {
  modules: readonly Module[];
  /** Every resource, in module order, then the audit trail of them all and the jobs. */
  resources: readonly Resource[];
  resourceByName(name: string): Resource | undefined;
  actions: readonly ActionDefinition[];
  actionsOf(resource: Resource): readonly ActionDefinition[];
  /** Other answers on the generic list and read routes, by the modules that own the resources. */
  takeovers: readonly RequestTakeover[];
}

declare module 'fastify' {
  interface FastifyInstance {
    registry: Registry;
  }
}

// bulk_update and bulk_delete: every resource's bulk routes (resources/bulk).
const RESERVED = new Set(['validate', 'history', 'bulk_update', 'bulk_delete']);

export function createRegistry(modules: readonly Module[]): Registry {
  const actions = modules.flatMap((m) => m.actions);
  // The engine's own read-only resources last: the audit trail, then the background jobs.
  const resources = linkRelatedSearch([
    ...withAuditLog(modules.flatMap((m) => m.resources.map((r) => withExtensions(r, modules))), actions),
    jobsResource(modules.flatMap((m) => m.jobs)),
  ]);
  for (const module of modules) {
    for (const name of Object.keys(module.extends ?? {})) {
      if (!resources.some((r) => r.name === name)) throw new Error(`Module ${module.name} extends an unknown resource: ${name}.`);
    }
  }
  const byName = new Map(resources.map((r) => [r.name, r]));
  if (byName.size !== resources.length) throw new Error('Two modules declare a resource with the same name.');
  for (const action of actions) {
    if (!byName.has(action.resource)) throw new Error(`Action ${action.name} names an unknown resource: ${action.resource}.`);
    // These segments already mean something under /{resource} and /{resource}/{id}.
    if (!/^[a-z][a-z0-9_]*$/.test(action.name) || RESERVED.has(action.name) || byName.has(action.name)) {
      throw new Error(`Action ${action.resource}.${action.name}: the name must be a new lower-case URL segment.`);
    }
  }
  const seen = new Set(actions.map((a) => `${a.resource}.${a.on}.${a.name}`));
  if (seen.size !== actions.length) throw new Error('Two actions of one resource share a name.');
  const takeovers = modules.flatMap((m) => m.takeovers ?? []);
  for (const takeover of takeovers) {
    if (!byName.has(takeover.resource)) throw new Error(`A takeover names an unknown resource: ${takeover.resource}.`);
  }
  return {
    modules,
    resources,
    resourceByName: (name) => byName.get(name),
    actions,
    actionsOf: (resource) => actions.filter((a) => a.resource === resource.name),
    takeovers,
  };
}
