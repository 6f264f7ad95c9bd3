import type { FastifyInstance, RouteOptions, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/database.js';
import { notFound } from '../errors.js';
import { readSetting } from '../settings/read.js';
import type { Module, ModuleSwitch } from './define-module.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The setting that turns the route's module on: while it is off the route answers 404 (module-switch.ts). */
    enabledBy?: string;
  }
}

/** Each switched module's resources, by name, with the switch that turns them on. */
function switchedResources(modules: readonly Module[]): Map<string, ModuleSwitch> {
  return new Map(modules.flatMap((module) => (module.enabledBy ? module.resources.map((resource) => [resource.name, module.enabledBy!] as const) : [])));
}

const isSwitchedOn = async (db: Db, moduleSwitch: ModuleSwitch): Promise<boolean> => (await readSetting(db, moduleSwitch.setting)) === true;

/** The names of the resources whose module is switched off now (the explainer leaves them out). */
export async function switchedOffResources(db: Db, modules: readonly Module[]): Promise<Set<string>> {
  const off = new Set<string>();
  for (const module of modules) {
    if (module.enabledBy && !(await isSwitchedOn(db, module.enabledBy))) for (const resource of module.resources) off.add(resource.name);
  }
  return off;
}

/** Puts the switch's check before the route's handler: 404 with the module's message while it is off. */
function gateRoute(db: Db, route: RouteOptions, moduleSwitch: ModuleSwitch): void {
  if (route.config?.enabledBy) return;
  route.config = { ...route.config, enabledBy: moduleSwitch.setting };
  const check: preHandlerAsyncHookHandler = async () => {
    if (!(await isSwitchedOn(db, moduleSwitch))) throw notFound(moduleSwitch.offMessage);
  };
  route.preHandler = [check, ...[route.preHandler ?? []].flat()];
}

/**
 * The engine's switch per module (ModuleDefinition.enabledBy), for every route registered after
 * it: a route whose path names a switched resource (/api/{resource}..., a nested
 * /api/{parent}/:id/{resource}, the bulk and action routes) answers 404 while its module is off.
 * Call first in buildApp, at the root, so it sees every route.
 */
export function moduleSwitches(app: FastifyInstance, modules: readonly Module[]): void {
  const switched = switchedResources(modules);
  if (switched.size === 0) return;
  const { db } = app.ctx.database;
  app.addHook('onRoute', (route) => {
    const named = route.url.split('/').find((segment) => switched.has(segment));
    if (named) gateRoute(db, route, switched.get(named)!);
  });
}

/** A switched module's own routes (its `routes`), registered in `scope`, answer 404 while it is off. */
export function switchModuleRoutes(scope: FastifyInstance, module: Module): void {
  const moduleSwitch = module.enabledBy;
  if (!moduleSwitch) return;
  const { db } = scope.ctx.database;
  scope.addHook('onRoute', (route) => gateRoute(db, route, moduleSwitch));
}
